import { assign, fromPromise, setup } from 'xstate';

export type QueryContext<TQuery, T> = { query: TQuery; data: T | undefined; error: string | null };
export type QueryEvent<TQuery> = { type: 'query.set'; query: TQuery } | { type: 'query.reload' };

/**
 * Loads data for a query (page, search, filter, id): loading, then ready or failed. A new
 * query or a reload loads again; a failed load keeps the last good data. The call is the
 * `load` actor.
 */
export function createQueryMachine<TQuery, T>(id: string, load: (query: TQuery) => Promise<T>) {
  // The data are typed at the view's selector; inside the chart they are opaque, which keeps the
  // generic factory within what XState can infer.
  return setup({
    types: {
      context: {} as QueryContext<unknown, unknown>,
      events: {} as QueryEvent<unknown>,
      input: {} as { query: unknown },
    },
    actors: { load: fromPromise<unknown, unknown>(({ input }) => load(input as TQuery)) },
  }).createMachine({
    id,
    description: 'Loads the data of a query, keeping the last good data through a failure.',
    context: ({ input }) => ({ query: input.query, data: undefined, error: null }),
    initial: 'loading',
    on: {
      'query.set': { target: '.loading', actions: assign({ query: ({ event }) => event.query }), description: 'A new query loads again.' },
      'query.reload': { target: '.loading' },
    },
    states: {
      loading: {
        description: 'The request is under way.',
        invoke: {
          src: 'load',
          input: ({ context }: { context: QueryContext<unknown, unknown> }) => context.query,
          onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
          onError: { target: 'failed', actions: assign({ error: ({ event }) => (event.error as Error)?.message ?? String(event.error) }) },
        },
      },
      ready: { description: 'The data are shown.' },
      failed: { description: 'The request failed; the reason is shown with a retry.' },
    },
  });
}
