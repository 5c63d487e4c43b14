import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useState } from 'react';
import type { Key } from 'react-aria-components';
import {
  LANDING_PAGES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  ALWAYS_ON_EVENTS,
  PROFILE_NAME_MAX,
  PROFILE_PHONE_MAX,
  PROFILE_THEMES,
  PROFILE_TITLE_MAX,
  WEEK_DAYS,
  type NotificationSettings,
  type PasswordChange,
  type Profile,
  type ProfileTheme,
  type ProfileUpdate,
} from '@contracts/people';
import { notificationsSaveMachine, passwordMachine, profileMachine, profileSaveMachine, tableSizesMachine, tableSizesSaveMachine } from '../machines/people.machines';
import { REMEMBERED_TABLES, type TableSizes } from '../api';
import { DEFAULT_ROWS_PER_PAGE, ROWS_PER_PAGE_ALL } from '@contracts/common/constants';
import { PAGE_SIZE_CHOICES } from '@contracts/staff-preferences';
import type { SubmitNotices } from '@/shared/machines/submit.machine';
import { ReceivedKudosCard } from '@/features/forms';
import { Card, Checkbox, CheckboxGroup, ComboBox, Form, FormActions, FormErrorBanner, FormGrid, Button, PageHeader, QueryView, Select, SkeletonCard, SkeletonText, TextField, VisuallyHidden } from '@/shared/ui/components';
import { ProfileAvatar } from './ProfileAvatar';
import styles from './ProfileScreen.module.css';

const BROWSER_ZONE = '';
const ZONES = [
  { id: BROWSER_ZONE, label: "This browser's time zone" },
  ...Intl.supportedValuesOf('timeZone').map((z) => ({ id: z, label: z.replaceAll('_', ' ') })),
];
const THEME_LABELS: Record<ProfileTheme, string> = { light: 'Light', dark: 'Dark', system: 'Same as the device' };
const THEMES = PROFILE_THEMES.map((t) => ({ id: t, label: THEME_LABELS[t] }));
const LANDINGS = LANDING_PAGES.map((p) => ({ id: p.route, label: p.label }));
const PROFILE_NOTICES: SubmitNotices<ProfileUpdate, Profile> = { saved: () => 'Profile saved', failed: 'The profile was not saved' };
const NOTICE_NOTICES: SubmitNotices<NotificationSettings, Profile> = { saved: () => 'Notification settings saved', failed: 'The notification settings were not saved' };
const PASSWORD_NOTICES: SubmitNotices<PasswordChange, { otherSessionsEnded: number }> = {
  saved: (r) => ({
    title: 'Password changed',
    description: r.otherSessionsEnded ? `Signed out of ${r.otherSessionsEnded} other session${r.otherSessionsEnded === 1 ? '' : 's'}; this one stays signed in.` : 'You stay signed in here.',
  }),
  failed: 'The password was not changed',
};

