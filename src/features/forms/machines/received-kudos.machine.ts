/**
 * The kudos a person received (their profile), a page at a time: the first page loads, "Show more"
 * loads the kudos sent before the last one shown and adds them below; a full page means there may
 * be more. A failed first load offers a retry; a failed next page keeps what is shown.
 */
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { FORMS, RECEIVED_KUDOS_PAGE, type Kudo } from '@contracts/forms';
import { call, toApiError } from '@/shared/http/http';

export type ReceivedKudosContext = { person: number; kudos: Kudo[]; more: boolean; error: string | null };
export type ReceivedKudosEvent = { type: 'kudos.more' } | { type: 'kudos.retry' };
type Page = { person: number; before?: number | undefined };


export const receivedKudosMachine = setup({
  types: { context: {} as ReceivedKudosContext, events: {} as ReceivedKudosEvent, input: {} as { person: number } },
  actors: { loadPage: fromPromise<Kudo[], Page>(({ input }) => call(FORMS.receivedKudos, { params: { person: input.person }, query: input.before ? { before: input.before } : {} })) },
  guards: { hasMore: ({ context }) => context.more },
  actions: {
    /** A page added below what is shown; a full page may have more after it. */
    addPage: assign(({ context }, page: Kudo[]) => ({ kudos: [...context.kudos, ...page], more: page.length >= RECEIVED_KUDOS_PAGE, error: null })),
    keepError: assign((_, error: unknown) => ({ error: toApiError(error).message })),
  },
}).createMachine({
  id: 'received-kudos',
  description: 'The kudos a person received, newest first, a page at a time.',
  context: ({ input }) => ({ person: input.person, kudos: [], more: false, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      description: 'The first page is loading.',
      invoke: { src: 'loadPage', input: ({ context }) => ({ person: context.person }), onDone: { target: 'ready', actions: { type: 'addPage', params: ({ event }: { event: DoneActorEvent<Kudo[]> }) => event.output } }, onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }: { event: ErrorActorEvent }) => event.error } } },
    },
    failed: {
      description: 'The first page could not be loaded: the reason shows with a retry.',
      on: { 'kudos.retry': { target: 'loading' } },
    },
    ready: {
      description: 'The kudos loaded so far show; a full last page offers "Show more".',
      on: {
        'kudos.more': { target: 'loadingMore', guard: 'hasMore', description: 'Loads the kudos sent before the last one shown (again, after a failed page).' },
      },
    },
    loadingMore: {
      tags: ['busy'],
      description: 'The next page is loading; what is shown stays.',
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ person: context.person, before: context.kudos.at(-1)?.id }),
        onDone: { target: 'ready', actions: { type: 'addPage', params: ({ event }: { event: DoneActorEvent<Kudo[]> }) => event.output } },
        onError: { target: 'ready', actions: { type: 'keepError', params: ({ event }: { event: ErrorActorEvent }) => event.error }, description: 'The next page failed: what is shown stays, with the reason.' },
      },
    },
  },
});

/** Whether the view offers "Show more". */
export const selectMore = (s: { context: ReceivedKudosContext }) => s.context.more;
