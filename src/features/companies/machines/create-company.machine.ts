/**
 * Create Company (/create/company): the save is the one form machine (`form`, a `submitChild`
 * checked against the endpoint's body schema, so its words show beside each field). What is typed
 * stays in the view, which sends the form's events here; once the company is created, or on Cancel,
 * the machine asks the view to open the next page (`createCompany.navigate`) and sends nothing more.
 */
import { assertEvent, emit, forwardTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CompanyView, CreateCompanyInput } from '@contracts/companies';
import { submitChild, type SubmitEvent, type SubmitFailure, type SubmitNotices } from '@/shared/machines/submit.machine';
import { createCompanyMachine } from './companies.machines';

/** What the form says when it is saved; a failure is shown on the form (beside its field, or above the form when it belongs to none). */
const NOTICES: SubmitNotices<CreateCompanyInput, CompanyView> = { saved: (r) => `Company ${r.company.name} created` };

export type CreateCompanyScreenEvent =
  /** What the user does in the form (send, leave a field, change one), for the form child. */
  | Exclude<SubmitEvent<CreateCompanyInput>, { type: 'form.reset' }>
  | { type: 'form.cancel' }
  /** What the form child tells: created, or refused (the form shows why and keeps what was typed; nothing more to do here). */
  | { type: 'company.created'; result: CompanyView }
  | ({ type: 'company.refused' } & SubmitFailure);
/** What the view does for the machine: open another page. */
export type CreateCompanyScreenEmitted = { type: 'createCompany.navigate'; to: string };

export const createCompanyScreenMachine = setup({
  types: { events: {} as CreateCompanyScreenEvent, emitted: {} as CreateCompanyScreenEmitted },
  actors: { form: submitChild(createCompanyMachine, { saved: 'company.created', failed: 'company.refused' }) },
  actions: {
    toForm: forwardTo('form'),
    openCompany: emit(({ event }) => {
      assertEvent(event, 'company.created');
      return { type: 'createCompany.navigate' as const, to: `/company/${event.result.company.id}` };
    }),
    goBack: emit({ type: 'createCompany.navigate' as const, to: '/company/search' }),
  },
}).createMachine({
  id: 'createCompanyScreen',
  description: 'Create Company: the save and the page it opens (the new company, or the company search on Cancel).',
  entry: spawnChild('form', { id: 'form', systemId: 'createCompany.form', input: { notices: NOTICES } }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form is filled in; each save the form refuses or the server turns down leaves it here with what was typed.',
      on: {
        'form.submit': { actions: 'toForm', description: 'The form checks what would be sent and sends it.' },
        'form.blur': { actions: 'toForm', description: 'A field left: the form shows its own problems.' },
        'form.change': { actions: 'toForm', description: 'A field changed: the form forgets its message.' },
        'form.cancel': { target: 'left', actions: 'goBack', description: 'Cancel: back to the company search.' },
        'company.created': { target: 'left', actions: 'openCompany', description: 'Created: the new company opens.' },
      },
    },
    left: { description: 'The screen asked to open another page; the form sends nothing more.' },
  },
});

// Selectors: what the view reads.
export type CreateCompanyScreenActor = ActorRefFrom<typeof createCompanyScreenMachine>;
type S = SnapshotFrom<typeof createCompanyScreenMachine>;
export const selectForm = (s: S) => s.children.form as ActorRefFrom<typeof createCompanyMachine> | undefined;
