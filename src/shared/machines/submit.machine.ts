import { assertEvent, assign, fromPromise, sendParent, setup, type AnyActorRef } from 'xstate';
import { toApiError } from '@/shared/http/http';

export type SubmitContext<O> = {
  /** The server's answer to the last save. */
  result: O | undefined;
  /** Why the last save failed, shown above the form; what was typed stays. */
  error: string | null;
  /** Messages per field from a 400 answer. */
  fieldErrors: Record<string, string>;
  /** Actors told to reload once saved, e.g. the table the form adds to or the page whose row it changed. */
  reloads: readonly AnyActorRef[];
  /** What `reloads` is told: a data table's `table.reload` (the default) or a query machine's `query.reload`. */
  reloadEvent: ReloadEvent;
};
export type ReloadEvent = { type: 'table.reload' } | { type: 'query.reload' };
export type SubmitInput = { reloads?: AnyActorRef | readonly AnyActorRef[]; reloadEvent?: ReloadEvent } | undefined;
export type SubmitEvent<I> = { type: 'form.submit'; input: I } | { type: 'form.reset' };
/** Why a save failed: the server's message and its messages per field. */
export type SubmitFailure = { error: string; fieldErrors: Record<string, string> };

/**
 * The one form machine: a form's save (staff forms, row actions, the client portal's forms).
 * Editing, then submitting, then saved (with the server's answer) or back to editing with the
 * server's message and its field errors; the form keeps what was typed. Once saved, the tables or
 * queries given as `reloads` load again. The call is the `submit` actor, swapped with `.provide`
 * in tests.
 */
export function createSubmitMachine<I, O>(id: string, submit: (input: I) => Promise<O>) {
  return setup({
    types: { context: {} as SubmitContext<O>, events: {} as SubmitEvent<I>, input: {} as SubmitInput },
    // The answer is typed at the edges (the result in context and the view's selector); inside the
    // chart it is opaque, which keeps the generic factory within what XState can infer.
    actors: { submit: fromPromise<unknown, unknown>(({ input }) => submit(input as I)) },
    actions: {
      takeResult: assign((_, result: unknown) => ({ result: result as O, error: null, fieldErrors: {} })),
      // What a screen machine that owns this form hears (`submitChild` provides them); alone they do nothing.
      reportSaved: (_: unknown, _result: unknown) => undefined,
      reportFailed: (_: unknown, _failure: SubmitFailure) => undefined,
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
          input: ({ event }: { event: SubmitEvent<I> }): unknown => {
            assertEvent(event, 'form.submit');
            return event.input;
          },
          onDone: {
            target: 'saved',
            actions: [
              { type: 'takeResult', params: ({ event }: { event: { output: unknown } }) => event.output },
              { type: 'reportSaved', params: ({ event }: { event: { output: unknown } }) => event.output },
            ],
          },
          onError: {
            target: 'editing',
            actions: [
              assign(({ event }) => {
                const e = toApiError(event.error);
                return { error: e.message, fieldErrors: e.fields ?? {} };
              }),
              { type: 'reportFailed', params: ({ context }) => ({ error: context.error ?? '', fieldErrors: context.fieldErrors }) },
            ],
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

/** A form machine made by `createSubmitMachine`, whatever its input and answer. */
export type SubmitMachine = ReturnType<typeof createSubmitMachine<unknown, unknown>>;

/** What a form child tells the screen machine that spawned it (`submitChild`). */
export type SubmitReport<TSaved extends string, TFailed extends string, O> = { type: TSaved; result: O } | ({ type: TFailed } & SubmitFailure);

/**
 * The form machine as a child of a screen machine (docs/adr/0107): spawned with a `systemId`, it
 * tells its parent how each save ended with the parent's own events, `{ type: saved, result }` and
 * `{ type: failed, error, fieldErrors }`, exactly once per attempt; the parent sends it
 * `form.submit` and decides what the screen does next (close a dialog, notify, reload).
 */
export function submitChild<I, O, TSaved extends string, TFailed extends string>(
  machine: ReturnType<typeof createSubmitMachine<I, O>>,
  events: { saved: TSaved; failed: TFailed },
) {
  return machine.provide({
    actions: {
      reportSaved: sendParent((_, result: unknown) => ({ type: events.saved, result: result as O })),
      reportFailed: sendParent((_, failure: SubmitFailure) => ({ type: events.failed, ...failure })),
    },
  });
}
