import { assertEvent, assign, fromPromise, not, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { TICKET_VIEW_COUNTS_FRESH_MS, TICKET_VIEW_FILTER_KEYS, type CountedTicketView, type SavedTicketView, type TicketViewFilters } from '@contracts/ticket-views';
import { toApiError } from '@/shared/http/http';
import { notifyActions } from '@/shared/machines/notify';
import { watchWindowFocus } from '@/shared/machines/window-focus';
import { ticketViewsApi } from '../api';

/**
 * The ticket search's own URL keys of the view filters that have another name there: the search
 * box is `search`, the table's column filters are `f.<field>` (TicketSearchScreen); the others
 * keep their names.
 */
const URL_KEY: Partial<Record<(typeof TICKET_VIEW_FILTER_KEYS)[number], string>> = { q: 'search', status: 'f.status', severity: 'f.severity', queue: 'f.queue' };
const urlKeyOf = (key: (typeof TICKET_VIEW_FILTER_KEYS)[number]) => URL_KEY[key] ?? key;
/** A status list in one order, so "WOC,A" and "A,WOC" are the same filter. */
const sortedList = (value: string) => value.split(',').filter(Boolean).sort().join(',');

/** The view filters the search's address holds (its search, column filters and other filters). */
export function viewFiltersOf(url: URLSearchParams): TicketViewFilters {
  const out: TicketViewFilters = {};
  for (const key of TICKET_VIEW_FILTER_KEYS) {
    const value = url.get(urlKeyOf(key));
    if (value) out[key] = value;
  }
  return out;
}

/** The search's address that applies a view's filters (first page, the table's default sort). */
export function viewHref(filters: Record<string, string>): string {
  const url = new URLSearchParams();
  for (const key of TICKET_VIEW_FILTER_KEYS) if (filters[key]) url.set(urlKeyOf(key), filters[key]);
  const query = url.toString();
  return `/ticket/search${query ? `?${query}` : ''}`;
}

/** Whether the address applies exactly a view's filters (that view is the current one). */
export function isCurrentView(view: { filters: Record<string, string> }, url: URLSearchParams): boolean {
  const shown = viewFiltersOf(url) as Record<string, string>;
  const norm = (f: Record<string, string>) =>
    JSON.stringify(
      Object.entries(f)
        .filter(([, v]) => v)
        .map(([k, v]) => [k, k === 'status' || k === 'severity' || k === 'queue' ? sortedList(v) : v])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  return norm(view.filters) === norm(shown);
}

/** The dialog open over the views: save the current filters, rename or delete a saved view. */
export type TicketViewsDialog = { kind: 'save'; filters: TicketViewFilters } | { kind: 'rename'; id: number; name: string } | { kind: 'delete'; id: number; name: string };

export type TicketViewsContext = {
  /** The list the counts were loaded beside (the search's filters, as the screen names them). */
  listKey: string;
  views: CountedTicketView[];
  /** Why the views could not be loaded (the last ones stay shown). */
  error: string | null;
  dialog: TicketViewsDialog | null;
  /** Why the dialog's save was refused, by field (`name`), and in general. */
  fieldErrors: Record<string, string>;
  saveError: string | null;
};

export type TicketViewsEvent =
  | { type: 'views.refresh' }
  | { type: 'views.focus' }
  | { type: 'views.listChanged'; listKey: string }
  | { type: 'views.saveCurrent'; filters: TicketViewFilters }
  | { type: 'views.rename'; id: number; name: string }
  | { type: 'views.delete'; id: number; name: string }
  | { type: 'dialog.submit'; name: string }
  | { type: 'dialog.close' };

/** One write of a saved view. */
export type TicketViewWrite = { kind: 'save'; name: string; filters: TicketViewFilters } | { kind: 'rename'; id: number; name: string } | { kind: 'delete'; id: number };

const DONE: Record<TicketViewWrite['kind'], string> = { save: 'View saved', rename: 'View renamed', delete: 'View deleted' };

/**
 * The views above the ticket search (ticketViews): the built-in queues and the user's saved
 * filters with their counts, loaded in one call and loaded again whenever the list is (the screen
 * sends `views.refresh`); saving the current filters under a name, renaming and deleting a saved
 * view go through a dialog whose refusals are said beside its field.
 */
export const ticketViewsMachine = setup({
  types: { context: {} as TicketViewsContext, events: {} as TicketViewsEvent, input: {} as { listKey: string } },
  actors: {
    watchFocus: watchWindowFocus<TicketViewsEvent>({ type: 'views.focus' }),
    list: fromPromise<CountedTicketView[]>(async () => (await ticketViewsApi.list()).views),
    write: fromPromise<SavedTicketView | null, TicketViewWrite>(({ input }) => {
      switch (input.kind) {
        case 'save':
          return ticketViewsApi.create({ name: input.name, filters: input.filters });
        case 'rename':
          return ticketViewsApi.rename(input.id, input.name);
        case 'delete':
          return ticketViewsApi.remove(input.id).then(() => null);
      }
    }),
  },
  delays: { COUNTS_FRESH: TICKET_VIEW_COUNTS_FRESH_MS },
  guards: {
    isNewList: ({ context, event }) => event.type === 'views.listChanged' && event.listKey !== context.listKey,
    hasDialog: ({ context }) => context.dialog !== null,
  },
  actions: {
    ...notifyActions,
    takeListKey: assign({ listKey: ({ context, event }) => (event.type === 'views.listChanged' ? event.listKey : context.listKey) }),
    closeDialog: assign({ dialog: null, fieldErrors: {}, saveError: null }),
  },
}).createMachine({
  id: 'ticketViews',
  description: "The ticket search's views with their counts, and the dialog that saves, renames or deletes the user's own.",
  context: ({ input }) => ({ listKey: input.listKey, views: [], error: null, dialog: null, fieldErrors: {}, saveError: null }),
  initial: 'loading',
  invoke: { src: 'watchFocus', description: 'The tab coming back into view: the counts load again if they are a minute old.' },
  states: {
    loading: {
      description: 'The views and their counts are being fetched.',
      tags: ['busy'],
      on: {
        'views.refresh': { target: 'loading', reenter: true, description: 'Asked again meanwhile: the newest answer wins.' },
        'views.listChanged': { guard: 'isNewList', target: 'loading', reenter: true, actions: 'takeListKey', description: 'The search shows another list meanwhile.' },
      },
      invoke: {
        src: 'list',
        onDone: { target: 'ready', actions: assign({ views: ({ event }) => event.output, error: null }) },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => toApiError(event.error).message }) },
      },
    },
    ready: {
      description: 'The views are shown; a dialog may be open.',
      initial: 'fresh',
      states: {
        fresh: { description: 'The counts loaded less than a minute ago: the tab coming back into view leaves them.', after: { COUNTS_FRESH: 'stale' } },
        stale: {
          description: 'The counts are a minute old or more.',
          on: { 'views.focus': { guard: not('hasDialog'), target: '#ticketViews.loading', description: 'The tab came back into view (no dialog open): the counts load again.' } },
        },
      },
      on: {
        'views.refresh': { target: 'loading', description: 'The list loaded again (a page, a sort, a reload): the counts load again; the last ones stay shown meanwhile.' },
        'views.listChanged': { guard: 'isNewList', target: 'loading', actions: 'takeListKey', description: 'The search shows another list (other filters): the counts load again.' },
        'views.saveCurrent': { actions: assign({ dialog: ({ event }) => ({ kind: 'save' as const, filters: event.filters }), fieldErrors: {}, saveError: null }) },
        'views.rename': { actions: assign({ dialog: ({ event }) => ({ kind: 'rename' as const, id: event.id, name: event.name }), fieldErrors: {}, saveError: null }) },
        'views.delete': { actions: assign({ dialog: ({ event }) => ({ kind: 'delete' as const, id: event.id, name: event.name }), fieldErrors: {}, saveError: null }) },
        'dialog.close': { actions: 'closeDialog' },
        'dialog.submit': { guard: 'hasDialog', target: 'writing', description: "The dialog's Save, Rename or Delete." },
      },
    },
    writing: {
      description: 'A saved view is being saved, renamed or deleted.',
      tags: ['busy', 'writing'],
      on: { 'views.listChanged': { actions: 'takeListKey', description: 'The counts load after the write anyway.' } },
      invoke: {
        src: 'write',
        input: ({ context, event }): TicketViewWrite => {
          assertEvent(event, 'dialog.submit');
          const dialog = context.dialog!;
          if (dialog.kind === 'delete') return { kind: 'delete', id: dialog.id };
          if (dialog.kind === 'rename') return { kind: 'rename', id: dialog.id, name: event.name };
          return { kind: 'save', name: event.name, filters: dialog.filters };
        },
        onDone: {
          target: 'loading',
          actions: [{ type: 'notify', params: ({ context }) => ({ tone: 'success' as const, title: DONE[context.dialog!.kind] }) }, 'closeDialog'],
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => {
            const e = toApiError(event.error);
            return { saveError: e.message, fieldErrors: e.fields ?? {} };
          }),
        },
      },
    },
  },
});

export type TicketViewsActor = ActorRefFrom<typeof ticketViewsMachine>;
type S = SnapshotFrom<typeof ticketViewsMachine>;
export const selectViews = (s: S) => s.context.views;
export const selectViewsError = (s: S) => s.context.error;
export const selectViewsLoading = (s: S) => s.matches('loading');
export const selectViewsDialog = (s: S) => s.context.dialog;
export const selectViewsWriting = (s: S) => s.hasTag('writing');
export const selectViewsFieldErrors = (s: S) => s.context.fieldErrors;
export const selectViewsSaveError = (s: S) => s.context.saveError;
