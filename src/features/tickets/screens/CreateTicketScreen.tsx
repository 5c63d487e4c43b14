import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useEffect, useState } from 'react';
import type { Key } from 'react-aria-components';
import { useLocation } from 'wouter';
import { QUEUES, SEVERITIES, type Queue, type Severity } from '@contracts/common/codes';
import { LIMITS } from '@contracts/common/constants';
import type { CreateTicketInput } from '@contracts/tickets';
import type { ScreenProps } from '@/shared/routing';
import { pickedCompanyMachine } from '@/features/companies';
import { CompanyPicker } from '@/shared/pickers';
import { certifiedOptions, queueAssigneesMachine } from '../queue-assignees';
import { createTicketMachine, ticketOptionsMachine, type CreatedTicket, type CreateTicketWithFiles } from '../machines/tickets.machines';
import { fileListMachine, selectChosenFiles, selectFilesError } from '@/shared/machines/file-list.machine';
import { refusalSummary } from '@/shared/machines/attach-each';
import { Breadcrumbs, DatePicker, FilePicker, FormGridItem, Select, Skeleton, TextArea, TextField, type IsoDate } from '@/shared/ui/components';
import type { SubmitNotices } from '@/shared/machines/submit.machine';
import { RecordForm } from '@/shared/ui/record-form';

const SEVERITY_OPTIONS = Object.entries(SEVERITIES).map(([id, label]) => ({ id, label }));
const QUEUE_OPTIONS = QUEUES.map((q) => ({ id: q, label: q }));
/** What the form says when it is saved; a failure is shown on the form (beside its field, or above the form when it belongs to none). */
const NOTICES: SubmitNotices<CreateTicketWithFiles, CreatedTicket> = {
  saved: (r) => {
    const refused = refusalSummary(r.refused);
    return refused ? { title: `Ticket #${r.ticket.id} created`, description: refused, tone: 'info' } : `Ticket #${r.ticket.id} created`;
  },
};
/** A due day picked without a time means the end of that working day, in the user's time zone. */
const DUE_HOUR = '17:00';

