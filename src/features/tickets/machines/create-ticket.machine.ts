/**
 * Create Ticket (/create/ticket/{companyId?}): the form's fields, its save and what it reads while
 * it is filled in. The fields live here (`draft`), the save is the one form machine (`form`, a
 * `submitChild` checked against the endpoint's body schema, so its words show beside each field);
 * the picked company's contacts (`company`), the staff list and response targets (`options`) and
 * who may take a ticket in the picked queue (`assignees`, docs/adr/0223) are query children the
 * machine drives as the fields change. Once created, or on Cancel, it asks the view to open the
 * next page (`createTicket.navigate`).
 */
import { assertEvent, emit, enqueueActions, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Queue, Severity } from '@contracts/common/codes';
import { pickedCompanyMachine } from '@/features/companies';
import { refusalSummary } from '@/shared/machines/attach-each';
import { fileListMachine, type FileListActor } from '@/shared/machines/file-list.machine';
import { submitChild, type SubmitFailure, type SubmitNotices } from '@/shared/machines/submit.machine';
import { queueAssigneesMachine } from '../queue-assignees';
import { createTicketMachine, ticketOptionsMachine, type CreatedTicket, type CreateTicketWithFiles } from './tickets.machines';

/** A day picked as `YYYY-MM-DD`. */
type Day = string;
/** What the form holds: the ticket's fields as picked (a due day without a time; nothing picked is null). */
export type TicketDraft = {
  title: string;
  description: string;
  company_id: number | null;
  contact_id: number | null;
  severity: Severity;
  queue: Queue;
  assignee_id: number | null;
  duedate: Day | null;
};
export type TicketDraftField = keyof TicketDraft;

/** A due day picked without a time means the end of that working day, in the user's time zone. */
export const DUE_HOUR = '17:00';

/** What the form says when it is saved; a failure is shown on the form (beside its field, or above the form when it belongs to none). */
const NOTICES: SubmitNotices<CreateTicketWithFiles, CreatedTicket> = {
  saved: (r) => {
    const refused = refusalSummary(r.refused);
    return refused ? { title: `Ticket #${r.ticket.id} created`, description: refused, tone: 'info' } : `Ticket #${r.ticket.id} created`;
  },
};

/**
 * What the form sends for `draft` and the files chosen. An empty company stays empty: the schema
 * names it ("Pick a company"); fields left empty are not sent.
 */
export function ticketInputOf(draft: TicketDraft, files: readonly File[]): CreateTicketWithFiles {
  return {
    title: draft.title,
    description: draft.description,
    company_id: draft.company_id ?? (undefined as unknown as number),
    severity: draft.severity,
    queue: draft.queue,
    ...(draft.contact_id !== null ? { contact_id: draft.contact_id } : {}),
    ...(draft.assignee_id !== null ? { assignee_id: draft.assignee_id } : {}),
    ...(draft.duedate ? { duedate: new Date(`${draft.duedate}T${DUE_HOUR}`).toISOString() } : {}),
    ...(files.length ? { files } : {}),
  };
}

export type CreateTicketScreenContext = {
  /** The company the address named (the form starts from it; Cancel goes back to it), or null. */
  routeCompany: number | null;
  draft: TicketDraft;
};
export type CreateTicketScreenEvent =
  /** The user changed a field; its message goes. Another company clears the contact and loads its contacts; another queue asks who may take it. */
  | { type: 'field.set'; field: TicketDraftField; value: TicketDraft[TicketDraftField] }
  /** The user left a field: its own problems show. */
  | { type: 'field.blur'; field: TicketDraftField }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  /** What the form child tells: the ticket was created (with the files it refused), or the save failed (the form shows why and keeps what was typed; nothing more to do here). */
  | { type: 'ticket.created'; result: CreatedTicket }
  | ({ type: 'ticket.refused' } & SubmitFailure);
/** What the view does for the machine: open another page. */
export type CreateTicketScreenEmitted = { type: 'createTicket.navigate'; to: string };

const initialDraft = (company: number | null): TicketDraft => ({
  title: '',
  description: '',
  company_id: company,
  contact_id: null,
  severity: 'M',
  queue: 'Support',
  assignee_id: null,
  duedate: null,
});

