import { assign, fromPromise, sendParent, setup } from 'xstate';
import { toApiError } from '@/shared/http/http';

export type QueryContext<TQuery, T> = {
  /** What is loaded: a page, a search with its filters, an id; `undefined` for data that take none. */
  query: TQuery;
  /** The last good data; kept while the next query loads and through a failed load. */
  data: T | undefined;
  error: string | null;
};
export type QueryEvent<TQuery> = { type: 'query.set'; query: TQuery } | { type: 'query.reload' };
export type QueryInput<TQuery> = { query?: TQuery } | undefined;

/**
 * Loads data for a screen, with an optional query (page, search, filters, id): loading, then ready
 * or failed. A new query (`query.set`) or a reload (`query.reload`) loads again, cancelling a load
 * under way, so the answer of a superseded query is never shown; the last good data stay shown
 * while the next load runs and through a failed one. The call is the `load` actor (swap it with
 * `.provide` in tests); errors read as the services' `ApiError` message.
 */
export function createQueryMachine<TQuery, T>(id: string, load: (query: TQuery) => Promise<T>) {
  return setup({
    types: {
      context: {} as QueryContext<TQuery, T>,
      events: {} as QueryEvent<TQuery>,
      input: {} as QueryInput<TQuery>,
    },
    // The actor's input is the query; it is typed `unknown` for XState (a generic query could be a
    // function, which its input mapper could not be told from).
    actors: { load: fromPromise<T, unknown>(({ input }) => load(input as TQuery)) },
    // What a screen machine that owns this query hears (`queryChild` provides them); alone they do
    // nothing. The data are opaque inside the chart, as the load's input is.
    actions: {
      reportLoaded: (_: unknown, _data: unknown) => undefined,
      reportFailed: (_: unknown, _error: string) => undefined,
    },
  }).createMachine({
    id,
    description: 'Loads the data of a query, keeping the last good data while the next loads and through a failure.',
    context: ({ input }) => ({ query: input?.query as TQuery, data: undefined, error: null }),
    initial: 'loading',
    on: {
      'query.set': {
        target: '.loading',
        actions: assign({ query: ({ event }) => event.query }),
        description: 'A new query (page, search, filter, id) loads again; a load under way for the old one is dropped.',
      },
      'query.reload': { target: '.loading', description: 'The same query loads again (a retry, or the data changed on the server).' },
    },
    states: {
      loading: {
        description: 'The request is under way; the last good data stay shown.',
        invoke: {
          src: 'load',
          input: ({ context }: { context: QueryContext<TQuery, T> }) => context.query,
          onDone: { target: 'ready', actions: [assign({ data: ({ event }) => event.output, error: null }), { type: 'reportLoaded', params: ({ event }: { event: { output: unknown } }) => event.output }] },
          onError: {
            target: 'failed',
            actions: [assign({ error: ({ event }) => toApiError(event.error).message }), { type: 'reportFailed', params: ({ context }) => context.error ?? '' }],
          },
        },
      },
      ready: { description: 'The data are shown.' },
      failed: { description: 'The request failed; the reason is shown with a retry, beside the last good data if any.' },
    },
  });
}

/** A query machine made by `createQueryMachine`, with its query and data types. */
export type QueryMachine<TQuery, T> = ReturnType<typeof createQueryMachine<TQuery, T>>;

/** What a query child tells the screen machine that spawned it (`queryChild`). */
export type QueryReport<TLoaded extends string, TFailed extends string, T> = { type: TLoaded; data: T } | { type: TFailed; error: string };

/**
 * The query machine as a child of a screen machine (docs/adr/0107): spawned with a `systemId`, it
 * tells its parent each load's outcome with the parent's own events, `{ type: loaded, data }` and
 * `{ type: failed, error }`; the parent sends it `query.reload` or `query.set`.
 */
export function queryChild<TQuery, T, TLoaded extends string, TFailed extends string>(machine: QueryMachine<TQuery, T>, events: { loaded: TLoaded; failed: TFailed }) {
  return machine.provide({
    actions: {
      reportLoaded: sendParent((_, data: unknown) => ({ type: events.loaded, data: data as T })),
      reportFailed: sendParent((_, error: string) => ({ type: events.failed, error })),
    },
  });
}
