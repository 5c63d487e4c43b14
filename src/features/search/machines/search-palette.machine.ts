import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { SEARCH_EVERYTHING, type SearchEverything, type SearchGroup, type SearchHit } from '@contracts/search';
import { toApiError } from '@/shared/http/http';
import { hrefOf, searchApi } from '../api';

/** One row of the palette's list: a hit with its group and where it opens. */
export type PaletteRow = { group: SearchGroup; hit: SearchHit; href: string };

export type SearchPaletteContext = {
  /** What the user typed. */
  query: string;
  /** The query the shown results answer (they stay shown while the next query waits or loads). */
  answered: string;
  /** The hits of the last answer, flattened in the palette's order (the groups follow each other). */
  rows: PaletteRow[];
  /** The highlighted row (the one Enter opens), an index into `rows`. */
  highlighted: number;
  error: string | null;
};

export type SearchPaletteEvent =
  | { type: 'palette.type'; query: string }
  | { type: 'palette.next' }
  | { type: 'palette.previous' }
  | { type: 'palette.highlight'; index: number }
  | { type: 'palette.choose' }
  | { type: 'palette.retry' };

/** Emitted when a row is chosen: the screen goes to `href` and the palette closes. */
export type SearchPaletteEmitted = { type: 'palette.opened'; href: string };

const rowsOf = (answer: SearchEverything): PaletteRow[] =>
  answer.groups.flatMap((g) => g.hits.map((hit) => ({ group: g.group, hit, href: hrefOf(g.group, hit) })));

const empty = { answered: '', rows: [] as PaletteRow[], highlighted: 0, error: null };

/**
 * The search-everything palette: the query is sent once typing pauses (DEBOUNCE), the answer's
 * rows are listed with one highlighted; arrows move the highlight (wrapping), Enter opens it.
 * A newer query cancels the search under way, so an old answer never replaces a newer one.
 */
export const searchPaletteMachine = setup({
  types: {
    context: {} as SearchPaletteContext,
    events: {} as SearchPaletteEvent,
    emitted: {} as SearchPaletteEmitted,
  },
  actors: {
    search: fromPromise<SearchEverything, string>(({ input }) => searchApi.everything(input)),
  },
  delays: { DEBOUNCE: SEARCH_EVERYTHING.debounceMs },
  guards: {
    isBlank: ({ event }) => event.type === 'palette.type' && event.query.trim() === '',
    hasRows: ({ context }) => context.rows.length > 0,
  },
  actions: {
    setQuery: assign({ query: ({ event }) => (event.type === 'palette.type' ? event.query : '') }),
    clearResults: assign(empty),
    moveHighlight: assign({
      highlighted: ({ context, event }) => {
        const n = context.rows.length;
        if (event.type === 'palette.next') return (context.highlighted + 1) % n;
        if (event.type === 'palette.previous') return (context.highlighted - 1 + n) % n;
        assertEvent(event, 'palette.highlight');
        return Math.min(Math.max(event.index, 0), n - 1);
      },
    }),
    openHighlighted: emit(({ context }) => ({ type: 'palette.opened' as const, href: context.rows[context.highlighted]!.href })),
  },
}).createMachine({
  id: 'search-palette',
  description: 'Search everything from anywhere on the staff side: type, pick a hit with the arrows, Enter opens it.',
  context: { query: '', ...empty },
  initial: 'empty',
  on: {
    'palette.type': [
      { guard: 'isBlank', target: '.empty', actions: ['setQuery', 'clearResults'], description: 'Nothing typed: nothing listed.' },
      { target: '.waiting', actions: 'setQuery', reenter: true, description: 'Each key starts the pause again; the results of the last answer stay shown.' },
    ],
    'palette.next': { guard: 'hasRows', actions: 'moveHighlight', description: 'Arrow down: the next row, from the last back to the first.' },
    'palette.previous': { guard: 'hasRows', actions: 'moveHighlight', description: 'Arrow up: the previous row, from the first to the last.' },
    'palette.highlight': { guard: 'hasRows', actions: 'moveHighlight', description: 'The pointer rests on a row.' },
  },
  states: {
    empty: { description: 'Nothing typed yet: the palette says what it searches.' },
    waiting: {
      description: 'Typing: the search waits for a pause.',
      after: { DEBOUNCE: { target: 'searching', description: 'The user paused: search.' } },
    },
    searching: {
      tags: ['busy'],
      description: 'The query is on its way; the last results stay shown.',
      invoke: {
        src: 'search',
        input: ({ context }) => context.query.trim(),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({ answered: context.query, rows: rowsOf(event.output), highlighted: 0, error: null })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toApiError(event.error).message }) },
      },
    },
    ready: {
      description: 'The hits are listed, the first highlighted (or none were found).',
      on: { 'palette.choose': { guard: 'hasRows', actions: 'openHighlighted', description: 'Enter (or a click): open the highlighted hit.' } },
    },
    failed: {
      tags: ['error'],
      description: 'The search failed; the reason is shown with a retry.',
      on: { 'palette.retry': { target: 'searching', description: 'Try the same query again.' } },
    },
  },
});

/** The rows of a group, with their index in the whole list (for aria-activedescendant and the highlight). */
export function groupsOfRows(rows: readonly PaletteRow[]): { group: SearchGroup; rows: { row: PaletteRow; index: number }[] }[] {
  const out: { group: SearchGroup; rows: { row: PaletteRow; index: number }[] }[] = [];
  rows.forEach((row, index) => {
    const last = out[out.length - 1];
    if (last?.group === row.group) last.rows.push({ row, index });
    else out.push({ group: row.group, rows: [{ row, index }] });
  });
  return out;
}
