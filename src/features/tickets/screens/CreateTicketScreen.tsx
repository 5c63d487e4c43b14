import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useEffect } from 'react';
import type { Key } from 'react-aria-components';
import { useLocation } from 'wouter';
import { QUEUES, SEVERITIES, type Queue, type Severity } from '@contracts/common/codes';
import { LIMITS } from '@contracts/common/constants';
import type { ScreenProps } from '@/shared/routing';
import { CompanyPicker } from '@/shared/pickers';
import { certifiedOptions } from '../queue-assignees';
import {
  createTicketScreenMachine,
  DUE_HOUR,
  selectAssignees,
  selectCompany,
  selectDraft,
  selectFiles,
  selectForm,
  selectOptions,
  type TicketDraft,
  type TicketDraftField,
} from '../machines/create-ticket.machine';
import { selectChosenFiles, selectFilesError } from '@/shared/machines/file-list.machine';
import { Breadcrumbs, DatePicker, FilePicker, FormGridItem, Select, Skeleton, TextArea, TextField } from '@/shared/ui/components';
import { RecordForm } from '@/shared/ui/record-form';

const SEVERITY_OPTIONS = Object.entries(SEVERITIES).map(([id, label]) => ({ id, label }));
const QUEUE_OPTIONS = QUEUES.map((q) => ({ id: q, label: q }));
const NO_ERRORS: Record<string, string> = {};
const NO_FILES: readonly File[] = [];
/** A picked key as an id, or null for none. */
const idOf = (k: Key | null) => (k === null ? null : Number(k));

/** /create/ticket/{companyId?}: a ticket for a company (pre-filled from the route); opens the new ticket. The form and what it reads live in its machine. */
export default function CreateTicketScreen({ params }: ScreenProps) {
  const [, navigate] = useLocation();
  const routeCompany = params.companyId && /^\d+$/.test(params.companyId) ? Number(params.companyId) : null;
  const screen = useActorRef(createTicketScreenMachine, { input: { routeCompany } });
  const draft = useSelector(screen, selectDraft);
  const form = useSelector(screen, selectForm);
  const fileList = useSelector(screen, selectFiles);
  const files = useSelector(fileList, (s) => (s ? selectChosenFiles(s) : NO_FILES));
  const filesError = useSelector(fileList, (s) => (s ? selectFilesError(s) : null));
  const opts = useSelector(useSelector(screen, selectOptions), (s) => s?.context.data);
  const company = useSelector(screen, selectCompany);
  const loadedCompany = useSelector(company, (s) => s?.context.data);
  const companyFailed = useSelector(company, (s) => s?.matches('failed') ?? false);
  // Who is not certified for the queue picked shows disabled with the reason (docs/adr/0223); the machine follows the queue.
  const queueRule = useSelector(useSelector(screen, selectAssignees), (s) => s?.context.data);
  const fieldErrors = useSelector(form, (s) => s?.context.fieldErrors ?? NO_ERRORS);
  const error = useSelector(form, (s) => s?.context.error ?? null);
  const refusals = useSelector(form, (s) => s?.context.refusals ?? 0);
  const busy = useSelector(form, (s) => s?.hasTag('busy') ?? false);
  // The machine says which page opens next (the new ticket, or back on Cancel).
  useEffect(() => {
    const sub = screen.on('createTicket.navigate', (e) => navigate(e.to));
    return () => sub.unsubscribe();
  }, [screen, navigate]);

  const companyId = draft.company_id;
  const contacts = loadedCompany && loadedCompany.company.id === companyId ? loadedCompany.contacts : [];
  // The route's company is shown by name once it has loaded (the picker then starts from it).
  const waitingForRouteCompany = routeCompany !== null && !(loadedCompany && loadedCompany.company.id === routeCompany) && !companyFailed;
  /** What the user picked or typed in a field, told to the machine. */
  const set =
    <F extends TicketDraftField>(field: F) =>
    (value: TicketDraft[F]) =>
      screen.send({ type: 'field.set', field, value });

  return (
    <RecordForm
      title="Create Ticket"
      subtitle="Log a request for a client: what happened, who reported it and how urgent it is."
      breadcrumbs={<Breadcrumbs items={[{ label: 'Ticket Search', href: '/ticket/search' }, { label: 'Create Ticket' }]} />}
      error={error}
      fieldErrors={fieldErrors}
      refusals={refusals}
      onFieldBlur={(field) => screen.send({ type: 'field.blur', field: field as TicketDraftField })}
      busy={busy}
      submitLabel="Create ticket"
      onSubmit={() => screen.send({ type: 'form.submit' })}
      onCancel={() => screen.send({ type: 'form.cancel' })}
    >
      <FormGridItem span="full">
        <TextField label="Title" name="title" value={draft.title} onChange={set('title')} isRequired maxLength={LIMITS.title} errorMessage={fieldErrors.title} />
      </FormGridItem>
      <FormGridItem span="full">
        <TextArea label="Description" name="description" value={draft.description} onChange={set('description')} rows={5} isRequired maxLength={LIMITS.text} errorMessage={fieldErrors.description} />
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
            onChange={set('company_id')}
          />
        </Suspense>
      )}
      <Select
        label="Contact"
        name="contact_id"
        placeholder={companyId ? 'No contact' : 'Pick a company first'}
        isDisabled={!companyId}
        items={contacts.map((c) => ({ id: c.id, label: c.name, description: c.email ?? undefined }))}
        value={draft.contact_id}
        onChange={(k: Key | null) => set('contact_id')(idOf(k))}
        errorMessage={fieldErrors.contact_id}
      />
      <Select label="Priority" name="severity" items={SEVERITY_OPTIONS} value={draft.severity} onChange={(k: Key | null) => set('severity')(k as Severity)} errorMessage={fieldErrors.severity} />
      <Select label="Queue" name="queue" items={QUEUE_OPTIONS} value={draft.queue} onChange={(k: Key | null) => set('queue')(k as Queue)} errorMessage={fieldErrors.queue} />
      <Select
        label="Assignee"
        name="assignee_id"
        placeholder="Unassigned"
        items={certifiedOptions((opts?.staff ?? []).map((s) => ({ id: s.id, label: s.name })), queueRule)}
        value={draft.assignee_id}
        onChange={(k: Key | null) => set('assignee_id')(idOf(k))}
        errorMessage={fieldErrors.assignee_id}
      />
      <DatePicker
        label="Due date"
        name="duedate"
        value={draft.duedate}
        onChange={set('duedate')}
        description={opts ? `Leave empty for the ${SEVERITIES[draft.severity]} response target: ${opts.response_target_hours[draft.severity]} hours from now. A day picked is due at ${DUE_HOUR}.` : undefined}
        errorMessage={fieldErrors.duedate}
      />
      <FormGridItem span="full">
        <FilePicker
          id="ticket-files"
          files={files}
          error={filesError}
          onAdd={(added) => fileList?.send({ type: 'files.add', files: added })}
          onRemove={(index) => fileList?.send({ type: 'files.remove', index })}
          isDisabled={busy}
        />
      </FormGridItem>
    </RecordForm>
  );
}
