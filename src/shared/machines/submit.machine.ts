import { assertEvent, assign, enqueueActions, fromPromise, sendParent, setup, type AnyActorRef } from 'xstate';
import { fieldErrors as fieldErrorsOf } from '@contracts/common/field-errors';
import { toApiError } from '@/shared/http/http';
import { notifyActions } from './notify';

/**
 * The contract schema a form checks before it sends (the endpoint definition's body schema): the
 * same zod schema the server parses, so the browser says the server's words beside each field.
 */
export type FormSchema = {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
};

/** Options of a form machine fixed when it is made. */
export type SubmitOptions = {
  /** Checked before every send: while it fails, nothing is sent and each problem shows by its field. */
  schema?: FormSchema;
};

/** The message a problem of the whole body is named by (`fieldErrors` of the contracts); it belongs to no field. */
const WHOLE_BODY = 'body';

/** The problems of `input` by field (dotted paths, as the server names them), or none (also for a screen machine that owns its form). */
export function problemsOf(schema: FormSchema | undefined, input: unknown): Record<string, string> {
  if (!schema) return {};
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
}

/** Whether `key` (a dotted path) is the field `field` or inside it ("lines" holds "lines.0.qty"). */
const isOf = (key: string, field: string) => key === field || key.startsWith(`${field}.`);
const without = (errors: Record<string, string>, field: string) => Object.fromEntries(Object.entries(errors).filter(([k]) => !isOf(k, field)));
const onlyOf = (errors: Record<string, string>, field: string) => Object.fromEntries(Object.entries(errors).filter(([k]) => isOf(k, field)));

/**
 * A failed save split into what its fields show and what belongs to no field. A form checked
 * against its schema shows every field of it, so the reasons of a 400 naming fields go beside them
 * and its message ("Invalid body: …", for integrators) is not shown; a problem of the whole body, a
 * 409, a 403 or a lost connection is its summary. A form without a schema (a row action, a dialog
 * its screen machine speaks for) keeps the server's message beside the fields it named.
 */
export function failureOf(error: unknown, checked: boolean): { error: string | null; fieldErrors: Record<string, string> } {
  const e = toApiError(error);
  if (!checked) return { error: e.message, fieldErrors: e.fields ?? {} };
  const whole = e.fields?.[WHOLE_BODY];
  const fields = Object.fromEntries(Object.entries(e.fields ?? {}).filter(([k]) => k !== WHOLE_BODY));
  return { error: whole ?? (Object.keys(fields).length ? null : e.message), fieldErrors: fields };
}

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
  /**
   * Why the last save failed when the reason belongs to no field (a 409, a lost connection), shown
   * once above the form; null when every reason is shown beside its field. What was typed stays.
   */
  error: string | null;
  /** The message shown beside each field: from the schema (after a send or the field's blur) or from a 400. */
  fieldErrors: Record<string, string>;
  /**
   * Counts the sends refused for their fields (by the schema or a 400): each one moves focus to the
   * first field in error (the view's form follows it).
   */
  refusals: number;
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
export type SubmitEvent<I> =
  | { type: 'form.submit'; input: I }
  | { type: 'form.reset' }
  /** A field lost focus: its problems in `input` (what the form holds now) show beside it. */
  | { type: 'form.blur'; field: string; input: I }
  /** A field changed: its message goes until it is checked again. */
  | { type: 'form.change'; field: string };
/** Why a save failed: the server's message and its messages per field. */
export type SubmitFailure = { error: string; fieldErrors: Record<string, string> };

/**
 * The one form machine: a form's save (staff forms, row actions, the client portal's forms).
 * Editing, then submitting, then saved (with the server's answer) or back to editing with the
 * server's message and its field errors; the form keeps what was typed. Given the endpoint's body
 * schema (`options.schema`), it checks what would be sent first and refuses to send while it fails,
 * showing each problem beside its field (all of them after a send, a field's own after its blur;
 * a change clears the field's message). Once saved, the tables or queries given as `reloads` load
 * again, and the form says how the save ended when its input gives `notices`. The call is the
 * `submit` actor, swapped with `.provide` in tests.
 */
