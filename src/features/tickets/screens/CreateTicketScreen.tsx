import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { QUEUES, SEVERITIES, type Severity } from '@contracts/common/codes';
import { DIRECTORY_PAGE_SIZE_MAX, LIMITS } from '@contracts/common/constants';
import type { CreateTicketInput } from '@contracts/tickets';
import type { ScreenProps } from '@/shared/routing';
import { companySearchMachine, companyViewMachine } from '@/features/companies';
import { createTicketMachine, ticketOptionsMachine } from '../machines/tickets.machines';
import { FieldError, FieldsForm } from '@/shared/ui/parts';

/** Create a ticket (company pre-filled from the route); creation lands on the new ticket. */
export default function CreateTicketScreen({ params }: ScreenProps) {
  const [, navigate] = useLocation();
  const options = useActorRef(ticketOptionsMachine, { input: {} });
  const companies = useActorRef(companySearchMachine, { input: { query: { size: String(DIRECTORY_PAGE_SIZE_MAX), sort: 'name:asc' } } });
  const company = useActorRef(companyViewMachine, { input: { query: Number(params.companyId ?? '') } });
  const form = useActorRef(createTicketMachine, { input: {} });
  const opts = useSelector(options, (s) => s.context.data);
  const companyRows = useSelector(companies, (s) => s.context.data?.rows ?? []);
  const contacts = useSelector(company, (s) => s.context.data?.contacts ?? []);
  const fieldErrors = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const created = useSelector(form, (s) => s.context.result?.ticket.id);
  const [severity, setSeverity] = useState<Severity>('M');
  const [companyId, setCompanyId] = useState(params.companyId ?? '');

  useEffect(() => {
    if (created) navigate(`/ticket/${created}`);
  }, [created, navigate]);
  useEffect(() => {
    if (companyId) company.send({ type: 'query.set', query: Number(companyId) });
  }, [company, companyId]);

  const err = (f: string) => fieldErrors[f];
  return (
    <>
      <h1>Create Ticket</h1>
      <FieldsForm
        onFields={(v) => {
          const input: CreateTicketInput = {
            title: v.title ?? '',
            description: v.description ?? '',
            company_id: Number(v.company_id) || (undefined as unknown as number),
            severity: (v.severity ?? '') as Severity,
            queue: (v.queue ?? '') as CreateTicketInput['queue'],
            ...(v.contact_id ? { contact_id: Number(v.contact_id) } : {}),
            ...(v.assignee_id ? { assignee_id: Number(v.assignee_id) } : {}),
            ...(v.duedate ? { duedate: new Date(v.duedate).toISOString() } : {}),
          };
          form.send({ type: 'form.submit', input });
        }}
      >
        {error ? <div className="form-error wide" role="alert">{error}</div> : null}
        <label className="wide">
          Title
          <input name="title" maxLength={LIMITS.title} aria-invalid={Boolean(err('title'))} aria-describedby="title-error" />
          <FieldError id="title-error" message={err('title')} />
        </label>
        <label className="wide">
          Description
          <textarea name="description" rows={5} maxLength={LIMITS.text} aria-invalid={Boolean(err('description'))} aria-describedby="description-error" />
          <FieldError id="description-error" message={err('description')} />
        </label>
        <label>
          Company
          <select name="company_id" value={companyId} onChange={(e) => setCompanyId(e.target.value)} aria-invalid={Boolean(err('company_id'))} aria-describedby="company-error">
            <option value="">Choose a company</option>
            {params.companyId && !companyRows.some((c) => String(c.id) === params.companyId) ? <option value={params.companyId}>Company {params.companyId}</option> : null}
            {companyRows.map((c) => (
              <option key={c.id} value={c.id}>{c.name}</option>
            ))}
          </select>
          <FieldError id="company-error" message={err('company_id')} />
        </label>
        <label>
          Contact
          <select name="contact_id" defaultValue="" aria-describedby="contact-error" key={companyId}>
            <option value="">No contact</option>
            {contacts.map((c) => (
              <option key={c.id} value={c.id}>{c.name}</option>
            ))}
          </select>
          <FieldError id="contact-error" message={err('contact_id')} />
        </label>
        <label>
          Priority
          <select name="severity" value={severity} onChange={(e) => setSeverity(e.target.value as Severity)} aria-describedby="severity-error">
            {Object.entries(SEVERITIES).map(([k, v]) => (
              <option key={k} value={k}>{v}</option>
            ))}
          </select>
          <FieldError id="severity-error" message={err('severity')} />
        </label>
        <label>
          Queue
          <select name="queue" defaultValue="Support" aria-describedby="queue-error">
            {QUEUES.map((q) => (
              <option key={q} value={q}>{q}</option>
            ))}
          </select>
          <FieldError id="queue-error" message={err('queue')} />
        </label>
        <label>
          Assignee
          <select name="assignee_id" defaultValue="" aria-describedby="assignee-error">
            <option value="">Unassigned</option>
            {opts?.staff.map((s) => (
              <option key={s.id} value={s.id}>{s.name}</option>
            ))}
          </select>
          <FieldError id="assignee-error" message={err('assignee_id')} />
        </label>
        <label>
          Due date
          <input name="duedate" type="datetime-local" aria-describedby="duedate-hint duedate-error" />
          <span id="duedate-hint" className="hint">
            {opts ? `Leave empty for the ${SEVERITIES[severity]} response target: ${opts.response_target_hours[severity]} hours from now.` : ''}
          </span>
          <FieldError id="duedate-error" message={err('duedate')} />
        </label>
        <button type="submit" className="btn" disabled={busy}>Create ticket</button>
      </FieldsForm>
    </>
  );
}
