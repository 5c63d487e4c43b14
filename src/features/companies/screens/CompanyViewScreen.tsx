import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Key } from 'react-aria-components';
import { Link, useLocation, useSearch } from 'wouter';
import {
  CLIENT_USER_STATUS_LABELS,
  COMPANY_STATUSES,
  SIGNUP_POLICIES,
  SIGNUP_POLICY_LABELS,
  type ClientUser,
  type Company,
  type Contact,
  type ContactInput,
  type SignupPolicy,
  type UpdateCompanyInput,
} from '@contracts/companies';
import { LIMITS, TABLE_TEXTS } from '@contracts/common/constants';
import type { TicketRow } from '@contracts/tickets';
import type { ScreenProps } from '@/shared/routing';
import { StaffRoleContext, useIsManager } from '@/shared/session/role';
import { usePageTitle } from '@/shared/page-title';
import {
  Alert,
  Badge,
  Button,
  Card,
  DateTime,
  Form,
  FormActions,
  FormErrorBanner,
  FormGrid,
  FormGridItem,
  LinkButton,
  PageHeader,
  PlusIcon,
  Radio,
  RadioGroup,
  RelativeTime,
  Select,
  SeverityBadge,
  SkeletonCard,
  SkeletonText,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  TextArea,
  TextField,
  TextLink,
  TicketStatusBadge,
  toast,
  type BadgeTone,
} from '@/shared/ui/components';
import { SimpleTable, type SimpleColumn } from '@/shared/ui/SimpleTable';
import { useCompanySections } from '../sections';
import { sendClientCareSurveyMachine } from '@/features/surveys';
import { ticketSearchMachine } from '@/features/tickets';
import { companyActionMachine, companyViewMachine, type CompanyAction } from '../machines/companies.machines';
import { useSaveToasts } from '@/shared/ui/record-form';
import styles from './CompanyViewScreen.module.css';

const STATUS_TONES: Record<Company['status'], BadgeTone> = { prospect: 'info', active: 'success', inactive: 'neutral' };
const STATUS_OPTIONS = COMPANY_STATUSES.map((s) => ({ id: s, label: s }));

/** The company view's own tabs, before the sections other features add (docs/adr/0090). */
const OWN_TABS = [
  { id: 'overview', title: 'Overview' },
  { id: 'tickets', title: 'Tickets' },
  { id: 'users', title: 'Client portal users' },
  { id: 'signup', title: 'Sign-up policy' },
  { id: 'survey', title: 'Survey' },
] as const;

/** What a change on the page says once saved, and when it fails. */
function messagesOf(a: CompanyAction): { saved: string; failed: string } {
  switch (a.action) {
    case 'updateCompany':
      return 'signup_policy' in a.payload
        ? { saved: 'Sign-up policy saved', failed: 'The sign-up policy was not saved' }
        : { saved: 'Company saved', failed: 'The company was not saved' };
    case 'addContact':
      return { saved: `Contact ${a.payload.name} added`, failed: 'The contact was not added' };
    case 'updateContact':
      return { saved: 'Contact saved', failed: 'The contact was not saved' };
    case 'removeContact':
      return { saved: 'Contact removed', failed: 'The contact was not removed' };
  }
}

type ContactValues = { name: string; email: string; phone: string; title: string };
const valuesOf = (c?: Contact): ContactValues => ({ name: c?.name ?? '', email: c?.email ?? '', phone: c?.phone ?? '', title: c?.title ?? '' });

