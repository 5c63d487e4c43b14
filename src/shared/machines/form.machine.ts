import { assign, fromPromise, setup, type AnyActorRef } from 'xstate';

export type FormContext<TOutput> = {
  /** The reason the last submit failed, shown above the form; what was typed stays. */
  error: string | null;
  /** Messages per field from a 400 answer. */
  fieldErrors: Record<string, string>;
  result: TOutput | undefined;
  /** A query actor told to reload (`query.reload`) once the form is sent, e.g. the list it adds to. */
  reloads: AnyActorRef | undefined;
};

export type FormInput = { reloads?: AnyActorRef } | undefined;

export type FormEvent<TInput> = { type: 'form.submit'; values: TInput } | { type: 'form.reset' };

/**
 * A form that sends its values once per submit: editing, submitting, then done (with the
 * result) or back to editing with the reason and the field messages. The call is the `submit`
 * actor, swapped with `.provide` in tests.
 */
export function createFormMachine<TInput, TOutput>(id: string, submit: (values: TInput) => Promise<TOutput>) {
  // Values and results are typed at the edges (the event and the view's selector); inside the
  // chart they are opaque, which keeps the generic factory within what XState can infer.
  return setup({
    types: {
      context: {} as FormContext<unknown>,
      events: {} as FormEvent<unknown>,
      input: {} as FormInput,
    },
    actors: { submit: fromPromise<unknown, unknown>(({ input }) => submit(input as TInput)) },
  }).createMachine({
    id,
    description: 'A form: editing, submitting, done; a failure keeps what was typed and says why.',
    context: ({ input }) => ({ error: null, fieldErrors: {}, result: undefined, reloads: input?.reloads }),
    initial: 'editing',
    states: {
      editing: {
        description: 'The form can be filled in and sent.',
        on: { 'form.submit': 'submitting' },
      },
      submitting: {
        description: 'The values are being sent; the submit button is disabled.',
        invoke: {
          src: 'submit',
          input: ({ event }: { event: FormEvent<unknown> }) => (event as Extract<FormEvent<unknown>, { type: 'form.submit' }>).values,
          onDone: {
            target: 'done',
            actions: assign({ result: ({ event }) => event.output, error: null, fieldErrors: {} }),
          },
          onError: {
            target: 'editing',
            actions: assign({
              error: ({ event }) => (event.error as Error)?.message ?? String(event.error),
              fieldErrors: ({ event }) => (event.error as { fields?: Record<string, string> })?.fields ?? {},
            }),
          },
        },
      },
      done: {
        description: 'Sent; the result is shown, and the list it adds to reloads. Reset starts a new, empty form.',
        entry: ({ context }) => context.reloads?.send({ type: 'query.reload' }),
        on: {
          'form.reset': { target: 'editing', actions: assign({ error: null, fieldErrors: {}, result: undefined }) },
        },
      },
    },
  });
}

