/**
 * A company's page (/company/{id}) as one statechart (docs/adr/0107): it owns the company's query,
 * its recent tickets, the change form (the company, its contacts, its sign-up policy) and the
 * client care survey's send, each a child spawned with a `systemId`. It decides which editor is
 * open, one change at a time, where a refused change's reasons show, and says how each ended
 * (`notify`); a saved change closes its editor and the page loads again. The view reads the
 * selectors at the end of this file and sends the events below.
 */
import { assertEvent, assign, enqueueActions, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CompanyView, ContactInput, UpdateCompanyInput } from '@contracts/companies';
import type { SendSurveyResponse } from '@contracts/surveys';
import type { TicketSearchResponse } from '@contracts/tickets';
import { sendClientCareSurveyMachine } from '@/features/surveys';
import { ticketSearchMachine } from '@/features/tickets';
import { notifyActions } from '@/shared/machines/notify';
import { queryChild } from '@/shared/machines/query.machine';
import { submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import { companyActionMachine, companyViewMachine, type CompanyAction } from './companies.machines';

/** How many of the company's latest tickets its Tickets tab lists. */
export const RECENT_TICKETS = 10;

/** The forms of the page that change the company: each shows the reasons of its own refusal. */
export type ChangeForm = 'company' | 'signup' | 'contactAdd' | 'contactEdit' | 'contactRemove';
export type PageChange = { form: ChangeForm; action: CompanyAction };
export type ChangeFailure = SubmitFailure & { form: ChangeForm };

/** What a change says once saved, and when it fails. */
export function messagesOf({ form, action }: PageChange): { saved: string; failed: string } {
  switch (form) {
    case 'company':
      return { saved: 'Company saved', failed: 'The company was not saved' };
    case 'signup':
      return { saved: 'Sign-up policy saved', failed: 'The sign-up policy was not saved' };
    case 'contactAdd':
      return { saved: `Contact ${action.action === 'addContact' ? action.payload.name : ''} added`, failed: 'The contact was not added' };
    case 'contactEdit':
      return { saved: 'Contact saved', failed: 'The contact was not saved' };
    case 'contactRemove':
      return { saved: 'Contact removed', failed: 'The contact was not removed' };
  }
}

/** What the survey's send says once done: how many contacts it went to, or that none has an address. */
export const surveySentMessage = (r: SendSurveyResponse) =>
  r.queued === 0 ? 'Nothing was sent: no contact has an email address' : `Client care survey sent to ${r.queued} contact${r.queued === 1 ? '' : 's'}`;

/** Keys of the failure notices: the next attempt closes the one before. */
const CHANGE_NOTICE = 'company.change';
const SURVEY_NOTICE = 'company.survey';

export type CompanyPageContext = {
  companyId: number;
  view: CompanyView | null;
  loadError: string | null;
  recent: TicketSearchResponse | null;
  ticketsError: string | null;
  /** The contact whose editor is open. */
  editing: number | null;
  /** Grows with each contact added: the add form starts empty again. */
  addKey: number;
  /** The change under way or last sent. */
  change: PageChange | null;
  failure: ChangeFailure | null;
  survey: { result: SendSurveyResponse | null; error: string | null };
};

export type CompanyPageEvent =
  // From the view
  | { type: 'company.edit' }
  | { type: 'contact.edit'; id: number }
  | { type: 'editor.close' }
  | { type: 'company.save'; payload: UpdateCompanyInput }
  | { type: 'signup.save'; payload: Pick<UpdateCompanyInput, 'signup_policy' | 'signup_domains'> }
  | { type: 'contact.add'; payload: ContactInput }
  | { type: 'contact.save'; id: number; payload: Partial<ContactInput> }
  | { type: 'contact.remove'; id: number }
  | { type: 'survey.send' }
  // From the children
  | { type: 'company.loaded'; data: CompanyView }
  | { type: 'company.loadFailed'; error: string }
  | { type: 'tickets.loaded'; data: TicketSearchResponse }
  | { type: 'tickets.loadFailed'; error: string }
  | { type: 'change.saved'; result: unknown }
  | ({ type: 'change.failed' } & SubmitFailure)
  | { type: 'survey.sent'; result: SendSurveyResponse }
  | ({ type: 'survey.failed' } & SubmitFailure);

type ChangeEvent = Extract<CompanyPageEvent, { type: 'company.save' | 'signup.save' | 'contact.add' | 'contact.save' | 'contact.remove' }>;

/** The change a form's event asks for. */
function changeOf(companyId: number, event: ChangeEvent): PageChange {
  switch (event.type) {
    case 'company.save':
      return { form: 'company', action: { action: 'updateCompany', id: companyId, payload: event.payload } };
    case 'signup.save':
      return { form: 'signup', action: { action: 'updateCompany', id: companyId, payload: event.payload } };
    case 'contact.add':
      return { form: 'contactAdd', action: { action: 'addContact', id: companyId, payload: event.payload } };
    case 'contact.save':
      return { form: 'contactEdit', action: { action: 'updateContact', id: event.id, payload: event.payload } };
    case 'contact.remove':
      return { form: 'contactRemove', action: { action: 'removeContact', id: event.id } };
  }
}

const SEND_CHANGE = {
  target: 'saving',
  actions: 'sendChange',
} as const;

export const companyPageMachine = setup({
  types: { context: {} as CompanyPageContext, events: {} as CompanyPageEvent, input: {} as { companyId: number } },
  actors: {
    company: queryChild(companyViewMachine, { loaded: 'company.loaded', failed: 'company.loadFailed' }),
    tickets: queryChild(ticketSearchMachine, { loaded: 'tickets.loaded', failed: 'tickets.loadFailed' }),
    change: submitChild(companyActionMachine, { saved: 'change.saved', failed: 'change.failed' }),
    survey: submitChild(sendClientCareSurveyMachine, { saved: 'survey.sent', failed: 'survey.failed' }),
  },
  actions: {
    ...notifyActions,
    /** One change at a time: the last refusal's notice closes, the form's change goes to the server. */
    sendChange: enqueueActions(({ enqueue, context, event }) => {
      assertEvent(event, ['company.save', 'signup.save', 'contact.add', 'contact.save', 'contact.remove']);
      const change = changeOf(context.companyId, event);
      if (context.failure) enqueue({ type: 'dismissNotice', params: { key: CHANGE_NOTICE } });
      enqueue.assign({ change, failure: null });
      enqueue.sendTo('change', { type: 'form.submit', input: change.action });
    }),
  },
}).createMachine({
  id: 'companyPage',
  description: "A company's page: its details, contacts, tickets, portal users, sign-up policy, survey, and the sections other features add.",
  context: ({ input }) => ({
    companyId: input.companyId,
    view: null,
    loadError: null,
    recent: null,
    ticketsError: null,
    editing: null,
    addKey: 0,
    change: null,
    failure: null,
    survey: { result: null, error: null },
  }),
  entry: [
    spawnChild('company', { id: 'company', systemId: 'companyPage.company', input: ({ context }) => ({ query: context.companyId }) }),
    spawnChild('tickets', {
      id: 'tickets',
      systemId: 'companyPage.tickets',
      input: ({ context }) => ({ query: { company: String(context.companyId), size: String(RECENT_TICKETS), sort: 'created_at:desc' } }),
    }),
    spawnChild('change', { id: 'change', systemId: 'companyPage.change', input: {} }),
    spawnChild('survey', { id: 'survey', systemId: 'companyPage.survey', input: {} }),
  ],
  on: {
    'tickets.loaded': { actions: assign({ recent: ({ event }) => event.data, ticketsError: null }), description: 'The latest tickets of the company, for its Tickets tab.' },
    'tickets.loadFailed': { actions: assign({ ticketsError: ({ event }) => event.error }), description: 'The Tickets tab says why they could not be loaded.' },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The company is being fetched.',
      on: {
        'company.loaded': { target: 'ready', actions: assign({ view: ({ event }) => event.data, loadError: null }) },
        'company.loadFailed': { target: 'failed', actions: assign({ loadError: ({ event }) => event.error }) },
      },
    },
    failed: { description: 'The company could not be loaded (or does not exist); the page says why.' },
    ready: {
      description: 'The page shows; the company, its contacts and its sign-up policy change, one change at a time.',
      type: 'parallel',
      on: {
        'company.loaded': { actions: assign({ view: ({ event }) => event.data }), description: 'Loaded again after a change: the page shows the company as the server has it.' },
      },
      states: {
        editor: {
          description: 'Which inline editor is open: none, the company, or a contact.',
          initial: 'viewing',
          on: {
            'change.saved': { target: '.viewing', actions: assign({ editing: null }), description: 'A saved change closes its editor.' },
          },
          states: {
            viewing: {
              description: 'The details and contacts are shown.',
              on: {
                'company.edit': { target: 'company' },
                'contact.edit': { target: 'contact', actions: assign({ editing: ({ event }) => event.id }) },
              },
            },
            company: {
              description: "The company's details are being edited.",
              on: { 'editor.close': { target: 'viewing' }, 'contact.edit': { target: 'contact', actions: assign({ editing: ({ event }) => event.id }) } },
            },
            contact: {
              description: 'A contact is being edited.',
              on: { 'editor.close': { target: 'viewing', actions: assign({ editing: null }) }, 'company.edit': { target: 'company', actions: assign({ editing: null }) } },
            },
          },
        },
        change: {
          description: 'Changes to the company, its contacts and its sign-up policy: one at a time.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Every change button is ready.',
              on: {
                'company.save': SEND_CHANGE,
                'signup.save': SEND_CHANGE,
                'contact.add': SEND_CHANGE,
                'contact.save': SEND_CHANGE,
                'contact.remove': SEND_CHANGE,
              },
            },
            saving: {
              description: 'A change is being saved; the change buttons wait.',
              tags: ['busy'],
              on: {
                'change.saved': {
                  target: 'idle',
                  actions: [
                    { type: 'notify', params: ({ context }) => ({ tone: 'success', title: messagesOf(context.change!).saved }) },
                    assign({ addKey: ({ context }) => (context.change?.form === 'contactAdd' ? context.addKey + 1 : context.addKey) }),
                    sendTo('company', { type: 'query.reload' }),
                  ],
                  description: 'Saved: the page loads again and says so; a new contact\'s form starts empty.',
                },
                'change.failed': {
                  target: 'idle',
                  actions: [
                    assign({ failure: ({ context, event }) => ({ form: context.change!.form, error: event.error, fieldErrors: event.fieldErrors }) }),
                    { type: 'notify', params: ({ context, event }) => ({ tone: 'error', title: messagesOf(context.change!).failed, description: event.error, key: CHANGE_NOTICE }) },
                  ],
                  description: 'Refused: the form keeps what was typed and shows why beside its fields; a notice says it too.',
                },
              },
            },
          },
        },
        survey: {
          description: "The client care survey: managers email it to the company's contacts.",
          initial: 'idle',
          states: {
            idle: {
              on: {
                'survey.send': {
                  target: 'sending',
                  actions: [
                    assign({ survey: ({ context }) => ({ ...context.survey, error: null }) }),
                    { type: 'dismissNotice', params: { key: SURVEY_NOTICE } },
                    sendTo('survey', ({ context }) => ({ type: 'form.submit', input: context.companyId })),
                  ],
                },
              },
            },
            sending: {
              description: 'The survey is being sent.',
              tags: ['busy'],
              on: {
                'survey.sent': {
                  target: 'idle',
                  actions: [assign({ survey: ({ event }) => ({ result: event.result, error: null }) }), { type: 'notify', params: ({ event }) => ({ tone: 'success', title: surveySentMessage(event.result) }) }],
                },
                'survey.failed': {
                  target: 'idle',
                  actions: [
                    assign({ survey: ({ context, event }) => ({ ...context.survey, error: event.error }) }),
                    { type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'The survey was not sent', description: event.error, key: SURVEY_NOTICE }) },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});

// Selectors: what the company page's view reads.

export type CompanyPageActor = ActorRefFrom<typeof companyPageMachine>;
type S = SnapshotFrom<typeof companyPageMachine>;
export const selectCompanyView = (s: S) => s.context.view;
export const selectLoadError = (s: S) => s.context.loadError;
export const selectRecentTickets = (s: S) => s.context.recent;
export const selectTicketsError = (s: S) => s.context.ticketsError;
/** The open editor: `'company'`, a contact's id, or null. */
export const selectEditor = (s: S): 'company' | number | null =>
  s.matches({ ready: { editor: 'company' } }) ? 'company' : s.matches({ ready: { editor: 'contact' } }) ? s.context.editing : null;
export const selectChanging = (s: S) => s.matches({ ready: { change: 'saving' } });
export const selectAddKey = (s: S) => s.context.addKey;
/** Why the last change of `form` was refused, or null. */
export const selectFailureOf = (form: ChangeForm) => (s: S) => (s.context.failure?.form === form ? s.context.failure : null);
export const selectSurvey = (s: S) => s.context.survey;
export const selectSurveySending = (s: S) => s.matches({ ready: { survey: 'sending' } });
