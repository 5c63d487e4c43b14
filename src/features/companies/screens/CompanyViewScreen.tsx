import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useContext, useState } from 'react';
import { Link } from 'wouter';
import {
  CLIENT_USER_STATUS_LABELS,
  COMPANY_STATUSES,
  SIGNUP_POLICIES,
  SIGNUP_POLICY_LABELS,
  type Company,
  type Contact,
  type ContactInput,
  type SignupPolicy,
  type UpdateCompanyInput } from '@contracts/companies';
import { LIMITS } from '@contracts/common/constants';
import type { ScreenProps } from '@/shared/routing';
import { StaffRoleContext, useIsManager } from '@/shared/session/role';
import { usePageTitle } from '@/shared/page-title';
import { PageHeader, SkeletonText } from '@/shared/ui/components';
import { useCompanySections } from '../sections';
import { sendClientCareSurveyMachine } from '@/features/surveys';
import { ticketSearchMachine } from '@/features/tickets';
import { companyActionMachine, companyViewMachine, type CompanyAction } from '../machines/companies.machines';
import { SeverityBadge, StatusBadge } from '@/shared/ui/Badges';
import { Spinner } from '@/shared/ui/Spinner';
import { FieldError, fieldsOf, Section } from '@/shared/ui/parts';
import { formatNumericDate, formatNumericDateTime } from '@/shared/ui/tokens/format';

function ContactForm({ contact, onSave, onCancel, label }: { contact?: Contact; onSave: (v: Record<string, string>) => void; onCancel?: () => void; label: string }) {
  return (
    <form
      className="form-grid"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        const v = fieldsOf(e.currentTarget);
        onSave(contact ? { name: v.name ?? '', email: v.email ?? '', phone: v.phone ?? '', title: v.title ?? '' } : v);
        if (!contact) e.currentTarget.reset();
      }}
    >
      <label>Name <input name="name" required maxLength={LIMITS.name} defaultValue={contact?.name ?? ''} /></label>
      <label>Email <input name="email" type="email" maxLength={LIMITS.email} defaultValue={contact?.email ?? ''} /></label>
      <label>Phone <input name="phone" maxLength={40} defaultValue={contact?.phone ?? ''} /></label>
      <label>Title <input name="title" maxLength={LIMITS.name} defaultValue={contact?.title ?? ''} /></label>
      <button type="submit" className="btn">{contact ? 'Save contact' : 'Add contact'}</button>
      {onCancel ? <button type="button" className="btn btn-secondary" onClick={onCancel}>Cancel</button> : null}
    </form>
  );
}