/** Who the person is and how the app works for them: name, title, phone, time zone, hours, theme, landing page. */
function AboutYou({ profile }: { profile: Profile }) {
  const form = useActorRef(profileSaveMachine, { input: { notices: PROFILE_NOTICES } });
  const fieldErrors = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const refusals = useSelector(form, (s) => s.context.refusals);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const [v, setV] = useState({
    name: profile.name,
    title: profile.title ?? '',
    phone: profile.phone ?? '',
    timeZone: profile.timeZone ?? BROWSER_ZONE,
    start: profile.workingHours.start,
    end: profile.workingHours.end,
    days: profile.workingHours.days.map(String),
    theme: profile.theme,
    landingPage: profile.landingPage,
  });
  const input = (): ProfileUpdate => ({
    name: v.name,
    title: v.title,
    phone: v.phone,
    timeZone: v.timeZone === BROWSER_ZONE ? null : v.timeZone,
    workingHours: { start: v.start, end: v.end, days: v.days.map(Number).sort() },
    theme: v.theme,
    landingPage: v.landingPage,
  });
  const set =
    <K extends keyof typeof v>(key: K, field: string = key) =>
    (value: (typeof v)[K]) => {
      setV((old) => ({ ...old, [key]: value }));
      form.send({ type: 'form.change', field });
    };
  return (
    <Card>
      <h2 className={styles.heading}>About you</h2>
      <Form
        aria-label="About you"
        onSubmit={(e) => {
          e.preventDefault();
          form.send({ type: 'form.submit', input: input() });
        }}
        validationErrors={fieldErrors}
        refusals={refusals}
        onFieldBlur={(field) => form.send({ type: 'form.blur', field, input: input() })}
      >
        <FormErrorBanner title={error ?? undefined} />
        <FormGrid columns={2}>
          <TextField label="Name" name="name" value={v.name} onChange={set('name')} maxLength={PROFILE_NAME_MAX} isRequired errorMessage={fieldErrors.name} />
          <TextField label="Title" name="title" value={v.title} onChange={set('title')} maxLength={PROFILE_TITLE_MAX} errorMessage={fieldErrors.title} />
          <TextField label="Phone" name="phone" type="tel" value={v.phone} onChange={set('phone')} maxLength={PROFILE_PHONE_MAX} errorMessage={fieldErrors.phone} />
          <TextField label="Email" name="email" value={profile.email} isReadOnly description={profile.managerName ? `Reports to ${profile.managerName}` : 'At the top of the organisation'} />
          <ComboBox
            label="Time zone"
            name="timeZone"
            items={ZONES}
            selectedKey={v.timeZone}
            defaultInputValue={ZONES.find((z) => z.id === v.timeZone)?.label}
            onSelectionChange={(k: Key | null) => set('timeZone')(k === null ? BROWSER_ZONE : String(k))}
            description="Dates, the timesheet and reports use it instead of the browser's."
            errorMessage={fieldErrors.timeZone}
          />
          <Select label="Landing page" name="landingPage" items={LANDINGS} value={v.landingPage} onChange={(k: Key | null) => set('landingPage')(String(k))} description="Where you land after signing in." errorMessage={fieldErrors.landingPage} />
          <TextField label="Working hours start" name="workingHours.start" type="time" value={v.start} onChange={set('start', 'workingHours.start')} errorMessage={fieldErrors['workingHours.start']} />
          <TextField label="Working hours end" name="workingHours.end" type="time" value={v.end} onChange={set('end', 'workingHours.end')} errorMessage={fieldErrors['workingHours.end']} />
          <CheckboxGroup label="Working days" name="workingHours.days" orientation="horizontal" value={v.days} onChange={set('days', 'workingHours.days')} errorMessage={fieldErrors['workingHours.days']}>
            {WEEK_DAYS.map((d) => (
              <Checkbox key={d.day} value={String(d.day)}>
                {d.label}
              </Checkbox>
            ))}
          </CheckboxGroup>
          <Select label="Theme" name="theme" items={THEMES} value={v.theme} onChange={(k: Key | null) => set('theme')(k as ProfileTheme)} errorMessage={fieldErrors.theme} />
        </FormGrid>
        <FormActions>
          <Button type="submit" variant="primary" isPending={busy}>
            Save profile
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}

/** Which notices reach the person on which channel, and the quiet hours that hold email back. */
function Notices({ profile }: { profile: Profile }) {
  const form = useActorRef(notificationsSaveMachine, { input: { notices: NOTICE_NOTICES } });
  const fieldErrors = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const [on, setOn] = useState(() => new Set(profile.notifications.filter((n) => n.enabled).map((n) => `${n.event}:${n.channel}`)));
  const [quiet, setQuiet] = useState({ from: profile.quietHours?.from ?? '', to: profile.quietHours?.to ?? '' });
  const input = (): NotificationSettings => ({
    quietHours: quiet.from || quiet.to ? { from: quiet.from, to: quiet.to } : null,
    notifications: NOTIFICATION_EVENTS.flatMap((e) => NOTIFICATION_CHANNELS.map((c) => ({ event: e.event, channel: c.channel, enabled: on.has(`${e.event}:${c.channel}`) }))),
  });
  return (
    <Card>
      <h2 className={styles.heading}>Notifications</h2>
      <Form
        aria-label="Notifications"
        onSubmit={(e) => {
          e.preventDefault();
          form.send({ type: 'form.submit', input: input() });
        }}
        validationErrors={fieldErrors}
      >
        <FormErrorBanner title={error ?? fieldErrors.notifications} />
        <table className={styles.matrix}>
          <caption className={styles.caption}>Which notices reach you, and where</caption>
          <thead>
            <tr>
              <th scope="col">Notice</th>
              {NOTIFICATION_CHANNELS.map((c) => (
                <th scope="col" key={c.channel}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_EVENTS.map((e) => (
              <tr key={e.event}>
                <th scope="row">{e.label}</th>
                {NOTIFICATION_CHANNELS.map((c) => {
                  const key = `${e.event}:${c.channel}`;
                  const always = ALWAYS_ON_EVENTS.includes(e.event);
                  return (
                    <td key={c.channel}>
                      <Checkbox
                        isSelected={always || on.has(key)}
                        isDisabled={always}
                        onChange={(checked) => {
                          setOn((old) => {
                            const next = new Set(old);
                            if (checked) next.add(key);
                            else next.delete(key);
                            return next;
                          });
                          form.send({ type: 'form.change', field: 'notifications' });
                        }}
                      >
                        <VisuallyHidden>{`${e.label}: ${c.label}${always ? ' (always on)' : ''}`}</VisuallyHidden>
                      </Checkbox>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <FormGrid columns={2}>
          <TextField label="Quiet hours from" name="quietHours.from" type="time" value={quiet.from} onChange={(from) => setQuiet((q) => ({ ...q, from }))} description="No email in these hours, in your time zone; security notices still come." errorMessage={fieldErrors['quietHours.from'] ?? fieldErrors.quietHours} />
          <TextField label="Quiet hours to" name="quietHours.to" type="time" value={quiet.to} onChange={(to) => setQuiet((q) => ({ ...q, to }))} errorMessage={fieldErrors['quietHours.to']} />
        </FormGrid>
        <FormActions>
          <Button type="submit" variant="primary" isPending={busy}>
            Save notifications
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}

/** The password change: the current one is required; other sessions end, this one stays. */
function Password() {
  const form = useActorRef(passwordMachine, { input: { notices: PASSWORD_NOTICES } });
  const fieldErrors = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const refusals = useSelector(form, (s) => s.context.refusals);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const [v, setV] = useState({ current: '', next: '' });
  return (
    <Card>
      <h2 className={styles.heading}>Password</h2>
      <Form
        aria-label="Change password"
        onSubmit={(e) => {
          e.preventDefault();
          form.send({ type: 'form.submit', input: v });
        }}
        validationErrors={fieldErrors}
        refusals={refusals}
      >
        <FormErrorBanner title={error ?? undefined} />
        <FormGrid columns={2}>
          <TextField label="Current password" name="current" type="password" autoComplete="current-password" value={v.current} onChange={(current) => { setV((o) => ({ ...o, current })); form.send({ type: 'form.change', field: 'current' }); }} errorMessage={fieldErrors.current} isRequired />
          <TextField label="New password" name="next" type="password" autoComplete="new-password" value={v.next} onChange={(next) => { setV((o) => ({ ...o, next })); form.send({ type: 'form.change', field: 'next' }); }} description="At least 8 characters; not a common password. Your other sessions are signed out." errorMessage={fieldErrors.next} isRequired />
        </FormGrid>
        <FormActions>
          <Button type="submit" variant="primary" isPending={busy}>
            Change password
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}

const SIZES_NOTICES: SubmitNotices<{ sizes: TableSizes; before: TableSizes }, TableSizes> = { saved: () => 'Rows per page saved', failed: 'Rows per page were not saved' };
const SIZE_ITEMS = PAGE_SIZE_CHOICES.map((n) => ({ id: String(n), label: n === ROWS_PER_PAGE_ALL ? 'All' : `${n} rows` }));

/** The rows per page of each search table: the size the table itself remembers when changed there. */
function RowsPerPageForm({ saved }: { saved: TableSizes }) {
  const form = useActorRef(tableSizesSaveMachine, { input: { notices: SIZES_NOTICES } });
  const error = useSelector(form, (s) => s.context.error);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  // What the server holds: the last save's answer, or what was read.
  const before = useSelector(form, (s) => (s.context.result as TableSizes | undefined) ?? saved);
  const [sizes, setSizes] = useState(saved);
  return (
    <Form
      aria-label="Rows per page"
      onSubmit={(e) => {
        e.preventDefault();
        form.send({ type: 'form.submit', input: { sizes, before } });
      }}
    >
      <FormErrorBanner title={error ?? undefined} />
      <FormGrid columns={2}>
        {REMEMBERED_TABLES.map(({ table, label }) => (
          <Select
            key={table}
            label={label}
            name={table}
            items={SIZE_ITEMS}
            value={String(sizes[table] ?? DEFAULT_ROWS_PER_PAGE)}
            onChange={(k: Key | null) => (k === null ? undefined : setSizes((o) => ({ ...o, [table]: Number(k) })))}
          />
        ))}
      </FormGrid>
      <FormActions>
        <Button type="submit" variant="primary" isPending={busy}>
          Save rows per page
        </Button>
      </FormActions>
    </Form>
  );
}

function RowsPerPage() {
  const query = useActorRef(tableSizesMachine, { input: { query: null } });
  return (
    <Card>
      <h2 className={styles.heading}>Rows per page</h2>
      <p>How many rows each search table shows you. Changing it on the table itself changes it here too.</p>
      <QueryView actor={query} errorFallback="Your rows per page could not be loaded" loading={<SkeletonCard label="Loading rows per page" />}>
        {(saved) => <RowsPerPageForm saved={saved} />}
      </QueryView>
    </Card>
  );
}

/** /user/options: the signed-in person's own profile. */
export default function ProfileScreen() {
  const query = useActorRef(profileMachine, { input: { query: null } });
  return (
    <div className={styles.page}>
      <PageHeader title="Profile" subtitle="Who you are, how the app shows times and pages to you, and which notices reach you." />
      <QueryView actor={query} errorFallback="Your profile could not be loaded" loading={<SkeletonCard label="Loading your profile" />}>
        {(profile) => (
          <div className={styles.sections}>
            <ProfileAvatar profile={profile} />
            <AboutYou profile={profile} />
            <Suspense fallback={<SkeletonText lines={3} label="Loading kudos" />}>
              <ReceivedKudosCard person={profile.id} />
            </Suspense>
            <Notices profile={profile} />
            <RowsPerPage />
            <Password />
          </div>
        )}
      </QueryView>
    </div>
  );
}
