/**
 * A page whose one job is to create a record (Create Company, Create Project): the save is the one
 * form machine (`form`, a `submitChild` checked against the endpoint's body schema, so its words
 * show beside each field). What is typed stays in the view, which sends the form's events here;
 * once the record is created, or on Cancel, the machine asks the view to open the next page
 * (`page.navigate`: the new record, or the list it came from) and sends nothing more.
 */
import { assertEvent, emit, forwardTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { submitChild, type createSubmitMachine, type SubmitEvent, type SubmitFailure, type SubmitNotices } from './submit.machine';

export type CreatePageEvent<I, O> =
  /** What the user does in the form (send, leave a field, change one), for the form child. */
  | Exclude<SubmitEvent<I>, { type: 'form.reset' }>
  | { type: 'form.cancel' }
  /** What the form child tells: created, or refused (the form shows why and keeps what was typed; nothing more to do here). */
  | { type: 'record.created'; result: O }
  | ({ type: 'record.refused' } & SubmitFailure);
/** What the view does for the machine: open another page. */
export type CreatePageEmitted = { type: 'page.navigate'; to: string };

export type CreatePageOptions<I, O> = {
  /** The machine's id (its diagram's name), and its form's `systemId` prefix. */
  id: string;
  /** What the record is called in the chart's words ("company"). */
  record: string;
  /** What the form says once saved. */
  notices: SubmitNotices<I, O>;
  /** The page of the record created. */
  opened: (result: O) => string;
  /** The page Cancel goes back to. */
  back: string;
  description: string;
};

export function createPageMachine<I, O>(form: ReturnType<typeof createSubmitMachine<I, O>>, options: CreatePageOptions<I, O>) {
  const { id, record, notices, opened, back, description } = options;
  return setup({
    types: { events: {} as CreatePageEvent<I, O>, emitted: {} as CreatePageEmitted },
    actors: { form: submitChild(form, { saved: 'record.created', failed: 'record.refused' }) },
    actions: {
      toForm: forwardTo('form'),
      openRecord: emit(({ event }) => {
        assertEvent(event, 'record.created');
        return { type: 'page.navigate' as const, to: opened(event.result) };
      }),
      goBack: emit({ type: 'page.navigate' as const, to: back }),
    },
  }).createMachine({
    id,
    description,
    entry: spawnChild('form', { id: 'form', systemId: `${id}.form`, input: { notices } }),
    initial: 'editing',
    states: {
      editing: {
        description: 'The form is filled in; each save the form refuses or the server turns down leaves it here with what was typed.',
        on: {
          'form.submit': { actions: 'toForm', description: 'The form checks what would be sent and sends it.' },
          'form.blur': { actions: 'toForm', description: 'A field left: the form shows its own problems.' },
          'form.change': { actions: 'toForm', description: 'A field changed: the form forgets its message.' },
          'form.cancel': { target: 'left', actions: 'goBack', description: `Cancel: back to the ${record} list.` },
          'record.created': { target: 'left', actions: 'openRecord', description: `Created: the new ${record} opens.` },
        },
      },
      left: { description: 'The screen asked to open another page; the form sends nothing more.' },
    },
  });
}

/** The page's form (what the view reads its field errors and busy state from). */
export const selectCreateForm = <I, O>(s: SnapshotFrom<ReturnType<typeof createPageMachine<I, O>>>) => s.children.form as ActorRefFrom<ReturnType<typeof createSubmitMachine<I, O>>> | undefined;
