import { assertEvent, assign, enqueueActions, fromPromise, sendParent, setup, type AnyActorRef } from 'xstate';
import { toApiError } from '@/shared/http/http';
import { notifyActions } from './notify';

/**
 * What a form says when a save ends (docs/adr/0106), given by whoever creates it (the screen, in
 * the actor's input): the machine says it through the app's notifier, once per attempt.
 */
export type SubmitNotices<I, O> = {
  /**
   * Said once saved ("Ticket #12 created"): a title (a success), or a title with a description and
   * a tone, from the server's answer and what was sent; nothing when omitted or when it answers null.
   */
  saved?: (result: O, input: I) => string | { title: string; description?: string; tone?: 'success' | 'info' } | null;
  /**
   * The title said when a save fails (or worded from what was sent), with the server's reason as
   * its description; the form keeps what was typed. It stays until closed or until the form is sent
   * again, which closes it.
   */
  failed?: string | ((input: I) => string);
};

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
  /** What this form says when a save ends (typed by the input; opaque inside the chart). */
  notices: SubmitNotices<never, never>;
  /** What the last attempt sent (what `notices.saved` is worded from). */
  sent: unknown;
  /** The key of this form's failure notice, closed when the form is sent again. */
  noticeKey: string;
};
export type ReloadEvent = { type: 'table.reload' } | { type: 'query.reload' };
export type SubmitInput<I = never, O = never> =
  | {
      reloads?: AnyActorRef | readonly AnyActorRef[];
      reloadEvent?: ReloadEvent;
      /** What the form says when a save ends; nothing when omitted (a screen machine that owns the form says it instead). */
      notices?: SubmitNotices<I, O>;
    }
  | undefined;
export type SubmitEvent<I> = { type: 'form.submit'; input: I } | { type: 'form.reset' };
/** Why a save failed: the server's message and its messages per field. */
export type SubmitFailure = { error: string; fieldErrors: Record<string, string> };

/**
 * The one form machine: a form's save (staff forms, row actions, the client portal's forms).
 * Editing, then submitting, then saved (with the server's answer) or back to editing with the
 * server's message and its field errors; the form keeps what was typed. Once saved, the tables or
 * queries given as `reloads` load again, and the form says how the save ended when its input gives
 * `notices`. The call is the `submit` actor, swapped with `.provide` in tests.
 */
export function createSubmitMachine<I, O>(id: string, submit: (input: I) => Promise<O>) {
  return setup({
    types: { context: {} as SubmitContext<O>, events: {} as SubmitEvent<I>, input: {} as SubmitInput<I, O> },
    // The answer is typed at the edges (the result in context and the view's selector); inside the
    // chart it is opaque, which keeps the generic factory within what XState can infer.
    actors: { submit: fromPromise<unknown, unknown>(({ input }) => submit(input as I)) },
    actions: {
      ...notifyActions,
      takeResult: assign((_, result: unknown) => ({ result: result as O, error: null, fieldErrors: {} })),
      rememberSent: assign({ sent: ({ event }) => (event.type === 'form.submit' ? event.input : undefined) }),
      /** Sending again closes the failure notice of the attempt before. */
      dismissFailure: enqueueActions(({ context, enqueue }) => {
        if (context.notices.failed && context.error !== null) enqueue({ type: 'dismissNotice', params: { key: context.noticeKey } });
      }),
      notifySaved: enqueueActions(({ context, enqueue }) => {
        const said = (context.notices as SubmitNotices<unknown, unknown>).saved?.(context.result, context.sent);
        if (said) enqueue({ type: 'notify', params: typeof said === 'string' ? { tone: 'success', title: said } : { tone: 'success', ...said } });
      }),
      notifyFailed: enqueueActions(({ context, enqueue }) => {
        const { failed } = context.notices as SubmitNotices<unknown, unknown>;
        if (failed) enqueue({ type: 'notify', params: { tone: 'error', title: typeof failed === 'string' ? failed : failed(context.sent), description: context.error ?? undefined, key: context.noticeKey } });
      }),
      // What a screen machine that owns this form hears (`submitChild` provides them); alone they do nothing.
      reportSaved: (_: unknown, _result: unknown) => undefined,
      reportFailed: (_: unknown, _failure: SubmitFailure) => undefined,
    },
  }).createMachine({
    id,
    description: 'Sends a form to the server and shows what it answered.',
    context: ({ input, self }) => ({
      result: undefined,
      error: null,
      fieldErrors: {},
      reloads: input?.reloads === undefined ? [] : Array.isArray(input.reloads) ? input.reloads : [input.reloads as AnyActorRef],
      reloadEvent: input?.reloadEvent ?? { type: 'table.reload' },
      notices: (input?.notices ?? {}) as SubmitNotices<never, never>,
      sent: undefined,
      noticeKey: `${id}.failed.${self.sessionId}`,
    }),
    initial: 'editing',
    states: {
      editing: {
        description: 'The form is being filled in; errors of the last attempt are shown by their fields.',
        on: { 'form.submit': { target: 'submitting', actions: ['dismissFailure', 'rememberSent'] } },
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
              'notifySaved',
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
              'notifyFailed',
            ],
          },
        },
      },
      saved: {
        description: 'Saved; the tables or page it changed reload, and the screen moves on or offers another.',
        entry: ({ context }) => {
          for (const actor of context.reloads) actor.send(context.reloadEvent);
        },
        on: { 'form.reset': { target: 'editing', actions: assign({ result: undefined, error: null, fieldErrors: {} }) }, 'form.submit': { target: 'submitting', actions: 'rememberSent' } },
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
