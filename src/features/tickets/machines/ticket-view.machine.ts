import { assertEvent, assign, emit, enqueueActions, fromPromise, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Queue } from '@contracts/common/codes';
import { fieldErrors as fieldErrorsOf } from '@contracts/common/errors';
import { TICKETS, type AddNoteInput, type AddTimeEntryInput, type TicketView, type UpdateTicketInput } from '@contracts/tickets';
import { toApiError } from '@/shared/http/http';
import { fileDownloadMachine, type FileDownloadActor } from '@/shared/machines/file-download.machine';
import { fileListMachine, type FileListActor } from '@/shared/machines/file-list.machine';
import { objectUrlsOf, thumbnailsMachine, type ThumbnailsActor } from '@/shared/machines/thumbnails.machine';
import { ticketDeskApi } from '../api';
import { queueAssigneesMachine } from '../queue-assignees';
import { ticketOptionsMachine } from './tickets.machines';

/** The ticket's forms: the note, the Change panel and Add time. */
export type TicketForm = 'note' | 'change' | 'time';

export type TicketViewContext = {
  id: number;
  /** The signed-in user ("a" assigns the ticket to them), or null when unknown. */
  me: number | null;
  data: TicketView | undefined;
  error: string | null;
  /** Why the last save failed when the reason belongs to no field (a 409, a lost connection, nothing to change), or null. */
  saveError: string | null;
  /** The message beside each field of the form that failed (`failedForm`), from its schema or a 400. */
  fieldErrors: Record<string, string>;
  /** Which form the failure belongs to (its summary and fields show there only); null for the survey or none. */
  failedForm: TicketForm | null;
  /** Counts the sends refused for their fields: each one moves focus to the first field in error of that form. */
  refusals: number;
  /** The form being saved (null for the survey). */
  saving: TicketForm | null;
  saved: number;
  /** The queue whose certified assignees the Assignee field was given (`assignees`), or null before the ticket loads. */
  assigneesQueue: Queue | null;
};
export type TicketViewEvent =
  | { type: 'ticket.reload' }
  | { type: 'ticket.addNote'; input: AddNoteInput }
  | { type: 'ticket.change'; input: UpdateTicketInput }
  | { type: 'ticket.addTime'; input: AddTimeEntryInput }
  | { type: 'ticket.sendSurvey' }
  /** A field of a form changed: its message goes. */
  | { type: 'ticket.fieldChange'; form: TicketForm; field: string }
  | { type: 'ticket.assignToMe' }
  | { type: 'ticket.pickStatus' }
  | { type: 'attachment.download'; file: { id: number; name: string } }
  /** An image attachment opens in the viewer; `attachment.close` closes it. */
  | { type: 'attachment.view'; file: { id: number; name: string } }
  | { type: 'attachment.close' };
/** What the view does for the machine: put the keyboard in one of the Change form's fields. */
export type TicketViewEmitted = { type: 'ticket.focus'; field: 'status' };

/** The body schema each form is checked against before it is sent: the one the server parses. */
const FORM_SCHEMAS = { note: TICKETS.addNote.body, change: TICKETS.update.body, time: TICKETS.addTime.body } as const;
const FORM_OF = { 'ticket.addNote': 'note', 'ticket.change': 'change', 'ticket.addTime': 'time' } as const;
/** The key a problem of the whole body is named by; the note's own text is its field `body`, so for it there is none. */
const WHOLE_BODY = 'body';

/** A refusal of `form` split into what its fields show and its summary (what belongs to no field). */
function splitFailure(form: TicketForm, fields: Record<string, string>, message: string | null): Pick<TicketViewContext, 'saveError' | 'fieldErrors'> {
  if (form === 'note') return { saveError: Object.keys(fields).length ? null : message, fieldErrors: fields };
  const { [WHOLE_BODY]: whole, ...rest } = fields;
  return { saveError: whole ?? (Object.keys(rest).length ? null : message), fieldErrors: rest };
}

/** The problems of what a form would send, by field, or none. */
function problemsOf(form: TicketForm, input: unknown): Record<string, string> {
  const parsed = FORM_SCHEMAS[form].safeParse(input);
  return parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
}

export type TicketSave = { id: number } & (
  | { kind: 'note'; input: AddNoteInput; files?: readonly File[] }
  | { kind: 'change'; input: UpdateTicketInput }
  | { kind: 'time'; input: AddTimeEntryInput }
  | { kind: 'survey' }
);