function ContactForm({
  contact,
  onSave,
  onCancel,
  label,
  busy,
  fieldErrors,
}: {
  contact?: Contact;
  onSave: (v: ContactValues) => void;
  onCancel?: () => void;
  label: string;
  busy: boolean;
  fieldErrors: Record<string, string>;
}) {
  const [v, setV] = useState<ContactValues>(() => valuesOf(contact));
  const set = (k: keyof ContactValues) => (value: string) => setV((old) => ({ ...old, [k]: value }));
  return (
    <Form
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        // A new contact sends only what was filled in; an edit sends every field (an emptied one clears it).
        onSave(contact ? v : (Object.fromEntries(Object.entries(v).filter(([, x]) => x.trim() !== '')) as ContactValues));
      }}
    >
      <FormGrid columns={4}>
        <TextField label="Name" name="name" value={v.name} onChange={set('name')} isRequired maxLength={LIMITS.name} errorMessage={fieldErrors.name} />
        <TextField label="Email" name="email" type="email" value={v.email} onChange={set('email')} maxLength={LIMITS.email} errorMessage={fieldErrors.email} />
        <TextField label="Phone" name="phone" type="tel" value={v.phone} onChange={set('phone')} maxLength={40} errorMessage={fieldErrors.phone} />
        <TextField label="Title" name="title" value={v.title} onChange={set('title')} maxLength={LIMITS.name} errorMessage={fieldErrors.title} />
      </FormGrid>
      <FormActions>
        {onCancel ? (
          <Button variant="secondary" onPress={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant={contact ? 'primary' : 'secondary'} isDisabled={busy}>
          {contact ? 'Save contact' : 'Add contact'}
        </Button>
      </FormActions>
    </Form>
  );
}

function CompanyForm({ company: c, busy, fieldErrors, onSave, onCancel }: { company: Company; busy: boolean; fieldErrors: Record<string, string>; onSave: (p: UpdateCompanyInput) => void; onCancel: () => void }) {
  const [v, setV] = useState({ name: c.name, account_number: c.account_number, phone: c.phone ?? '', address: c.address ?? '', website: c.website ?? '', territory: c.territory ?? '' });
  const [status, setStatus] = useState<Company['status']>(c.status);
  const set = (k: keyof typeof v) => (value: string) => setV((old) => ({ ...old, [k]: value }));
  return (
    <Form
      aria-label="Edit company"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ ...v, status });
      }}
    >
      <FormGrid columns={2}>
        <TextField label="Name" name="name" value={v.name} onChange={set('name')} isRequired maxLength={LIMITS.title} errorMessage={fieldErrors.name} />
        <TextField label="Account number" name="account_number" value={v.account_number} onChange={set('account_number')} isRequired maxLength={40} errorMessage={fieldErrors.account_number} />
        <TextField label="Phone" name="phone" type="tel" value={v.phone} onChange={set('phone')} maxLength={40} errorMessage={fieldErrors.phone} />
        <TextField label="Website" name="website" type="url" value={v.website} onChange={set('website')} maxLength={300} errorMessage={fieldErrors.website} />
        <FormGridItem span="full">
          <TextField label="Address" name="address" value={v.address} onChange={set('address')} maxLength={500} errorMessage={fieldErrors.address} />
        </FormGridItem>
        <TextField label="Territory" name="territory" value={v.territory} onChange={set('territory')} maxLength={LIMITS.name} errorMessage={fieldErrors.territory} />
        <Select label="Status" name="status" items={STATUS_OPTIONS} value={status} onChange={(k) => setStatus(k as Company['status'])} errorMessage={fieldErrors.status} />
      </FormGrid>
      <FormActions>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" isDisabled={busy}>
          Save company
        </Button>
      </FormActions>
    </Form>
  );
}

