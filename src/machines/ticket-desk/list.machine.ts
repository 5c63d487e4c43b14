import { assign, fromPromise, setup } from 'xstate';
import { toApiError } from '../../services/http';

export type ListParams = Record<string, string>;
export type ListAction = { action: string; id: number; payload?: unknown };
export type ListContext<T> = { params: ListParams; data: T | undefined; error: string | null; actionError: string | null };
export type ListEvent = { type: 'list.query'; params: ListParams } | { type: 'list.reload' } | ({ type: 'list.act' } & ListAction);

/**
 * A server-side list (search, filters, sort, page in `params`): every change of the query loads
 * again; the last page stays shown while the next loads. Row actions (resend, disable, …) run
 * through `act` and reload the list.
 */
export function createListMachine<T>(id: string, fetch: (params: ListParams) => Promise<T>, act: (a: ListAction) => Promise<unknown> = async () => undefined) {
  return setup({
    types: {
      context: {} as ListContext<T>,
      events: {} as ListEvent,
      input: {} as { params?: ListParams } | undefined,
    },
    actors: {
      fetch: fromPromise<T, ListParams>(({ input }) => fetch(input)),
      act: fromPromise<unknown, ListAction>(({ input }) => act(input)),
    },
  }).createMachine({
    id,
    description: 'A list the server searches, filters, sorts and pages.',
    context: ({ input }) => ({ params: input?.params ?? {}, data: undefined, error: null, actionError: null }),
    initial: 'loading',
    on: {
      'list.query': {
        target: '.loading',
        description: 'A new search, filter, sort or page: the list loads again with these parameters.',
        actions: assign({ params: ({ event }) => event.params }),
      },
    },
    states: {
      loading: {
        description: 'The page is being fetched; the previous page stays visible.',
        invoke: {
          src: 'fetch',
          input: ({ context }) => context.params,
          onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
          onError: { target: 'failed', actions: assign({ error: ({ event }) => toApiError(event.error).message }) },
        },
      },
      ready: {
        description: 'The page is shown.',
        on: {
          'list.reload': 'loading',
          'list.act': { target: 'acting', description: 'A row action runs, then the list reloads.' },
        },
      },
      acting: {
        description: 'A row action is under way.',
        invoke: {
          src: 'act',
          input: ({ event }) => {
            const e = event as Extract<ListEvent, { type: 'list.act' }>;
            return { action: e.action, id: e.id, payload: e.payload };
          },
          onDone: { target: 'loading', actions: assign({ actionError: null }) },
          onError: { target: 'ready', actions: assign({ actionError: ({ event }) => toApiError(event.error).message }) },
        },
      },
      failed: { description: 'The page could not be loaded; the reason is shown with a retry.', on: { 'list.reload': 'loading' } },
    },
  });
}