/** The Change form's fields as typed: the ticket's status, priority, queue, assignee (id or '') and due date (`datetime-local`, or ''). */
export type TicketChangeValues = { status: string; severity: string; queue: string; assignee_id: string; duedate: string };

/** A `datetime-local` value for an instant, in the browser's zone ('' for none). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** What the Change form changes: only the fields that differ from the ticket, so its history names exactly those. */
export function ticketChanges(t: TicketView['ticket'], v: TicketChangeValues): UpdateTicketInput {
  const input: UpdateTicketInput = {};
  if (v.status !== t.status) input.status = v.status as UpdateTicketInput['status'];
  if (v.severity !== t.severity) input.severity = v.severity as UpdateTicketInput['severity'];
  if (v.queue !== t.queue) input.queue = v.queue as UpdateTicketInput['queue'];
  if (v.assignee_id !== String(t.assignee_id ?? '')) input.assignee_id = v.assignee_id ? Number(v.assignee_id) : null;
  if (v.duedate !== toLocalInput(t.duedate)) input.duedate = v.duedate ? new Date(v.duedate).toISOString() : null;
  return input;
}

/**
 * One ticket (ticketView): its header, thread and time. Each save answers the whole ticket
 * again, which replaces what is shown; a failed save keeps the form and says why (on the page,
 * beside its fields). A save's success shows in the ticket itself (the note in the thread, the new
 * status, the time total), so the view says nothing more. It owns the ticket's load and save and
 * the staff list of the Assignee field (`options`, a query child spawned with a `systemId`,
 * docs/adr/0107). `saved` counts the saves: the note and time forms start empty after each.
 */