export const createTicketScreenMachine = setup({
  types: {
    context: {} as CreateTicketScreenContext,
    events: {} as CreateTicketScreenEvent,
    emitted: {} as CreateTicketScreenEmitted,
    input: {} as { routeCompany: number | null },
  },
  actors: {
    form: submitChild(createTicketMachine, { saved: 'ticket.created', failed: 'ticket.refused' }),
    files: fileListMachine,
    company: pickedCompanyMachine,
    options: ticketOptionsMachine,
    assignees: queueAssigneesMachine,
  },
  actions: {
    /** Tells the form child what the user did, with what the form would send now. */
    toForm: enqueueActions(({ context, event, self, enqueue }) => {
      const files = (self.getSnapshot()?.children?.files as FileListActor | undefined)?.getSnapshot().context?.files ?? [];
      const input = ticketInputOf(context.draft, files);
      if (event.type === 'form.submit') enqueue.sendTo('form', { type: 'form.submit', input });
      if (event.type === 'field.blur') enqueue.sendTo('form', { type: 'form.blur', field: event.field, input });
    }),
    setField: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'field.set') return;
      const draft = { ...context.draft, [event.field]: event.value } as TicketDraft;
      if (event.field === 'company_id') {
        // Another company: its contacts load, and the contact picked for the last one goes.
        draft.contact_id = null;
        if (draft.company_id !== null) enqueue.sendTo('company', { type: 'query.set', query: draft.company_id });
      }
      if (event.field === 'queue') enqueue.sendTo('assignees', { type: 'query.set', query: draft.queue });
      enqueue.assign({ draft });
      enqueue.sendTo('form', { type: 'form.change', field: event.field });
    }),
    openTicket: emit(({ event }) => {
      assertEvent(event, 'ticket.created');
      return { type: 'createTicket.navigate' as const, to: `/ticket/${event.result.ticket.id}` };
    }),
    goBack: emit(({ context }) => ({ type: 'createTicket.navigate' as const, to: context.routeCompany ? `/company/${context.routeCompany}` : '/ticket/search' })),
  },
  guards: {
    /** The picker reports its company again when its list closes: only another company (or another value) is a change. */
    isChange: ({ context, event }) => event.type === 'field.set' && context.draft[event.field] !== event.value,
  },
}).createMachine({
  id: 'createTicketScreen',
  description: 'Create Ticket: the fields, the company, staff and queue they read, the save and the page it opens.',
  context: ({ input }) => ({ routeCompany: input.routeCompany, draft: initialDraft(input.routeCompany) }),
  entry: [
    spawnChild('form', { id: 'form', systemId: 'createTicket.form', input: { notices: NOTICES } }),
    spawnChild('files', { id: 'files', systemId: 'createTicket.files' }),
    spawnChild('company', { id: 'company', systemId: 'createTicket.company', input: ({ context }) => ({ query: context.routeCompany }) }),
    spawnChild('options', { id: 'options', systemId: 'createTicket.options', input: {} }),
    spawnChild('assignees', { id: 'assignees', systemId: 'createTicket.assignees', input: ({ context }) => ({ query: context.draft.queue }) }),
  ],
  initial: 'editing',
  states: {
    editing: {
      description: 'The form is filled in; each save the form refuses or the server turns down leaves it here with what was typed.',
      on: {
        'field.set': { guard: 'isChange', actions: 'setField', description: 'A field changed: the form forgets its message; a company loads its contacts, a queue who may take it.' },
        'field.blur': { actions: 'toForm', description: 'A field left: the form shows its own problems.' },
        'form.submit': { actions: 'toForm', description: 'The form checks what would be sent and sends it.' },
        'form.cancel': { target: 'left', actions: 'goBack', description: 'Cancel: back to the company of the address, or to the ticket search.' },
        'ticket.created': { target: 'left', actions: 'openTicket', description: 'Created: the new ticket opens.' },
      },
    },
    left: { description: 'The screen asked to open another page (the new ticket, or the page it came from).' },
  },
});

// Selectors: what the view reads.
export type CreateTicketScreenActor = ActorRefFrom<typeof createTicketScreenMachine>;
type S = SnapshotFrom<typeof createTicketScreenMachine>;
export const selectDraft = (s: S) => s.context.draft;
export const selectForm = (s: S) => s.children.form as ActorRefFrom<typeof createTicketMachine> | undefined;
export const selectFiles = (s: S) => s.children.files as FileListActor | undefined;
export const selectCompany = (s: S) => s.children.company as ActorRefFrom<typeof pickedCompanyMachine> | undefined;
export const selectOptions = (s: S) => s.children.options as ActorRefFrom<typeof ticketOptionsMachine> | undefined;
export const selectAssignees = (s: S) => s.children.assignees as ActorRefFrom<typeof queueAssigneesMachine> | undefined;