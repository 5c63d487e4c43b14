import { useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ROTATION_LENGTHS, WEEKDAYS, rotationParts, rotationRule, type RotationLength, type Schedule, type Weekday } from '@contracts/people-schedule';
import { Alert, Button, Dialog, EmptyState, FormErrorBanner, Select, SkeletonText, TextField } from '@/shared/ui/components';
import { formatDateTime, formatDayHeader, formatTime } from '@/shared/ui/tokens/format';
import type { feedFormMachine, overrideFormMachine, rotationFormMachine, swapFormMachine } from '../machines/schedule-tools.machine';
import { selectDialog, selectFeedForm, selectOverrideForm, selectRotationForm, selectSwapForm, type ScheduleToolsActor } from '../machines/schedule-tools.machine';
import { addDays, instantIn, localParts } from '../schedule-grid';
import styles from './ScheduleScreen.module.css';

type Form = ActorRefFrom<typeof rotationFormMachine> | ActorRefFrom<typeof overrideFormMachine> | ActorRefFrom<typeof swapFormMachine> | ActorRefFrom<typeof feedFormMachine>;
const NO_FORM = { fieldErrors: {} as Record<string, string>, error: null as string | null, busy: false };
/** What a dialog's form shows: the reasons beside each field, the one that belongs to no field, and whether it is sending. */
function useForm(form: Form | undefined) {
  const fieldErrors = useSelector(form, (s) => s?.context.fieldErrors) ?? NO_FORM.fieldErrors;
  const error = useSelector(form, (s) => s?.context.error) ?? null;
  const busy = useSelector(form, (s) => s?.hasTag('busy')) ?? false;
  return { fieldErrors, error, busy };
}

const close = (tools: ScheduleToolsActor) => (open: boolean) => (open ? undefined : tools.send({ type: 'tools.close' }));
const nameOf = (data: Schedule, id: number) => data.people.find((p) => p.id === id)?.name ?? `#${id}`;