/** /create/ticket/{companyId?}: a ticket for a company (pre-filled from the route); opens the new ticket. */
export default function CreateTicketScreen({ params }: ScreenProps) {
  const [, navigate] = useLocation();
  const routeCompany = params.companyId && /^\d+$/.test(params.companyId) ? Number(params.companyId) : null;
  const options = useActorRef(ticketOptionsMachine, { input: {} });
  const company = useActorRef(pickedCompanyMachine, { input: { query: routeCompany } });
  const form = useActorRef(createTicketMachine, { input: { notices: NOTICES } });
  const fileList = useActorRef(fileListMachine);
  const files = useSelector(fileList, selectChosenFiles);
  const filesError = useSelector(fileList, selectFilesError);
  const opts = useSelector(options, (s) => s.context.data);
  const loadedCompany = useSelector(company, (s) => s.context.data);
  const companyFailed = useSelector(company, (s) => s.matches('failed'));
  const fieldErrors = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const refusals = useSelector(form, (s) => s.context.refusals);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const created = useSelector(form, (s) => s.context.result?.ticket.id);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [companyId, setCompanyId] = useState<number | null>(routeCompany);
  const [contact, setContact] = useState<Key | null>(null);
  const [severity, setSeverity] = useState<Severity>('M');
  const [queue, setQueue] = useState<Queue>('Support');
  const [assignee, setAssignee] = useState<Key | null>(null);
  const [due, setDue] = useState<IsoDate | null>(null);

  useEffect(() => {
    if (created) navigate(`/ticket/${created}`);
  }, [created, navigate]);
  useEffect(() => {
    if (companyId) company.send({ type: 'query.set', query: companyId });
  }, [company, companyId]);
  // Who is not certified for the queue picked shows disabled with the reason (docs/adr/0223).
  const assignees = useActorRef(queueAssigneesMachine, { input: { query: queue } });
  const queueRule = useSelector(assignees, (s) => s.context.data);
  useEffect(() => {
    if (assignees.getSnapshot().context.query !== queue) assignees.send({ type: 'query.set', query: queue });
  }, [assignees, queue]);

  const contacts = loadedCompany && loadedCompany.company.id === companyId ? loadedCompany.contacts : [];
  // The route's company is shown by name once it has loaded (the picker then starts from it).
  const waitingForRouteCompany = routeCompany !== null && !(loadedCompany && loadedCompany.company.id === routeCompany) && !companyFailed;

  // An empty company stays empty: the form machine's schema check names it ("Pick a company").
  const input = (): CreateTicketWithFiles => ({
    title,
    description,
    company_id: companyId ?? (undefined as unknown as number),
    severity,
    queue,
    ...(contact !== null ? { contact_id: Number(contact) } : {}),
    ...(assignee !== null ? { assignee_id: Number(assignee) } : {}),
    ...(due ? { duedate: new Date(`${due}T${DUE_HOUR}`).toISOString() } : {}),
    ...(files.length ? { files } : {}),
  });
  /** A setter that also tells the form machine the field changed (its message goes). */
  const changed =
    <T,>(field: keyof CreateTicketInput, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      form.send({ type: 'form.change', field });
    };

  return (
    <RecordForm
      title="Create Ticket"
      subtitle="Log a request for a client: what happened, who reported it and how urgent it is."
      breadcrumbs={<Breadcrumbs items={[{ label: 'Ticket Search', href: '/ticket/search' }, { label: 'Create Ticket' }]} />}
      error={error}
      fieldErrors={fieldErrors}
      refusals={refusals}
      onFieldBlur={(field) => form.send({ type: 'form.blur', field, input: input() })}
      busy={busy}
      submitLabel="Create ticket"
      onSubmit={() => form.send({ type: 'form.submit', input: input() })}
      onCancel={() => navigate(routeCompany ? `/company/${routeCompany}` : '/ticket/search')}
    >
      <FormGridItem span="full">
        <TextField label="Title" name="title" value={title} onChange={changed('title', setTitle)} isRequired maxLength={LIMITS.title} errorMessage={fieldErrors.title} />
      </FormGridItem>
      <FormGridItem span="full">
        <TextArea label="Description" name="description" value={description} onChange={changed('description', setDescription)} rows={5} isRequired maxLength={LIMITS.text} errorMessage={fieldErrors.description} />
      </FormGridItem>
      {waitingForRouteCompany ? (
        <Skeleton height="4rem" />
      ) : (
        <Suspense fallback={<Skeleton height="4rem" />}>
          <CompanyPicker
            label="Company"
            name="company_id"
            value={companyId}
            valueName={loadedCompany && loadedCompany.company.id === companyId ? loadedCompany.company.name : undefined}
            placeholder="Search by name or account number"
            isRequired
            errorMessage={fieldErrors.company_id}
            onChange={(id) => {
              // The picker reports its company again when its list closes; only another company is a change.
              if (id === companyId) return;
              changed('company_id', setCompanyId)(id);
              setContact(null);
            }}
          />
        </Suspense>
      )}
      <Select
        label="Contact"
        name="contact_id"
        placeholder={companyId ? 'No contact' : 'Pick a company first'}
        isDisabled={!companyId}
        items={contacts.map((c) => ({ id: c.id, label: c.name, description: c.email ?? undefined }))}
        value={contact}
        onChange={changed('contact_id', (k: Key | null) => setContact(k))}
        errorMessage={fieldErrors.contact_id}
      />
      <Select label="Priority" name="severity" items={SEVERITY_OPTIONS} value={severity} onChange={changed('severity', (k: Key | null) => setSeverity(k as Severity))} errorMessage={fieldErrors.severity} />
      <Select label="Queue" name="queue" items={QUEUE_OPTIONS} value={queue} onChange={changed('queue', (k: Key | null) => setQueue(k as Queue))} errorMessage={fieldErrors.queue} />
      <Select
        label="Assignee"
        name="assignee_id"
        placeholder="Unassigned"
        items={certifiedOptions((opts?.staff ?? []).map((s) => ({ id: s.id, label: s.name })), queueRule)}
        value={assignee}
        onChange={changed('assignee_id', (k: Key | null) => setAssignee(k))}
        errorMessage={fieldErrors.assignee_id}
      />
      <DatePicker
        label="Due date"
        name="duedate"
        value={due}
        onChange={changed('duedate', setDue)}
        description={opts ? `Leave empty for the ${SEVERITIES[severity]} response target: ${opts.response_target_hours[severity]} hours from now. A day picked is due at ${DUE_HOUR}.` : undefined}
        errorMessage={fieldErrors.duedate}
      />
      <FormGridItem span="full">
        <FilePicker
          id="ticket-files"
          files={files}
          error={filesError}
          onAdd={(added) => fileList.send({ type: 'files.add', files: added })}
          onRemove={(index) => fileList.send({ type: 'files.remove', index })}
          isDisabled={busy}
        />
      </FormGridItem>
    </RecordForm>
  );
}