export function createSubmitMachine<I, O>(id: string, submit: (input: I) => Promise<O>, options: SubmitOptions = {}) {
  const { schema } = options;
  return setup({
    types: { context: {} as SubmitContext<O>, events: {} as SubmitEvent<I>, input: {} as SubmitInput<I, O> },
    // The answer is typed at the edges (the result in context and the view's selector); inside the
    // chart it is opaque, which keeps the generic factory within what XState can infer.
    actors: { submit: fromPromise<unknown, unknown>(({ input }) => submit(input as I)) },
    actions: {
      ...notifyActions,
      takeResult: assign((_, result: unknown) => ({ result: result as O, error: null, fieldErrors: {} })),
      /** A send the schema refuses: every problem beside its field, nothing sent, focus to the first. */
      showProblems: assign(({ context, event }) => {
        assertEvent(event, 'form.submit');
        return { fieldErrors: problemsOf(schema, event.input), error: null, refusals: context.refusals + 1 };
      }),
      showFieldProblems: assign(({ context, event }) => {
        assertEvent(event, 'form.blur');
        // A message the field shows already (the server's, say) stays until the field changes.
        return { fieldErrors: { ...onlyOf(problemsOf(schema, event.input), event.field), ...context.fieldErrors } };
      }),
      clearField: assign(({ context, event }) => {
        assertEvent(event, 'form.change');
        return { fieldErrors: without(context.fieldErrors, event.field) };
      }),
      takeFailure: assign(({ context }, error: unknown) => {
        const failure = failureOf(error, schema !== undefined);
        return { ...failure, refusals: context.refusals + (Object.keys(failure.fieldErrors).length ? 1 : 0) };
      }),
      rememberSent: assign({ sent: ({ event }) => (event.type === 'form.submit' ? event.input : undefined) }),
      /** Sending again closes the failure notice of the attempt before. */
      dismissFailure: enqueueActions(({ context, enqueue }) => {
        if (context.notices.failed && context.error !== null) enqueue({ type: 'dismissNotice', params: { key: context.noticeKey } });
      }),
      notifySaved: enqueueActions(({ context, enqueue }) => {
        const said = (context.notices as SubmitNotices<unknown, unknown>).saved?.(context.result, context.sent);
        if (said) enqueue({ type: 'notify', params: typeof said === 'string' ? { tone: 'success', title: said } : { tone: 'success', ...said } });
      }),
      /** Said only for a reason that belongs to no field: the fields of a checked form show theirs. */
      notifyFailed: enqueueActions(({ context, enqueue }) => {
        const { failed } = context.notices as SubmitNotices<unknown, unknown>;
        if (!failed || context.error === null) return;
        enqueue({ type: 'notify', params: { tone: 'error', title: typeof failed === 'string' ? failed : failed(context.sent), description: context.error, key: context.noticeKey } });
      }),
      // What a screen machine that owns this form hears (`submitChild` provides them); alone they do nothing.
      reportSaved: (_: unknown, _result: unknown) => undefined,
      reportFailed: (_: unknown, _failure: SubmitFailure) => undefined,
    },
    guards: {
      /** What would be sent breaks the form's schema (never, without one). */
      isRefused: ({ event }) => event.type === 'form.submit' && Object.keys(problemsOf(schema, event.input)).length > 0,
    },
  }).createMachine({
    id,
    description: 'Sends a form to the server and shows what it answered.',
    context: ({ input, self }) => ({
      result: undefined,
      error: null,
      fieldErrors: {},
      refusals: 0,
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
        on: {
          'form.submit': [
            { guard: 'isRefused', actions: ['dismissFailure', 'showProblems'], description: 'The schema refuses what would be sent: nothing is sent; each problem shows beside its field.' },
            { target: 'submitting', actions: ['dismissFailure', 'rememberSent'] },
          ],
          'form.blur': { actions: 'showFieldProblems', description: "A field left: its own problems show (others wait for theirs or a send)." },
          'form.change': { actions: 'clearField', description: "A field changed: its message goes until it is checked again." },
        },
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
              { type: 'takeFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
              { type: 'reportFailed', params: ({ context }) => ({ error: context.error ?? Object.values(context.fieldErrors).join(' '), fieldErrors: context.fieldErrors }) },
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
        on: {
          'form.reset': { target: 'editing', actions: assign({ result: undefined, error: null, fieldErrors: {} }) },
          'form.submit': [
            { guard: 'isRefused', target: 'editing', actions: 'showProblems', description: 'Sent again with what the schema refuses: back to editing, nothing sent.' },
            { target: 'submitting', actions: 'rememberSent' },
          ],
        },
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