export const ticketViewMachine = setup({
  types: { context: {} as TicketViewContext, events: {} as TicketViewEvent, emitted: {} as TicketViewEmitted, input: {} as { id: number; me?: number | null } },
  actors: {
    /** The staff the Assignee field offers. */
    options: ticketOptionsMachine,
    /** Who may take the ticket in its queue (docs/adr/0223): the Assignee field's rule. */
    assignees: queueAssigneesMachine,
    /** The files chosen for the next note. */
    noteFiles: fileListMachine,
    /** Downloads of the notes' files. */
    downloads: fileDownloadMachine.provide({ actors: { fetch: fromPromise(({ input }) => ticketDeskApi.attachment(input.recordId, input.id)) } }),
    /** Thumbnails of the images attached to the ticket and its notes. */
    thumbnails: thumbnailsMachine.provide({
      actors: { fetchAll: fromPromise(({ input }) => objectUrlsOf(input, (file) => ticketDeskApi.thumbnail(file.recordId, file.id))) },
    }),
    load: fromPromise<TicketView, number>(({ input }) => ticketDeskApi.view(input)),
    save: fromPromise<TicketView, TicketSave>(({ input }) => {
      switch (input.kind) {
        case 'note':
          return ticketDeskApi.addNote(input.id, input.input, input.files);
        case 'change':
          return ticketDeskApi.update(input.id, input.input);
        case 'time':
          return ticketDeskApi.addTime(input.id, input.input);
        case 'survey':
          return ticketDeskApi.sendSurvey(input.id);
      }
    }),
  },
  actions: {
    focusStatus: emit({ type: 'ticket.focus', field: 'status' } as const),
    takeView: enqueueActions(({ context, enqueue }, view: TicketView) => {
      enqueue.assign({ data: view, saveError: null, fieldErrors: {}, failedForm: null });
      // The Assignee field follows the ticket's queue: its rule is asked for once loaded and again when a save moves the ticket.
      const queue = view.ticket.queue as Queue; // one of QUEUES (the tickets table checks it)
      if (context.assigneesQueue === null) enqueue.spawnChild('assignees', { id: 'assignees', systemId: 'ticketView.assignees', input: { query: queue } });
      else if (context.assigneesQueue !== queue) enqueue.sendTo('assignees', { type: 'query.set', query: queue });
      enqueue.assign({ assigneesQueue: queue });
      // The images' thumbnails (the ticket's own files and its notes'), fetched once each.
      const images = [...view.attachments, ...view.thread.flatMap((n) => n.attachments)].filter((a) => a.image);
      if (images.length) enqueue.sendTo('thumbnails', { type: 'thumbnails.show', files: images.map((a) => ({ recordId: view.ticket.id, id: a.id })) });
    }),
    /** A send its schema refuses: each problem beside its field (or above its form), nothing sent, focus to the first. */
    showProblems: assign(({ context, event }) => {
      assertEvent(event, ['ticket.addNote', 'ticket.change', 'ticket.addTime']);
      const form = FORM_OF[event.type];
      return { ...splitFailure(form, problemsOf(form, event.input), null), failedForm: form, refusals: context.refusals + 1 };
    }),
    clearField: assign(({ context, event }) => {
      assertEvent(event, 'ticket.fieldChange');
      if (context.failedForm !== event.form) return {};
      const { [event.field]: _gone, ...rest } = context.fieldErrors;
      return { fieldErrors: rest };
    }),
  },
  guards: {
    /** What the form would send breaks its schema. */
    /** The signed-in user is known and does not hold the ticket yet. */
    isNotMine: ({ context }) => context.me !== null && context.data?.ticket.assignee_id !== context.me,
    isRefused: ({ event }) => {
      if (event.type !== 'ticket.addNote' && event.type !== 'ticket.change' && event.type !== 'ticket.addTime') return false;
      return Object.keys(problemsOf(FORM_OF[event.type], event.input)).length > 0;
    },
  },
}).createMachine({
  id: 'ticketView',
  description: 'Shows a ticket and saves notes, changes and time against it.',
  context: ({ input }) => ({ id: input.id, me: input.me ?? null, data: undefined, error: null, saveError: null, fieldErrors: {}, failedForm: null, refusals: 0, saving: null, saved: 0, assigneesQueue: null }),
  entry: [
    spawnChild('options', { id: 'options', systemId: 'ticketView.options', input: {} }),
    spawnChild('noteFiles', { id: 'noteFiles', systemId: 'ticketView.noteFiles' }),
    spawnChild('downloads', { id: 'downloads', systemId: 'ticketView.downloads' }),
    spawnChild('thumbnails', { id: 'thumbnails', systemId: 'ticketView.thumbnails' }),
  ],
  on: {
    'attachment.download': {
      description: "A note's file is fetched with the session and offered as a download.",
      actions: sendTo('downloads', ({ context, event }) => ({ type: 'file.download' as const, file: { recordId: context.id, id: event.file.id, name: event.file.name } })),
    },
    'attachment.view': {
      description: 'An image attachment is fetched with the session and shown full size in the viewer.',
      actions: sendTo('downloads', ({ context, event }) => ({ type: 'file.view' as const, file: { recordId: context.id, id: event.file.id, name: event.file.name } })),
    },
    'attachment.close': { description: 'The image viewer closes.', actions: sendTo('downloads', { type: 'file.close' as const }) },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The ticket is being fetched.',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.id,
        onDone: { target: 'ready', actions: { type: 'takeView', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toApiError(event.error).message }) },
      },
    },
    ready: {
      description: 'The ticket is shown; notes, changes and time can be saved.',
      on: {
        'ticket.reload': 'loading',
        'ticket.addNote': [{ guard: 'isRefused', actions: 'showProblems', description: 'The schema refuses the note: nothing is sent; each problem shows beside its field.' }, 'saving'],
        'ticket.change': [{ guard: 'isRefused', actions: 'showProblems', description: 'Nothing changed (or a bad value): nothing is sent; the form says why.' }, 'saving'],
        'ticket.addTime': [{ guard: 'isRefused', actions: 'showProblems', description: 'The schema refuses the time entry: nothing is sent; each problem shows beside its field.' }, 'saving'],
        'ticket.fieldChange': { actions: 'clearField', description: "A field changed: its message goes." },
        'ticket.sendSurvey': { target: 'saving', description: 'The support survey of the closed ticket is (re)sent to its contact.' },
        'ticket.assignToMe': {
          guard: 'isNotMine',
          target: 'saving',
          description: '"a": the signed-in user takes the ticket (the same change as picking them as the assignee); nothing when they hold it already.',
        },
        'ticket.pickStatus': { actions: 'focusStatus', description: '"s": the keyboard goes to the Status field of the Change form.' },
      },
    },
    saving: {
      description: 'A note, a change, a time entry or the survey email is being saved.',
      tags: ['busy'],
      entry: assign({ saving: ({ event }) => (event.type in FORM_OF ? FORM_OF[event.type as keyof typeof FORM_OF] : null) }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context, event, self }): TicketSave => {
          assertEvent(event, ['ticket.addNote', 'ticket.change', 'ticket.addTime', 'ticket.sendSurvey', 'ticket.assignToMe']);
          switch (event.type) {
            case 'ticket.assignToMe':
              return { id: context.id, kind: 'change', input: { assignee_id: context.me } };
            case 'ticket.sendSurvey':
              return { id: context.id, kind: 'survey' };
            case 'ticket.addNote': {
              // The note carries the files chosen for it.
              const files = (self.getSnapshot()?.children?.noteFiles as FileListActor | undefined)?.getSnapshot().context.files ?? [];
              return { id: context.id, kind: 'note', input: event.input, ...(files.length ? { files } : {}) };
            }
            case 'ticket.change':
              return { id: context.id, kind: 'change', input: event.input };
            case 'ticket.addTime':
              return { id: context.id, kind: 'time', input: event.input };
          }
        },
        onDone: {
          target: 'ready',
          // The note form starts empty after a save, its files too.
          actions: [{ type: 'takeView', params: ({ event }) => event.output }, assign({ saved: ({ context }) => context.saved + 1 }), sendTo('noteFiles', { type: 'files.clear' })],
        },
        onError: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const e = toApiError(event.error);
            const sent = context.saving;
            if (sent === null) return { saveError: e.message, fieldErrors: {}, failedForm: null };
            const failure = splitFailure(sent, e.fields ?? {}, e.message);
            return { ...failure, failedForm: sent, refusals: context.refusals + (Object.keys(failure.fieldErrors).length ? 1 : 0) };
          }),
        },
      },
    },
    failed: { description: 'The ticket could not be loaded (or does not exist); the reason is shown with a retry.', on: { 'ticket.reload': 'loading' } },
  },
});

