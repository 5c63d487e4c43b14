/**
 * A company's page (/company/{id}) as one statechart (docs/adr/0107): it owns the company's query
 * and the change form (the company, its contacts, its sign-up policy), each a child spawned with a
 * `systemId`. It decides which editor is open, one change at a time, where a refused change's
 * reasons show, and says how each ended (`notify`); a saved change closes its editor and the page
 * loads again. The view reads the selectors at the end of this file and sends the events below.
 * The tabs other features add (tickets, client portal users, the survey, …) have machines of
 * their own (docs/adr/0090).
 */
import { assertEvent, assign, enqueueActions, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CompanyView, ContactInput, UpdateCompanyInput } from '@contracts/companies';
import { notifyActions } from '@/shared/machines/notify';
import { queryChild } from '@/shared/machines/query.machine';
import { submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import { companyActionMachine, companyViewMachine, type CompanyAction } from './companies.machines';

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

/** Key of the failure notice: the next attempt closes the one before. */
const CHANGE_NOTICE = 'company.change';

export type CompanyPageContext = {
  companyId: number;
  view: CompanyView | null;
  loadError: string | null;
  /** The contact whose editor is open. */
  editing: number | null;
  /** Grows with each contact added: the add form starts empty again. */
  addKey: number;
  /** The change under way or last sent. */
  change: PageChange | null;
  failure: ChangeFailure | null;
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
  // From the children
  | { type: 'company.loaded'; data: CompanyView }
  | { type: 'company.loadFailed'; error: string }
  | { type: 'change.saved'; result: unknown }
  | ({ type: 'change.failed' } & SubmitFailure);

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
    change: submitChild(companyActionMachine, { saved: 'change.saved', failed: 'change.failed' }),
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
  description: "A company's page: its details, contacts and sign-up policy; the tabs other features add load on their own.",
  context: ({ input }) => ({
    companyId: input.companyId,
    view: null,
    loadError: null,
    editing: null,
    addKey: 0,
    change: null,
    failure: null,
  }),
  entry: [
    spawnChild('company', { id: 'company', systemId: 'companyPage.company', input: ({ context }) => ({ query: context.companyId }) }),
    spawnChild('change', { id: 'change', systemId: 'companyPage.change', input: {} }),
  ],
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
      },
    },
  },
});

// Selectors: what the company page's view reads.

export type CompanyPageActor = ActorRefFrom<typeof companyPageMachine>;
type S = SnapshotFrom<typeof companyPageMachine>;
export const selectCompanyView = (s: S) => s.context.view;
export const selectLoadError = (s: S) => s.context.loadError;
/** The open editor: `'company'`, a contact's id, or null. */
export const selectEditor = (s: S): 'company' | number | null =>
  s.matches({ ready: { editor: 'company' } }) ? 'company' : s.matches({ ready: { editor: 'contact' } }) ? s.context.editing : null;
export const selectChanging = (s: S) => s.matches({ ready: { change: 'saving' } });
export const selectAddKey = (s: S) => s.context.addKey;
/** Why the last change of `form` was refused, or null. */
export const selectFailureOf = (form: ChangeForm) => (s: S) => (s.context.failure?.form === form ? s.context.failure : null);
