import { assign, fromPromise, setup, type AnyActorRef } from 'xstate';
import { toApiError } from '@/shared/http/http';

export type SubmitContext<O> = {
  result: O | undefined;
  error: string | null;
  fieldErrors: Record<string, string>;
  /** Actors told to reload once saved, e.g. the table the form adds to or the page whose row it changed. */
  reloads: readonly AnyActorRef[];
  /** What `reloads` is told: a data table's `table.reload` (the default) or a query machine's `query.reload`. */
  reloadEvent: ReloadEvent;
};
export type ReloadEvent = { type: 'table.reload' } | { type: 'query.reload' };
export type SubmitInput = { reloads?: AnyActorRef | readonly AnyActorRef[]; reloadEvent?: ReloadEvent } | undefined;
export type SubmitEvent<I> = { type: 'form.submit'; input: I } | { type: 'form.reset' };

/**
 * A form's save: editing, then submitting, then saved (with the server's answer) or back to
 * editing with the server's message and its field errors. The form keeps what was typed.
 */
export function createSubmitMachine<I, O>(id: string, submit: (input: I) => Promise<O>) {
  return setup({
    types: { context: {} as SubmitContext<O>, events: {} as SubmitEvent<I>, input: {} as SubmitInput },
    actors: { submit: fromPromise<unknown, unknown>(({ input }) => submit(input as I)) },
    actions: {
      takeResult: assign(({ event }) => ({ result: (event as unknown as { output: O }).output, error: null, fieldErrors: {} })),
    },
  }).createMachine({
    id,
    description: 'Sends a form to the server and shows what it answered.',
    context: ({ input }) => ({
      result: undefined,
      error: null,
      fieldErrors: {},
      reloads: input?.reloads === undefined ? [] : Array.isArray(input.reloads) ? input.reloads : [input.reloads as AnyActorRef],
      reloadEvent: input?.reloadEvent ?? { type: 'table.reload' },
    }),
    initial: 'editing',
    states: {
      editing: {
        description: 'The form is being filled in; errors of the last attempt are shown by their fields.',
        on: { 'form.submit': 'submitting' },
      },
      submitting: {
        description: 'The form is being saved; the button is disabled.',
        tags: ['busy'],
        invoke: {
          src: 'submit',
          input: ({ event }: { event: SubmitEvent<I> }): unknown => (event as Extract<SubmitEvent<I>, { type: 'form.submit' }>).input,
          onDone: { target: 'saved', actions: 'takeResult' },
          onError: {
            target: 'editing',
            actions: assign(({ event }) => {
              const e = toApiError(event.error);
              return { error: e.message, fieldErrors: e.fields ?? {} };
            }),
          },
        },
      },
      saved: {
        description: 'Saved; the tables or page it changed reload, and the screen moves on or offers another.',
        entry: ({ context }) => {
          for (const actor of context.reloads) actor.send(context.reloadEvent);
        },
        on: { 'form.reset': { target: 'editing', actions: assign({ result: undefined, error: null, fieldErrors: {} }) }, 'form.submit': 'submitting' },
      },
    },
  });
}