// Selectors: what the ticket's view reads.

export type TicketViewActor = ActorRefFrom<typeof ticketViewMachine>;
type S = SnapshotFrom<typeof ticketViewMachine>;
export const selectTicketView = (s: S) => s.context.data;
export const selectLoadFailed = (s: S) => s.matches('failed');
export const selectLoadError = (s: S) => s.context.error;
/** Why a save that belongs to no form (the survey) failed. */
export const selectSaveError = (s: S) => (s.context.failedForm === null ? s.context.saveError : null);
const NO_ERRORS: Record<string, string> = {};
/** The messages beside the fields of `form` (none when the last failure was another form's). */
export const selectFieldErrorsOf = (form: TicketForm) => (s: S) => (s.context.failedForm === form ? s.context.fieldErrors : NO_ERRORS);
/** Why the last save of `form` failed when the reason belongs to none of its fields. */
export const selectFormError = (form: TicketForm) => (s: S) => (s.context.failedForm === form ? s.context.saveError : null);
/** The form machine's count of refusals of `form` (0 while another form is the one that failed): focus follows it. */
export const selectRefusalsOf = (form: TicketForm) => (s: S) => (s.context.failedForm === form ? s.context.refusals : 0);
/** Grows with each save: the note and time forms are keyed by it, so they start empty after a save and keep what was typed after a failure. */
export const selectSaved = (s: S) => s.context.saved;
export const selectBusy = (s: S) => s.hasTag('busy');
/** The staff list's query child; `selectStaff` reads it. */
export const selectOptions = (s: S) => s.children.options as ActorRefFrom<typeof ticketOptionsMachine> | undefined;
const NO_STAFF: { id: number; name: string }[] = [];
/** The query child of who may take the ticket in its queue (absent until the ticket loads); `selectQueueRule` reads it. */
export const selectAssignees = (s: S) => s.children.assignees as ActorRefFrom<typeof queueAssigneesMachine> | undefined;
export const selectQueueRule = (s: SnapshotFrom<typeof queueAssigneesMachine> | undefined) => s?.context.data;
/** The files chosen for the next note (the file list child). */
export const selectNoteFiles = (s: S) => s.children.noteFiles as FileListActor | undefined;
export const selectThumbnailsActor = (s: S) => s.children.thumbnails as ThumbnailsActor | undefined;
/** The downloads child, which also holds the image open in the viewer (`selectViewer`). */
export const selectDownloadsActor = (s: S) => s.children.downloads as FileDownloadActor | undefined;
export const selectStaff = (s: SnapshotFrom<typeof ticketOptionsMachine> | undefined) => s?.context.data?.staff ?? NO_STAFF;
