import { assign, fromPromise, setup } from 'xstate';

export type ResourceContext<T> = { data: T | undefined; error: string | null };

/**
 * A machine that loads one piece of data for a screen: loading, then ready or failed, with
 * reload. The fetch is the `load` actor (swap it with `.provide` in tests); a failed reload
 * keeps the last good data.
 */
export function createResourceMachine<T>(id: string, load: () => Promise<T>) {
  return setup({
    types: {
      context: {} as ResourceContext<T>,
      events: {} as { type: 'resource.reload' },
    },
    actors: { load: fromPromise<T, void>(() => load()) },
  }).createMachine({
    id,
    description: 'Loads the data a screen shows, keeping the last good data through a failed reload.',
    context: { data: undefined, error: null },
    initial: 'loading',
    states: {
      loading: {
        description: 'The request is under way.',
        invoke: {
          src: 'load',
          onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
          onError: {
            target: 'failed',
            actions: assign({ error: ({ event }) => (event.error as Error)?.message ?? String(event.error) }),
          },
        },
      },
      ready: { description: 'The data are shown.', on: { 'resource.reload': 'loading' } },
      failed: { description: 'The request failed; the reason is shown with a retry.', on: { 'resource.reload': 'loading' } },
    },
  });
}