/** A company: details (editable), contacts, tickets, client portal users, and what is not built yet. */
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
  const role = useContext(StaffRoleContext) ?? 'user';
  const added = useCompanySections(role);
  usePageTitle(view?.company.name);

  if (error && !view) return <div className="form-error" role="alert">{error}</div>;
  if (!view) return <Spinner label="Loading the company" />;
  const c = view.company;
  const act = (input: CompanyAction) => {
    action.send({ type: 'form.submit', input });
    setEditing(null);
  };

  return (
    <>
      <PageHeader title={c.name} subtitle={c.account_number} />
      {actionError ? <div className="form-error" role="alert">{actionError}</div> : null}
      <Section title="Company" id="company-details">
        {editing === 'company' ? (
          <form
            className="form-grid"
            aria-label="Edit company"
            onSubmit={(e) => {
              e.preventDefault();
              const v = fieldsOf(e.currentTarget);
              act({ action: 'updateCompany', id: c.id, payload: { name: v.name ?? '', account_number: v.account_number ?? '', phone: v.phone ?? '', address: v.address ?? '', website: v.website ?? '', territory: v.territory ?? '', status: v.status as UpdateCompanyInput['status'] } });
            }}
          >
            <label>Name <input name="name" defaultValue={c.name} maxLength={LIMITS.title} /></label>
            <label>Account number <input name="account_number" defaultValue={c.account_number} maxLength={40} /></label>
            <label>Phone <input name="phone" defaultValue={c.phone ?? ''} maxLength={40} /></label>
            <label>Address <input name="address" defaultValue={c.address ?? ''} maxLength={500} /></label>
            <label>Website <input name="website" type="url" defaultValue={c.website ?? ''} maxLength={300} /></label>
            <label>Territory <input name="territory" defaultValue={c.territory ?? ''} maxLength={LIMITS.name} /></label>
            <label>
              Status
              <select name="status" defaultValue={c.status}>
                {COMPANY_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
              </select>
            </label>
            <button type="submit" className="btn" disabled={busy}>Save company</button>
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(null)}>Cancel</button>
          </form>
        ) : (
          <>
            <dl className="details">
              <dt>Account</dt><dd>{c.account_number}</dd>
              <dt>Status</dt><dd>{c.status}</dd>
              <dt>Phone</dt><dd>{c.phone ?? '—'}</dd>
              <dt>Address</dt><dd>{c.address ?? '—'}</dd>
              <dt>Website</dt><dd>{c.website ?? '—'}</dd>
              <dt>Territory</dt><dd>{c.territory ?? '—'}</dd>
              <dt>Account manager</dt><dd>{c.account_manager_name ?? '—'}</dd>
              <dt>Managed-services plan</dt><dd>{c.ms_plan ?? '—'}</dd>
              <dt>Portal sign-up</dt><dd>{SIGNUP_POLICY_LABELS[c.signup_policy]}{c.signup_policy === 'email_domains' ? ` (${c.signup_domains.join(', ')})` : ''}</dd>
              <dt>Tickets</dt><dd>{view.ticket_counts.open} open, {view.ticket_counts.overdue} overdue, {view.ticket_counts.total} in all</dd>
            </dl>
            <button type="button" className="btn btn-secondary" onClick={() => setEditing('company')}>Edit company</button>{' '}
            <Link href={`/create/ticket/${c.id}`}>Create Ticket for this company</Link>
          </>
        )}
      </Section>

      <Section title="Contacts" id="company-contacts">
        <table className="simple">
          <thead>
            <tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Phone</th><th scope="col">Title</th><th scope="col">Actions</th></tr>
          </thead>
          <tbody>
            {view.contacts.length === 0 ? <tr><td colSpan={5}>No data for table</td></tr> : null}
            {view.contacts.map((k) =>
              editing === k.id ? (
                <tr key={k.id}>
                  <td colSpan={5}>
                    <ContactForm label={`Edit ${k.name}`} contact={k} onSave={(v) => act({ action: 'updateContact', id: k.id, payload: v })} onCancel={() => setEditing(null)} />
                  </td>
                </tr>
              ) : (
                <tr key={k.id}>
                  <td>{k.name}</td>
                  <td>{k.email ?? '—'}</td>
                  <td>{k.phone ?? '—'}</td>
                  <td>{k.title ?? '—'}</td>
                  <td>
                    <button type="button" className="btn btn-secondary" onClick={() => setEditing(k.id)} aria-label={`Edit ${k.name}`}>Edit</button>{' '}
                    <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => act({ action: 'removeContact', id: k.id })} aria-label={`Remove ${k.name}`}>Remove</button>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
        <h3>Add a contact</h3>
        <ContactForm label="Add a contact" onSave={(v) => act({ action: 'addContact', id: c.id, payload: v as ContactInput })} />
      </Section>

      <Section title="Tickets" id="company-tickets">
        <p><Link href={`/ticket/search?company=${c.id}`}>All tickets of {c.name}</Link></p>
        <table className="simple">
          <thead>
            <tr><th scope="col">ID</th><th scope="col">Title</th><th scope="col">Status</th><th scope="col">Priority</th><th scope="col">Due Date</th></tr>
          </thead>
          <tbody>
            {recent?.rows.length === 0 ? <tr><td colSpan={5}>No data for table</td></tr> : null}
            {recent?.rows.map((t) => (
              <tr key={t.id}>
                <td>{t.id}</td>
                <td><Link href={`/ticket/${t.id}`}>{t.title}</Link></td>
                <td><StatusBadge code={t.status} /></td>
                <td><SeverityBadge code={t.severity} /></td>
                <td>{formatNumericDateTime(t.duedate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section title="Client portal users" id="company-users">
        <p><Link href={`/client/portal/users?f.company=${c.id}`}>Invite or manage client portal users</Link></p>
        <table className="simple">
          <thead>
            <tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Status</th><th scope="col">Since</th></tr>
          </thead>
          <tbody>
            {view.client_users.length === 0 ? <tr><td colSpan={4}>No data for table</td></tr> : null}
            {view.client_users.map((u) => (
              <tr key={u.id}><td>{u.name}</td><td>{u.email}</td><td>{CLIENT_USER_STATUS_LABELS[u.status] ?? u.status}</td><td>{formatNumericDate(u.created_at)}</td></tr>
            ))}
          </tbody>
        </table>
      </Section>

      <SignupPolicySection company={c} busy={busy} fieldErrors={actionFields} onSave={(payload) => act({ action: 'updateCompany', id: c.id, payload })} />

      <ClientCareSurvey companyId={c.id} />

      {added.map((section) => (
        // Each added section draws its own card and heading (its title is the fallback's label).
        <div key={section.id} id={`company-${section.id}`}>
          <Suspense fallback={<SkeletonText lines={3} label={`Loading ${section.title}`} />}>
            <section.component companyId={c.id} companyName={c.name} />
          </Suspense>
        </div>
      ))}
    </>
  );
}

/** The first error the server named for a field or one of its items ("signup_domains.1"). */
const errorOf = (fields: Record<string, string>, name: string) =>
  fields[name] ?? Object.entries(fields).find(([k]) => k.startsWith(`${name}.`))?.[1];

/**
 * Who may sign up to the company's client portal with its account number: nobody, anyone once
 * staff approve (the default), or at once an address at the company's own email domains.
 */
function SignupPolicySection({
  company: c,
  busy,
  fieldErrors,
  onSave,
}: {
  company: Company;
  busy: boolean;
  fieldErrors: Record<string, string>;
  onSave: (payload: UpdateCompanyInput) => void;
}) {
  const domainsError = errorOf(fieldErrors, 'signup_domains');
  return (
    <Section title="Client portal sign-up" id="company-signup">
      <p>
        Anyone can type this company&apos;s account number ({c.account_number}) on the sign-up page; this decides what that gets
        them. Requests waiting for approval are on <Link href={`/client/portal/users?f.company=${c.id}`}>Client Portal Users</Link>.
      </p>
      <form
        key={`${c.signup_policy}:${c.signup_domains.join(',')}`}
        className="form-grid"
        aria-label="Client portal sign-up"
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          const domains = String(data.get('signup_domains') ?? '')
            .split(/[\s,;]+/)
            .filter(Boolean);
          onSave({ signup_policy: data.get('signup_policy') as SignupPolicy, signup_domains: domains });
        }}
      >
        <fieldset className="wide">
          <legend>Who may sign up</legend>
          {SIGNUP_POLICIES.map((p) => (
            <label key={p} className="choice">
              <input type="radio" name="signup_policy" value={p} defaultChecked={c.signup_policy === p} /> {SIGNUP_POLICY_LABELS[p]}
            </label>
          ))}
        </fieldset>
        <label className="wide">
          Company email domains (one per line, such as example.com)
          <textarea
            name="signup_domains"
            rows={3}
            defaultValue={c.signup_domains.join('\n')}
            aria-invalid={domainsError ? true : undefined}
            aria-describedby={domainsError ? 'signup-domains-error' : undefined}
          />
          <FieldError id="signup-domains-error" message={domainsError} />
        </label>
        <button type="submit" className="btn" disabled={busy}>Save sign-up policy</button>
      </form>
    </Section>
  );
}

/** The client care survey of the company: managers email it to every contact with an address; everyone finds the results. */
function ClientCareSurvey({ companyId }: { companyId: number }) {
  const manager = useIsManager();
  const send = useActorRef(sendClientCareSurveyMachine, { input: {} });
  const busy = useSelector(send, (s) => s.hasTag('busy'));
  const result = useSelector(send, (s) => s.context.result);
  const error = useSelector(send, (s) => s.context.error);
  return (
    <Section title="Client care survey" id="company-survey">
      <p>
        The client care survey asks the company&apos;s contacts how they find our service. Answers count in the{' '}
        <Link href="/report/surveys">survey results</Link>.
      </p>
      {manager ? (
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => send.send({ type: 'form.submit', input: companyId })}>
          Send the client care survey
        </button>
      ) : null}
      {result ? (
        <p role="status">
          {result.queued === 0 ? 'No contact of this company has an email address: nothing was sent.' : `Sent to ${result.queued} contact${result.queued === 1 ? '' : 's'}.`}
        </p>
      ) : null}
      {error ? <div className="form-error" role="alert">{error}</div> : null}
    </Section>
  );
}