function RotationDialog({ tools, data }: { tools: ScheduleToolsActor; data: Schedule }) {
  const form = useSelector(tools, selectRotationForm);
  const { fieldErrors, error, busy } = useForm(form);
  const current = data.rotation;
  const parts = rotationParts(current?.rule ?? 'FREQ=WEEKLY;BYDAY=MO');
  const [members, setMembers] = useState<number[]>(current?.members ?? []);
  const [adding, setAdding] = useState<string>('');
  const [weekday, setWeekday] = useState<Weekday>(parts.weekday);
  const [length, setLength] = useState<RotationLength>(parts.length);
  const [handover, setHandover] = useState(current?.handover ?? '09:00');
  const [startsOn, setStartsOn] = useState(current?.startsOn ?? data.days[0] ?? '');
  const changed = (field: string) => form?.send({ type: 'form.change', field });
  const move = (from: number, to: number) => {
    const next = [...members];
    const [m] = next.splice(from, 1);
    next.splice(to, 0, m!);
    setMembers(next);
    changed('members');
  };
  const others = data.people.filter((p) => !members.includes(p.id));
  const zone = current?.timeZone ?? data.team.timeZone;
  const submit = () =>
    form?.send({ type: 'form.submit', input: { teamId: data.team.id, body: { rule: rotationRule(length, weekday), timeZone: zone, handover, startsOn, members } } });
  return (
    <Dialog
      isOpen
      onOpenChange={close(tools)}
      title="On-call rotation"
      description={`${data.team.name}: who holds the watch in turn, and when it passes on (times in ${zone}).`}
      footer={(x) => (
        <>
          <Button variant="secondary" onPress={x}>
            Cancel
          </Button>
          <Button variant="primary" isPending={busy} onPress={submit}>
            Save rotation
          </Button>
        </>
      )}
    >
      <div className={styles.form}>
        <FormErrorBanner title={error ?? fieldErrors.rule ?? fieldErrors.timeZone ?? undefined} />
        <fieldset className={styles.fieldset} aria-describedby={fieldErrors.members ? 'rotation-members-error' : undefined}>
          <legend>People, in turn</legend>
          {members.length ? (
            <ol className={styles.members}>
              {members.map((id, i) => (
                <li key={id} className={styles.member}>
                  <span className={styles.memberName}>
                    {i + 1}. {nameOf(data, id)}
                  </span>
                  <Button size="sm" variant="quiet" isDisabled={i === 0} onPress={() => move(i, i - 1)} aria-label={`Move ${nameOf(data, id)} up`}>
                    Up
                  </Button>
                  <Button size="sm" variant="quiet" isDisabled={i === members.length - 1} onPress={() => move(i, i + 1)} aria-label={`Move ${nameOf(data, id)} down`}>
                    Down
                  </Button>
                  <Button
                    size="sm"
                    variant="quiet"
                    onPress={() => {
                      setMembers(members.filter((m) => m !== id));
                      changed('members');
                    }}
                    aria-label={`Take ${nameOf(data, id)} off the rotation`}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ol>
          ) : (
            <p className={styles.muted}>Nobody yet: add the people who take the watch.</p>
          )}
          {fieldErrors.members ? (
            <p id="rotation-members-error" className={styles.fieldError} role="alert">
              {fieldErrors.members}
            </p>
          ) : null}
          {others.length ? (
            <div className={styles.addRow}>
              <Select label="Add a person" placeholder="Pick someone" items={others.map((p) => ({ id: String(p.id), label: p.name }))} selectedKey={adding || null} onSelectionChange={(k) => setAdding(String(k ?? ''))} />
              <Button
                variant="secondary"
                isDisabled={!adding}
                onPress={() => {
                  setMembers([...members, Number(adding)]);
                  setAdding('');
                  changed('members');
                }}
              >
                Add to the rotation
              </Button>
            </div>
          ) : null}
        </fieldset>
        <div className={styles.row2}>
          <Select
            label="Each person holds the watch for"
            items={ROTATION_LENGTHS}
            selectedKey={length}
            onSelectionChange={(k) => {
              setLength(k as RotationLength);
              changed('rule');
            }}
          />
          <Select
            label="Hand-over day"
            items={WEEKDAYS}
            isDisabled={length === 'day'}
            description={length === 'day' ? 'Every day' : undefined}
            selectedKey={weekday}
            onSelectionChange={(k) => {
              setWeekday(k as Weekday);
              changed('rule');
            }}
          />
        </div>
        <div className={styles.row2}>
          <TextField
            label="Hand-over time"
            description="Such as 09:00, local time"
            value={handover}
            onChange={(v) => {
              setHandover(v);
              changed('handover');
            }}
            errorMessage={fieldErrors.handover}
          />
          <TextField
            label="First hand-over"
            description="YYYY-MM-DD"
            value={startsOn}
            onChange={(v) => {
              setStartsOn(v);
              changed('startsOn');
            }}
            errorMessage={fieldErrors.startsOn}
          />
        </div>
      </div>
    </Dialog>
  );
}

function OverridesDialog({ tools, data }: { tools: ScheduleToolsActor; data: Schedule }) {
  const form = useSelector(tools, selectOverrideForm);
  const { fieldErrors, error, busy } = useForm(form);
  const removing = useSelector(tools, (s) => s.matches({ overrides: 'removing' }));
  const rowError = useSelector(tools, (s) => s.context.error);
  const zone = data.team.timeZone;
  const firstDay = data.days[0] ?? '';
  const [staffId, setStaffId] = useState(String(data.people[0]?.id ?? ''));
  const [v, setV] = useState({ fromDay: firstDay, fromTime: '09:00', toDay: addDays(firstDay, 1), toTime: '09:00' });
  const set = (key: keyof typeof v, field: string) => (value: string) => {
    setV({ ...v, [key]: value });
    form?.send({ type: 'form.change', field });
  };
  const shown = { first: firstDay, last: data.days.at(-1) ?? firstDay };
  const submit = () =>
    form?.send({
      type: 'form.submit',
      input: { teamId: data.team.id, fields: { ...v, shown }, body: { staffId: Number(staffId), startsAt: instantIn(v.fromDay, v.fromTime, zone), endsAt: instantIn(v.toDay, v.toTime, zone) } },
    });
  return (
    <Dialog
      isOpen
      onOpenChange={close(tools)}
      title="On-call overrides"
      description={`${data.team.name}: someone on call instead of the rotation for a while (times in ${zone}).`}
      footer={(x) => (
        <>
          <Button variant="secondary" onPress={x}>
            Close
          </Button>
          <Button variant="primary" isPending={busy} onPress={submit}>
            Add override
          </Button>
        </>
      )}
    >
      <div className={styles.form}>
        <section aria-label="Upcoming overrides">
          <h3 className={styles.subheading}>Upcoming</h3>
          {rowError ? <Alert tone="danger" title={rowError} /> : null}
          {data.overrides.length ? (
            <ul className={styles.rows}>
              {data.overrides.map((o) => (
                <li key={o.id} className={styles.rowItem}>
                  <span>
                    <strong>{nameOf(data, o.staffId)}</strong> from {formatDateTime(o.startsAt, { timeZone: zone })} to {formatDateTime(o.endsAt, { timeZone: zone })}
                  </span>
                  <Button size="sm" variant="quiet" isDisabled={removing} onPress={() => tools.send({ type: 'override.remove', id: o.id })} aria-label={`Remove the override of ${nameOf(data, o.staffId)} from ${formatDateTime(o.startsAt, { timeZone: zone })}`}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>None: the rotation holds the watch.</p>
          )}
        </section>
        <h3 className={styles.subheading}>Add an override</h3>
        <FormErrorBanner title={error ?? undefined} />
        <Select
          label="Who takes the watch"
          items={data.people.map((p) => ({ id: String(p.id), label: p.name }))}
          selectedKey={staffId || null}
          onSelectionChange={(k) => {
            setStaffId(String(k ?? ''));
            form?.send({ type: 'form.change', field: 'staffId' });
          }}
          errorMessage={fieldErrors.staffId}
        />
        <div className={styles.row2}>
          <TextField label="From day" description="YYYY-MM-DD" value={v.fromDay} onChange={set('fromDay', 'fromDay')} errorMessage={fieldErrors.fromDay ?? fieldErrors.startsAt} />
          <TextField label="From time" description="Such as 09:00" value={v.fromTime} onChange={set('fromTime', 'fromTime')} errorMessage={fieldErrors.fromTime} />
        </div>
        <div className={styles.row2}>
          <TextField label="To day" description="YYYY-MM-DD" value={v.toDay} onChange={set('toDay', 'toDay')} errorMessage={fieldErrors.toDay ?? fieldErrors.endsAt} />
          <TextField label="To time" description="Such as 09:00" value={v.toTime} onChange={set('toTime', 'toTime')} errorMessage={fieldErrors.toTime} />
        </div>
      </div>
    </Dialog>
  );
}

function SwapDialog({ tools, data }: { tools: ScheduleToolsActor; data: Schedule }) {
  const form = useSelector(tools, selectSwapForm);
  const { fieldErrors, error, busy } = useForm(form);
  const zone = data.team.timeZone;
  const now = Date.now();
  const future = data.shifts.filter((s) => Date.parse(s.startsAt) > now);
  const label = (s: Schedule['shifts'][number]) => `${formatDayHeader(localParts(s.startsAt, zone).day)}, ${formatTime(s.startsAt, { timeZone: zone })}–${formatTime(s.endsAt, { timeZone: zone })}`;
  const mine = future.filter((s) => s.staffId === data.me).map((s) => ({ id: String(s.id), label: label(s) }));
  const theirs = future.filter((s) => s.staffId !== data.me).map((s) => ({ id: String(s.id), label: `${nameOf(data, s.staffId)}: ${label(s)}` }));
  const [myShift, setMyShift] = useState(mine[0]?.id ?? '');
  const [theirShift, setTheirShift] = useState('');
  const counterpart = data.shifts.find((s) => String(s.id) === theirShift)?.staffId;
  const submit = () => form?.send({ type: 'form.submit', input: { myShiftId: Number(myShift) || 0, theirShiftId: Number(theirShift) || 0, counterpartId: counterpart ?? 0 } });
  return (
    <Dialog
      isOpen
      onOpenChange={close(tools)}
      title="Ask for a shift swap"
      description="Your colleague accepts, then your manager approves; the two shifts change hands together."
      footer={(x) => (
        <>
          <Button variant="secondary" onPress={x}>
            Cancel
          </Button>
          <Button variant="primary" isPending={busy} onPress={submit}>
            Ask for the swap
          </Button>
        </>
      )}
    >
      <div className={styles.form}>
        <FormErrorBanner title={error ?? fieldErrors.counterpartId ?? undefined} />
        {mine.length ? null : <Alert tone="info" title="You have no shift in the weeks shown that has not started: show later weeks to pick one." />}
        <Select
          label="My shift"
          placeholder="Pick one of your shifts"
          items={mine}
          selectedKey={myShift || null}
          onSelectionChange={(k) => {
            setMyShift(String(k ?? ''));
            form?.send({ type: 'form.change', field: 'myShiftId' });
          }}
          errorMessage={fieldErrors.myShiftId}
        />
        <Select
          label="Their shift"
          placeholder="Pick a colleague’s shift"
          items={theirs}
          selectedKey={theirShift || null}
          onSelectionChange={(k) => {
            setTheirShift(String(k ?? ''));
            form?.send({ type: 'form.change', field: 'theirShiftId' });
            form?.send({ type: 'form.change', field: 'counterpartId' });
          }}
          errorMessage={fieldErrors.theirShiftId}
        />
      </div>
    </Dialog>
  );
}

function FeedsDialog({ tools, data }: { tools: ScheduleToolsActor; data: Schedule }) {
  const form = useSelector(tools, selectFeedForm);
  const { error, busy } = useForm(form);
  const feeds = useSelector(tools, (s) => s.context.feeds);
  const created = useSelector(tools, (s) => s.context.created);
  const rowError = useSelector(tools, (s) => s.context.error);
  const loading = useSelector(tools, (s) => s.hasTag('loading'));
  const failed = useSelector(tools, (s) => s.matches({ feeds: 'failed' }));
  const revoking = useSelector(tools, (s) => s.matches({ feeds: 'revoking' }));
  const [scope, setScope] = useState('me');
  const scopes = [
    { id: 'me', label: 'My shifts and on-call' },
    { id: 'team', label: `The ${data.team.name} team` },
  ];
  return (
    <Dialog
      isOpen
      onOpenChange={close(tools)}
      title="Calendar feeds"
      description="A secret address your calendar app subscribes to (times in UTC). Anyone with the address sees the schedule: revoke it when it leaks."
      footer={(x) => (
        <Button variant="secondary" onPress={x}>
          Close
        </Button>
      )}
    >
      <div className={styles.form}>
        {created ? (
          <Alert tone="success" title="Your new feed’s address: copy it now, it is shown only once">
            <div className={styles.copyRow}>
              <TextField label="Feed address" value={created.url} isReadOnly className={styles.grow} />
              <Button variant="secondary" onPress={() => tools.send({ type: 'feed.copy' })}>
                Copy
              </Button>
            </div>
          </Alert>
        ) : null}
        <section aria-label="My feeds">
          <h3 className={styles.subheading}>My feeds</h3>
          {rowError ? (
            <Alert tone="danger" title={rowError}>
              {failed ? (
                <Button size="sm" variant="secondary" onPress={() => tools.send({ type: 'feeds.retry' })}>
                  Retry
                </Button>
              ) : null}
            </Alert>
          ) : null}
          {loading && !feeds.length ? (
            <SkeletonText lines={2} />
          ) : feeds.length ? (
            <ul className={styles.rows}>
              {feeds.map((f) => (
                <li key={f.id} className={styles.rowItem}>
                  <span>
                    <strong>{f.teamName ? `${f.teamName} team` : 'My shifts and on-call'}</strong> · created {formatDateTime(f.createdAt)}
                  </span>
                  <Button size="sm" variant="quiet" isDisabled={revoking} onPress={() => tools.send({ type: 'feed.revoke', id: f.id })} aria-label={`Revoke the feed ${f.teamName ? `of the ${f.teamName} team` : 'of my shifts'} created ${formatDateTime(f.createdAt)}`}>
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState compact headingLevel={null} title="No feeds yet." />
          )}
        </section>
        <h3 className={styles.subheading}>New feed</h3>
        <FormErrorBanner title={error ?? undefined} />
        <div className={styles.addRow}>
          <Select label="Feed of" items={scopes} selectedKey={scope} onSelectionChange={(k) => setScope(String(k))} />
          <Button variant="primary" isPending={busy} onPress={() => form?.send({ type: 'form.submit', input: { teamId: scope === 'team' ? data.team.id : null } })}>
            Create feed
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** The dialog the schedule's tools machine has open, if any. */
export function ScheduleDialogs({ tools, data }: { tools: ScheduleToolsActor; data: Schedule | null }) {
  const dialog = useSelector(tools, selectDialog);
  if (!data || !dialog) return null;
  if (dialog === 'rotation') return <RotationDialog tools={tools} data={data} />;
  if (dialog === 'overrides') return <OverridesDialog tools={tools} data={data} />;
  if (dialog === 'swap') return <SwapDialog tools={tools} data={data} />;
  return <FeedsDialog tools={tools} data={data} />;
}