function Details({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className={styles.details}>
      {items.map(([term, value]) => (
        <div key={term} className={styles.detail}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const ticketColumns: SimpleColumn<TicketRow>[] = [
  { header: 'ID', cell: (t) => t.id },
  { header: 'Title', cell: (t) => <Link href={`/ticket/${t.id}`}>{t.title}</Link> },
  { header: 'Status', cell: (t) => <TicketStatusBadge code={t.status} /> },
  { header: 'Priority', cell: (t) => <SeverityBadge code={t.severity} /> },
  {
    header: 'Due Date',
    cell: (t) => (
      <>
        <DateTime value={t.duedate} />
        {t.overdue ? (
          <>
            {' '}
            <Badge tone="danger">Overdue</Badge>
          </>
        ) : null}
      </>
    ),
  },
];
const userColumns: SimpleColumn<ClientUser>[] = [
  { header: 'Name', cell: (u) => u.name },
  { header: 'Email', cell: (u) => u.email },
  { header: 'Status', cell: (u) => CLIENT_USER_STATUS_LABELS[u.status] ?? u.status },
  { header: 'Since', cell: (u) => <RelativeTime value={u.created_at} /> },
];

/**
 * A company: a header with the facts (status, open and overdue tickets, the Create Ticket action),
 * then its sections as tabs, the selected one in the URL (?tab=): Overview (details and contacts),
 * Tickets, Client portal users, Sign-up policy, Survey, and the sections other features add
 * through the slot (docs/adr/0090). Every change says with a toast whether it was saved.
 */
export default function CompanyViewScreen({ params }: ScreenProps) {
  const actor = useActorRef(companyViewMachine, { input: { query: Number(params.id ?? '') } });
  const action = useActorRef(companyActionMachine, { input: { reloads: actor, reloadEvent: { type: 'query.reload' } } });
  const tickets = useActorRef(ticketSearchMachine, { input: { query: { company: params.id ?? '', size: '10', sort: 'created_at:desc' } } });
  const view = useSelector(actor, (s) => s.context.data);
  const error = useSelector(actor, (s) => s.context.error);
  const actionError = useSelector(action, (s) => s.context.error);
  const actionFields = useSelector(action, (s) => s.context.fieldErrors);
  const busy = useSelector(action, (s) => s.hasTag('busy'));
  const recent = useSelector(tickets, (s) => s.context.data);
  const [editing, setEditing] = useState<number | 'company' | null>(null);
  const [addKey, setAddKey] = useState(0);
  const last = useRef<CompanyAction | null>(null);
  const role = useContext(StaffRoleContext) ?? 'user';
  const added = useCompanySections(role);
  const search = useSearch();
  const [location, navigate] = useLocation();
  usePageTitle(view?.company.name);

  // Each change ends in a toast; a saved one closes its form (a new contact's form starts empty).
  useEffect(() => {
    let previous = action.getSnapshot().value;
    let failure: string | null = null;
    const sub = action.subscribe((s) => {
      const a = last.current;
      if (previous !== 'submitting' && s.value === 'submitting' && failure) {
        toast.close(failure);
        failure = null;
      }
      if (previous === 'submitting' && a) {
        const m = messagesOf(a);
        if (s.value === 'saved') {
          toast.success(m.saved);
          setEditing(null);
          if (a.action === 'addContact') setAddKey((k) => k + 1);
        } else if (s.value === 'editing' && s.context.error) {
          failure = toast.error(m.failed, { description: s.context.error });
        }
      }
      previous = s.value;
    });
    return () => sub.unsubscribe();
  }, [action]);

  const tabs = [...OWN_TABS, ...added.map((s) => ({ id: s.id, title: s.title }))];
  const asked = new URLSearchParams(search).get('tab');
  const tab = tabs.some((t) => t.id === asked) ? asked! : 'overview';
  const selectTab = (key: Key) => {
    const next = new URLSearchParams(search);
    if (key === 'overview') next.delete('tab');
    else next.set('tab', String(key));
    navigate(`${location}${next.toString() ? `?${next.toString()}` : ''}`, { replace: true });
  };

  if (error && !view) return <Alert tone="danger" live title={error} />;
  if (!view)
    return (
      <div className={styles.loading} aria-busy="true">
        <SkeletonText lines={2} label="Loading the company" />
        <SkeletonCard />
      </div>
    );
  const c = view.company;
  const act = (input: CompanyAction) => {
    last.current = input;
    action.send({ type: 'form.submit', input });
  };
  const lastAction = last.current?.action;
  const errorFor = (kinds: CompanyAction['action'][], signup = false) =>
    actionError && lastAction && kinds.includes(lastAction) && (lastAction !== 'updateCompany' || ('signup_policy' in last.current!.payload) === signup) ? actionError : null;
  const counts = view.ticket_counts;

  return (
    <div className={styles.page}>
      <PageHeader
        title={c.name}
        subtitle={`Account ${c.account_number}${c.territory ? ` · ${c.territory}` : ''}`}
        meta={<Badge tone={STATUS_TONES[c.status]}>{c.status}</Badge>}
        actions={
          <LinkButton href={`/create/ticket/${c.id}`} variant="primary" size="sm" icon={<PlusIcon />} aria-label="Create Ticket for this company">
            Create Ticket
          </LinkButton>
        }
      />
      <ul className={styles.facts} aria-label="Tickets of this company">
        <li>
          <strong>{counts.open}</strong> open
        </li>
        <li className={counts.overdue ? styles.overdue : undefined}>
          <strong>{counts.overdue}</strong> overdue
        </li>
        <li>
          <strong>{counts.total}</strong> in all
        </li>
        <li>
          <strong>{view.contacts.length}</strong> contact{view.contacts.length === 1 ? '' : 's'}
        </li>
      </ul>

      <Tabs selectedKey={tab} onSelectionChange={selectTab} className={styles.tabs}>
        <TabList aria-label="Company sections" items={tabs}>
          {(t) => <Tab id={t.id}>{t.title}</Tab>}
        </TabList>

        <TabPanel id="overview" className={styles.panel}>
          <Card
            asRegion
            id="company-details"
            title="Company"
            actions={
              editing === 'company' ? null : (
                <Button size="sm" variant="secondary" onPress={() => setEditing('company')}>
                  Edit company
                </Button>
              )
            }
          >
            {editing === 'company' ? (
              <>
                <FormErrorBanner title={errorFor(['updateCompany']) ?? undefined} />
                <CompanyForm company={c} busy={busy} fieldErrors={errorFor(['updateCompany']) ? actionFields : {}} onSave={(payload) => act({ action: 'updateCompany', id: c.id, payload })} onCancel={() => setEditing(null)} />
              </>
            ) : (
              <Details
                items={[
                  ['Account', c.account_number],
                  ['Status', c.status],
                  ['Phone', c.phone ?? '—'],
                  ['Address', c.address ?? '—'],
                  ['Website', c.website ? <TextLink href={c.website}>{c.website}</TextLink> : '—'],
                  ['Territory', c.territory ?? '—'],
                  ['Account manager', c.account_manager_name ?? '—'],
                  ['Managed-services plan', c.ms_plan ?? '—'],
                  ['Portal sign-up', `${SIGNUP_POLICY_LABELS[c.signup_policy]}${c.signup_policy === 'email_domains' ? ` (${c.signup_domains.join(', ')})` : ''}`],
                  ['Tickets', `${counts.open} open, ${counts.overdue} overdue, ${counts.total} in all`],
                ]}
              />
            )}
          </Card>

          <Card asRegion id="company-contacts" title="Contacts" padding="compact">
            {errorFor(['removeContact']) ? <Alert tone="danger" live title={errorFor(['removeContact'])} /> : null}
            {typeof editing === 'number'
              ? (() => {
                  const k = view.contacts.find((x) => x.id === editing);
                  return k ? (
                    <div className={styles.editContact}>
                      <FormErrorBanner title={errorFor(['updateContact']) ?? undefined} />
                      <ContactForm
                        label={`Edit ${k.name}`}
                        contact={k}
                        busy={busy}
                        fieldErrors={errorFor(['updateContact']) ? actionFields : {}}
                        onSave={(v) => act({ action: 'updateContact', id: k.id, payload: v })}
                        onCancel={() => setEditing(null)}
                      />
                    </div>
                  ) : null;
                })()
              : null}
            <SimpleTable
              label="Contacts"
              rows={view.contacts}
              rowKey={(k) => k.id}
              empty={TABLE_TEXTS.empty}
              columns={[
                { header: 'Name', cell: (k) => k.name },
                { header: 'Email', cell: (k) => k.email ?? '—' },
                { header: 'Phone', cell: (k) => k.phone ?? '—' },
                { header: 'Title', cell: (k) => k.title ?? '—' },
                {
                  header: 'Actions',
                  cell: (k) => (
                    <span className={styles.rowActions}>
                      <Button size="sm" variant="secondary" onPress={() => setEditing(k.id)} aria-label={`Edit ${k.name}`}>
                        Edit
                      </Button>
                      <Button size="sm" variant="secondary" isDisabled={busy} onPress={() => act({ action: 'removeContact', id: k.id })} aria-label={`Remove ${k.name}`}>
                        Remove
                      </Button>
                    </span>
                  ),
                },
              ]}
            />
            <h3 className={styles.subheading}>Add a contact</h3>
            <FormErrorBanner title={errorFor(['addContact']) ?? undefined} />
            <ContactForm
              key={addKey}
              label="Add a contact"
              busy={busy}
              fieldErrors={errorFor(['addContact']) ? actionFields : {}}
              onSave={(v) => act({ action: 'addContact', id: c.id, payload: v as ContactInput })}
            />
          </Card>
        </TabPanel>

        <TabPanel id="tickets" className={styles.panel}>
          <Card asRegion id="company-tickets" title="Tickets" padding="compact" actions={<TextLink href={`/ticket/search?company=${c.id}`}>All tickets of {c.name}</TextLink>}>
            {recent ? <SimpleTable label="Recent tickets" rows={recent.rows} rowKey={(t) => t.id} columns={ticketColumns} empty={TABLE_TEXTS.empty} /> : <SkeletonText lines={4} label="Loading the tickets" />}
          </Card>
        </TabPanel>

        <TabPanel id="users" className={styles.panel}>
          <Card
            asRegion
            id="company-users"
            title="Client portal users"
            padding="compact"
            actions={<TextLink href={`/client/portal/users?f.company=${c.id}`}>Invite or manage client portal users</TextLink>}
          >
            <SimpleTable label="Client portal users of this company" rows={view.client_users} rowKey={(u) => u.id} columns={userColumns} empty={TABLE_TEXTS.empty} />
          </Card>
        </TabPanel>

        <TabPanel id="signup" className={styles.panel}>
          <SignupPolicyForm key={`${c.signup_policy}:${c.signup_domains.join(',')}`} company={c} busy={busy} error={errorFor(['updateCompany'], true)} fieldErrors={errorFor(['updateCompany'], true) ? actionFields : {}} onSave={(payload) => act({ action: 'updateCompany', id: c.id, payload })} />
        </TabPanel>

        <TabPanel id="survey" className={styles.panel}>
          <ClientCareSurvey companyId={c.id} />
        </TabPanel>

        {added.map((section) => (
          // Each added section draws its own card and heading (its title is the tab's label).
          <TabPanel key={section.id} id={section.id} className={styles.panel}>
            <div id={`company-${section.id}`}>
              <Suspense fallback={<SkeletonText lines={3} label={`Loading ${section.title}`} />}>
                <section.component companyId={c.id} companyName={c.name} />
              </Suspense>
            </div>
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
}

/** The first error the server named for a field or one of its items ("signup_domains.1"). */
const errorOf = (fields: Record<string, string>, name: string) => fields[name] ?? Object.entries(fields).find(([k]) => k.startsWith(`${name}.`))?.[1];

type SignupPolicyProps = {
  company: Company;
  busy: boolean;
  error: string | null;
  fieldErrors: Record<string, string>;
  onSave: (payload: UpdateCompanyInput) => void;
};

/**
 * Who may sign up to the company's client portal with its account number: nobody, anyone once
 * staff approve (the default), or at once an address at the company's own email domains. Keyed
 * by the saved policy, so it starts again from what was saved whenever that changes.
 */
function SignupPolicyForm({ company: c, busy, error, fieldErrors, onSave }: SignupPolicyProps) {
  const [policy, setPolicy] = useState<SignupPolicy>(c.signup_policy);
  const [domains, setDomains] = useState(c.signup_domains.join('\n'));
  const domainsError = errorOf(fieldErrors, 'signup_domains');
  return (
    <Card asRegion id="company-signup" title="Client portal sign-up">
      <p className={styles.lead}>
        Anyone can type this company&apos;s account number ({c.account_number}) on the sign-up page; this decides what that gets them. Requests waiting for
        approval are on <TextLink href={`/client/portal/users?f.company=${c.id}`}>Client Portal Users</TextLink>.
      </p>
      <Form
        aria-label="Client portal sign-up"
        onSubmit={(e) => {
          e.preventDefault();
          onSave({ signup_policy: policy, signup_domains: domains.split(/[\s,;]+/).filter(Boolean) });
        }}
      >
        {error && !domainsError ? <Alert tone="danger" live title={error} /> : null}
        <RadioGroup label="Who may sign up" name="signup_policy" value={policy} onChange={(v) => setPolicy(v as SignupPolicy)} errorMessage={fieldErrors.signup_policy}>
          {SIGNUP_POLICIES.map((p) => (
            <Radio key={p} value={p}>
              {SIGNUP_POLICY_LABELS[p]}
            </Radio>
          ))}
        </RadioGroup>
        <TextArea
          label="Company email domains (one per line, such as example.com)"
          name="signup_domains"
          rows={3}
          value={domains}
          onChange={setDomains}
          description={policy === 'email_domains' ? undefined : 'Used only when sign-ups at the company’s email domains are taken at once.'}
          errorMessage={domainsError}
        />
        {domainsError ? (
          <p role="alert" className={styles.srOnly}>
            {domainsError}
          </p>
        ) : null}
        <FormActions align="start">
          <Button type="submit" variant="primary" isDisabled={busy}>
            Save sign-up policy
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}

/** The client care survey of the company: managers email it to every contact with an address; everyone finds the results. */
function ClientCareSurvey({ companyId }: { companyId: number }) {
  const manager = useIsManager();
  const send = useActorRef(sendClientCareSurveyMachine, { input: {} });
  const busy = useSelector(send, (s) => s.hasTag('busy'));
  const result = useSelector(send, (s) => s.context.result);
  const error = useSelector(send, (s) => s.context.error);
  useSaveToasts<{ queued: number }>(send, {
    saved: (r) => (r.queued === 0 ? 'Nothing was sent: no contact has an email address' : `Client care survey sent to ${r.queued} contact${r.queued === 1 ? '' : 's'}`),
    failed: 'The survey was not sent',
  });
  return (
    <Card asRegion id="company-survey" title="Client care survey">
      <p className={styles.lead}>
        The client care survey asks the company&apos;s contacts how they find our service. Answers count in the <TextLink href="/report/surveys">survey results</TextLink>.
      </p>
      {manager ? (
        <Button variant="secondary" isDisabled={busy} onPress={() => send.send({ type: 'form.submit', input: companyId })}>
          Send the client care survey
        </Button>
      ) : null}
      {result ? (
        <p role="status" className={styles.status}>
          {result.queued === 0 ? 'No contact of this company has an email address: nothing was sent.' : `Sent to ${result.queued} contact${result.queued === 1 ? '' : 's'}.`}
        </p>
      ) : null}
      {error ? <Alert tone="danger" live title={error} /> : null}
    </Card>
  );
}

