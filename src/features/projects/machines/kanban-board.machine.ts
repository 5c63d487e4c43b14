/**
 * The kanban board screen (/project/kanban/{id}) as one statechart (docs/adr/0107): it owns the
 * board's query, the card mover (optimistic moves) and the forms of the board (quick add, the card's
 * sheet and its delete, the WIP limits), each a child spawned with a `systemId`; it keeps the filters
 * and the cards as the columns show them, mounts a big board's columns one after another, decides
 * where the focus goes after a move, and says what happened (`notify`). The view reads the
 * selectors at the end of this file and sends the events below.
 *
 * Focus is the one thing the machine cannot do itself: it decides ("focus card 12's button once the
 * move is on screen", the named action `focusDroppedCard`, `focusMovedCard`, `focusMenuOrigin`) and spawns `focusCard` with that decision, which
 * the board's view provides with its DOM helper (screens/reveal.ts); a newer decision stops the one
 * still waiting. Without a view (machine and path tests) `focusCard` does nothing and the decision
 * stays readable in `context.focus`.
 */
import { assertEvent, assign, enqueueActions, fromCallback, sendTo, setup, spawnChild, type EventObject, type SnapshotFrom } from 'xstate';
import { BOARD_COLUMN_LABELS, BOARD_COLUMNS, byRank, PROJECTS, type Board, type BoardColumn, type Task, type UpdateTaskInput, type WipLimits } from '@contracts/projects';
import { notifyActions } from '@/shared/machines/notify';
import { queryChild } from '@/shared/machines/query.machine';
import { problemsOf, submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import { moverChild, type CardChange, type CardMove, type CardsChanged } from './card-move.machine';
import { addTaskMachine, boardMachine, deleteTaskMachine, updateProjectMachine, updateTaskMachine } from './projects.machines';

/** A board with more cards than this mounts its columns one after another, each once the one before was painted. */
export const PROGRESSIVE_FROM = 120;
/** The filters' value for "any assignee" / "any sprint", and for "unassigned" / "no sprint". */
export const ANY = 'any';
export const NONE = 'none';

export type BoardFilters = { assignee: string; sprint: string; text: string };
export const NO_FILTERS: BoardFilters = { assignee: ANY, sprint: ANY, text: '' };
export type Columns = Record<BoardColumn, readonly Task[]>;

/**
 * What the columns show, changed as one object (so a refused move's "Move undone" and the card
 * going back show in the same frame). `version` grows whenever a column's cards change: focus
 * that follows a moved card waits until the board has painted a newer version than the move's.
 */
export type BoardView = {
  columns: Columns;
  /** All cards per column (the WIP count ignores the filters). */
  totals: Record<BoardColumn, number>;
  cardCount: number;
  shownCount: number;
  moveError: string | null;
  announcement: string;
  version: number;
  /** A big board mounts its columns one after another; `mounted` are ready so far. */
  progressive: boolean;
  mounted: number;
  /**
   * A card moved to another column of a big board shows there first; its old column follows once
   * that is painted (`columns.painted`), so each column's render runs in a task of its own. The
   * move whose old column is still to follow, else null.
   */
  settling: CardChange | null;
};

/** Where the focus goes: a card's row (after a drop), its "Move to…" button (after the menu moved it), or back where the menu was opened from. */
export type FocusTarget = 'row' | 'button' | 'origin';
export type FocusRequest = { taskId: number; target: FocusTarget; after: number };
/** What `focusCard` is given: the request and the columns as the machine has them now. */
export type FocusInput = FocusRequest & { columns: () => Columns };

/** The card a "Move to…" menu was opened for, with its column as shown then (the positions it offers). */
export type MenuTarget = { card: Task; column: readonly Task[]; moved: boolean; version: number };

export type FormFailure = SubmitFailure;
const NO_FAILURE: FormFailure = { error: '', fieldErrors: {} };

export type KanbanBoardContext = {
  projectId: number;
  /** The project, its sprints and staff (the cards shown come from the mover). */
  board: Board | null;
  loadError: string | null;
  /** The cards as the mover has them (moves shown at once). */
  tasks: readonly Task[];
  filters: BoardFilters;
  view: BoardView;
  dragging: number | null;
  menu: MenuTarget | null;
  focus: FocusRequest | null;
  sheetTaskId: number | null;
  sheetFailure: FormFailure | null;
  /** Counts the sheet's saves refused for their fields (by the schema or a 400): each one moves focus to the first field in error. */
  sheetRefusals: number;
  deleteFailure: FormFailure | null;
  limitsFailure: FormFailure | null;
  quickAdd: { column: BoardColumn | null; failure: FormFailure | null; /** Grows with each card added: the form starts empty again. */ seq: number };
};

export type KanbanBoardEvent =
  // From the view
  | { type: 'board.retry' }
  | { type: 'board.painted'; mounted: number }
  | { type: 'columns.painted'; version: number }
  | { type: 'filter.change'; filters: Partial<BoardFilters> }
  | { type: 'filter.clear' }
  | { type: 'card.dragStart'; taskId: number }
  | { type: 'card.dragCancel' }
  | { type: 'card.drop'; move: CardMove }
  | { type: 'menu.open'; taskId: number }
  | { type: 'menu.choose'; move: CardMove }
  | { type: 'menu.close' }
  | { type: 'sheet.open'; taskId: number }
  | { type: 'sheet.close' }
  | { type: 'card.save'; input: UpdateTaskInput }
  | { type: 'card.delete' }
  | { type: 'limits.open' }
  | { type: 'limits.close' }
  | { type: 'limits.save'; limits: WipLimits }
  | { type: 'quickAdd.open'; column: BoardColumn }
  | { type: 'quickAdd.close' }
  | { type: 'quickAdd.submit'; title: string }
  // From the children
  | { type: 'board.loaded'; data: Board }
  | { type: 'board.loadFailed'; error: string }
  | CardsChanged
  | { type: 'card.saved'; result: Task }
  | ({ type: 'card.saveFailed' } & FormFailure)
  | { type: 'card.deleted'; result: { ok: true } }
  | ({ type: 'card.deleteFailed' } & FormFailure)
  | { type: 'card.added'; result: Task }
  | ({ type: 'card.addFailed' } & FormFailure)
  | { type: 'limits.saved'; result: unknown }
  | ({ type: 'limits.saveFailed' } & FormFailure);

/** Whether a card matches the filters: assignee (or unassigned), sprint (or none) and text in the title, description or "#ticket". */
function matches(t: Task, f: BoardFilters): boolean {
  const text = f.text.trim().toLowerCase();
  return (
    (f.assignee === ANY || (f.assignee === NONE ? t.assignee_id === null : String(t.assignee_id) === f.assignee)) &&
    (f.sprint === ANY || (f.sprint === NONE ? t.sprint_id === null : String(t.sprint_id) === f.sprint)) &&
    (!text || t.title.toLowerCase().includes(text) || t.description.toLowerCase().includes(text) || (t.ticket_id !== null && `#${t.ticket_id}`.includes(text)))
  );
}

/** Cards matching the filters (`matches`). */
export function filterCards(tasks: readonly Task[], f: BoardFilters): Task[] {
  return tasks.filter((t) => matches(t, f));
}

/**
 * Two versions of a card that show the same: every field but when it was last changed (which only
 * its sheet reads, from the mover's cards). The server's answer to a move is a new object with a
 * new `updated_at`; the column keeps the card it showed, so it is not rendered again.
 */
function sameCard(a: Task, b: Task): boolean {
  if (a === b) return true;
  for (const k of Object.keys(a) as (keyof Task)[]) if (k !== 'updated_at' && a[k] !== b[k]) return false;
  return Object.keys(a).length === Object.keys(b).length;
}
const sameCards = (a: readonly Task[], b: readonly Task[]) => a.length === b.length && a.every((t, i) => sameCard(t, b[i]!));

/**
 * The shown cards per column, in rank order. A column whose cards did not change keeps its array
 * (cards that show the same count as unchanged, `sameCard`), so a move re-renders only the columns
 * it touched, and the server's answer to it none.
 */
export function groupColumns(tasks: readonly Task[], filters: BoardFilters, previous?: Columns): Columns {
  const out = Object.fromEntries(BOARD_COLUMNS.map((c) => [c, [] as Task[]])) as Record<BoardColumn, Task[]>;
  for (const t of filterCards(tasks, filters)) out[t.column].push(t);
  let changed = !previous;
  const columns = {} as Record<BoardColumn, readonly Task[]>;
  for (const c of BOARD_COLUMNS) {
    out[c].sort(byRank);
    const before = previous?.[c];
    if (before && sameCards(before, out[c])) columns[c] = before;
    else {
      columns[c] = out[c];
      changed = true;
    }
  }
  return changed ? columns : previous!;
}

/**
 * The columns after one card changed (`change`: a move shown, the server's answer, a move put
 * back): the card leaves the column it was shown in and, if the filters show it, takes its place
 * by rank in its new column. Only those two columns are looked at, and only they can be new
 * arrays; every other column, and every other card, stays the same object. A column whose cards
 * show the same as before (`sameCard`) keeps its array, so the server's answer to a move
 * usually changes nothing. The same object when no column changed. `only`: that one of the two.
 */
export function patchColumns(columns: Columns, filters: BoardFilters, { before, after }: CardChange, only?: BoardColumn): Columns {
  const touched = only ? [only] : before.column === after.column ? [after.column] : [before.column, after.column];
  let changed = false;
  const out = { ...columns };
  for (const c of touched) {
    const cards = columns[c].filter((t) => t.id !== before.id && t.id !== after.id);
    if (after.column === c && matches(after, filters)) {
      // The first card ranked after it (the column is in rank order).
      let lo = 0;
      let hi = cards.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (byRank(cards[mid]!, after) < 0) lo = mid + 1;
        else hi = mid;
      }
      cards.splice(lo, 0, after);
    }
    if (!sameCards(columns[c], cards)) {
      out[c] = cards;
      changed = true;
    }
  }
  return changed ? out : columns;
}

const EMPTY_VIEW: BoardView = {
  columns: groupColumns([], NO_FILTERS),
  totals: Object.fromEntries(BOARD_COLUMNS.map((c) => [c, 0])) as Record<BoardColumn, number>,
  cardCount: 0,
  shownCount: 0,
  moveError: null,
  announcement: '',
  version: 0,
  progressive: false,
  mounted: 0,
  settling: null,
};

const countOf = (columns: Columns) => BOARD_COLUMNS.reduce((n, col) => n + columns[col].length, 0);

/** The columns once the move still settling (if any) has left its old column. */
export function settledColumns(view: BoardView, filters: BoardFilters): Columns {
  return view.settling ? patchColumns(view.columns, filters, view.settling, view.settling.before.column) : view.columns;
}

/**
 * The view after the cards, filters or the mover's words changed; the same object when nothing
 * did. `cards` says what happened to the cards: all of them may have changed (a load: the
 * columns are grouped again), none did (only the mover's words), or one card was replaced (a
 * move and its answer: only the two columns it touches are worked out again, `patchColumns`).
 */
function nextView(
  view: BoardView,
  c: { tasks: readonly Task[]; filters: BoardFilters; board: Board | null },
  words: { moveError: string | null; announcement: string },
  cards: 'all' | 'none' | CardChange = 'all',
): BoardView {
  const change = typeof cards === 'object' ? cards : null;
  const progressive = Math.max(c.tasks.length, c.board?.tasks.length ?? 0) > PROGRESSIVE_FROM;
  let columns = view.columns;
  let settling = cards === 'all' ? null : view.settling;
  if (change) {
    // A big board shows a card that changed columns in its new column only, and its old column a
    // painted frame later. A move still settling leaves its old column first when this change
    // touches that column or moves another card across columns (one move settles at a time); the
    // server's answer to it (the card in the column it is shown in) leaves it settling.
    const across = progressive && change.before.column !== change.after.column;
    if (settling && (across || change.before.column === settling.before.column || change.after.column === settling.before.column)) {
      columns = settledColumns(view, c.filters);
      settling = null;
    }
    if (across) {
      columns = patchColumns(columns, c.filters, change, change.after.column);
      settling = change;
    } else columns = patchColumns(columns, c.filters, change);
  } else if (cards === 'all') columns = groupColumns(c.tasks, c.filters, view.columns);
  // A loaded board that is not progressive shows every column at once; once shown, a column stays.
  const mounted = c.board && !progressive ? BOARD_COLUMNS.length : view.mounted;
  let totals = view.totals;
  if (cards === 'all') {
    totals = Object.fromEntries(BOARD_COLUMNS.map((col) => [col, 0])) as Record<BoardColumn, number>;
    for (const t of c.tasks) totals[t.column] += 1;
    if (BOARD_COLUMNS.every((col) => totals[col] === view.totals[col])) totals = view.totals;
  } else if (change && change.before.column !== change.after.column) {
    totals = { ...totals, [change.before.column]: totals[change.before.column] - 1, [change.after.column]: totals[change.after.column] + 1 };
  }
  if (
    columns === view.columns &&
    totals === view.totals &&
    settling === view.settling &&
    words.moveError === view.moveError &&
    words.announcement === view.announcement &&
    progressive === view.progressive &&
    mounted === view.mounted
  )
    return view;
  return {
    columns,
    totals,
    cardCount: c.tasks.length,
    // Counted as settled: a card shown in two columns for a frame counts once.
    shownCount: countOf(settling ? patchColumns(columns, c.filters, settling, settling.before.column) : columns),
    moveError: words.moveError,
    announcement: words.announcement,
    version: columns === view.columns ? view.version : view.version + 1,
    progressive,
    mounted,
    settling,
  };
}

const titleOf = (tasks: readonly Task[], id: number | null) => tasks.find((t) => t.id === id)?.title ?? 'the card';

type FocusEnqueue = { assign: (a: Partial<KanbanBoardContext>) => void; stopChild: (id: string) => void; spawnChild: (src: 'focusCard', options: { id: string; input: FocusInput }) => void };
type BoardSelf = { getSnapshot: () => { context: KanbanBoardContext } };

/** Focus goes where `focus` says: the decision is kept in context and `focusCard` spawned with it; a newer decision stops the one still waiting. */
function moveFocus(enqueue: FocusEnqueue, context: KanbanBoardContext, self: BoardSelf, focus: FocusRequest) {
  enqueue.assign({ focus });
  if (context.focus) enqueue.stopChild('focus');
  enqueue.spawnChild('focusCard', { id: 'focus', input: { ...focus, columns: () => settledColumns(self.getSnapshot().context.view, self.getSnapshot().context.filters) } });
}

export const kanbanBoardMachine = setup({
  types: {
    context: {} as KanbanBoardContext,
    events: {} as KanbanBoardEvent,
    input: {} as { projectId: number },
  },
  actors: {
    boardQuery: queryChild(boardMachine, { loaded: 'board.loaded', failed: 'board.loadFailed' }),
    mover: moverChild(),
    addTask: submitChild(addTaskMachine, { saved: 'card.added', failed: 'card.addFailed' }),
    updateTask: submitChild(updateTaskMachine, { saved: 'card.saved', failed: 'card.saveFailed' }),
    deleteTask: submitChild(deleteTaskMachine, { saved: 'card.deleted', failed: 'card.deleteFailed' }),
    updateProject: submitChild(updateProjectMachine, { saved: 'limits.saved', failed: 'limits.saveFailed' }),
    /** Moves the focus as `input` asks; the board's view provides it (screens/reveal.ts). */
    focusCard: fromCallback<EventObject, FocusInput>(() => undefined),
  },
  actions: {
    ...notifyActions,
    reloadBoard: sendTo('board', { type: 'query.reload' }),
    /** The project, sprints and people of the loaded board. */
    takeBoard: assign(({ context, event }) => {
      assertEvent(event, 'board.loaded');
      return { board: event.data, loadError: null, view: nextView(context.view, { ...context, board: event.data }, context.view) };
    }),
    /** The loaded cards go to the mover, which shows them (or keeps a move under way and takes the next load). */
    cardsToMover: sendTo('cardMove', ({ event }) => {
      assertEvent(event, 'board.loaded');
      return { type: 'board.loaded', tasks: event.data.tasks };
    }),
    /** The mover's cards, refusal and announcement, as the columns show them: after a move, only its two columns are looked at again. */
    takeMoverView: assign(({ context, event }) => {
      assertEvent(event, 'cards.changed');
      const cards = event.tasks === context.tasks ? 'none' : (event.change ?? 'all');
      const view = nextView(context.view, { ...context, tasks: event.tasks }, { moveError: event.error, announcement: event.announcement }, cards);
      return view === context.view && event.tasks === context.tasks ? {} : { tasks: event.tasks, view };
    }),
    takeFilters: assign(({ context, event }) => {
      assertEvent(event, ['filter.change', 'filter.clear']);
      const filters = event.type === 'filter.clear' ? NO_FILTERS : { ...context.filters, ...event.filters };
      return { filters, view: nextView(context.view, { ...context, filters }, context.view) };
    }),
    /** A dropped card keeps the focus (its row) in its new place, once the move is on screen. */
    focusDroppedCard: enqueueActions(({ enqueue, context, event, self }) => {
      assertEvent(event, 'card.drop');
      moveFocus(enqueue, context, self, { taskId: event.move.taskId, target: 'row', after: context.view.version });
    }),
    /** The menu moved its card: focus goes to the card's "…" button in its new place. */
    focusMovedCard: enqueueActions(({ enqueue, context, self }) => moveFocus(enqueue, context, self, { taskId: context.menu!.card.id, target: 'button', after: context.menu!.version })),
    /** The menu closed without a move: focus goes back where it was opened from. */
    focusMenuOrigin: enqueueActions(({ enqueue, context, self }) => moveFocus(enqueue, context, self, { taskId: context.menu!.card.id, target: 'origin', after: context.view.version - 1 })),
    openQuickAdd: assign({
      quickAdd: ({ context, event }) => {
        assertEvent(event, 'quickAdd.open');
        return { ...context.quickAdd, column: event.column, failure: null };
      },
    }),
  },
  guards: {
    /** What the card's sheet would send breaks the endpoint's body schema: nothing is sent. */
    isSheetRefused: ({ event }) => event.type === 'card.save' && Object.keys(problemsOf(PROJECTS.updateTask.body, event.input)).length > 0,
    isDragging: ({ context }) => context.dragging !== null,
    /** The board painted the columns with a moved card in its new column, and its old column is still to follow. */
    isSettling: ({ context, event }) => {
      assertEvent(event, 'columns.painted');
      return context.view.settling !== null && event.version >= context.view.version;
    },
    hasMoved: ({ context }) => context.menu?.moved === true,
    /** The board painted the columns mounted so far, and a big board has more to mount. */
    canMountMore: ({ context, event }) => {
      assertEvent(event, 'board.painted');
      return context.view.progressive && event.mounted === context.view.mounted && context.view.mounted < BOARD_COLUMNS.length;
    },
    isOnBoard: ({ context, event }) => {
      assertEvent(event, ['menu.open', 'sheet.open']);
      return context.tasks.some((t) => t.id === event.taskId);
    },
  },
}).createMachine({
  id: 'kanbanBoard',
  description: 'The kanban board: its cards, filters, moves, forms, focus and notices.',
  context: ({ input }) => ({
    projectId: input.projectId,
    board: null,
    loadError: null,
    tasks: [],
    filters: NO_FILTERS,
    view: EMPTY_VIEW,
    dragging: null,
    menu: null,
    focus: null,
    sheetTaskId: null,
    sheetFailure: null,
    sheetRefusals: 0,
    deleteFailure: null,
    limitsFailure: null,
    quickAdd: { column: null, failure: null, seq: 0 },
  }),
  entry: [
    spawnChild('boardQuery', { id: 'board', systemId: 'kanbanBoard.board', input: ({ context }) => ({ query: context.projectId }) }),
    spawnChild('mover', { id: 'cardMove', systemId: 'kanbanBoard.cardMove', input: {} }),
    spawnChild('addTask', { id: 'addTask', systemId: 'kanbanBoard.addTask', input: {} }),
    spawnChild('updateTask', { id: 'updateTask', systemId: 'kanbanBoard.updateTask', input: {} }),
    spawnChild('deleteTask', { id: 'deleteTask', systemId: 'kanbanBoard.deleteTask', input: {} }),
    spawnChild('updateProject', { id: 'updateProject', systemId: 'kanbanBoard.updateProject', input: {} }),
  ],
  on: {
    'cards.changed': { actions: 'takeMoverView', description: 'The mover changed the cards (loaded, a move shown, settled or put back): the columns follow.' },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The board is being fetched; the columns show skeletons.',
      on: {
        'board.loaded': { target: 'ready', actions: ['takeBoard', 'cardsToMover'] },
        'board.loadFailed': { target: 'failed', actions: assign({ loadError: ({ event }) => event.error }) },
      },
    },
    failed: {
      description: 'The board could not be loaded; the reason shows with Try again.',
      on: {
        'board.retry': { target: 'loading', actions: ['reloadBoard', assign({ loadError: null })], description: 'Try again.' },
      },
    },
    ready: {
      description: 'The board shows; cards move, filter and open; the forms save. A reload that fails keeps what the board showed.',
      type: 'parallel',
      on: {
        'board.loaded': { actions: ['takeBoard', 'cardsToMover'], description: 'Reloaded (after a form saved): the cards go to the mover, which keeps a move under way.' },
        'board.painted': {
          guard: 'canMountMore',
          actions: assign({ view: ({ context }) => ({ ...context.view, mounted: context.view.mounted + 1 }) }),
          description: 'The columns mounted so far are on screen: a big board mounts the next one.',
        },
        'columns.painted': {
          guard: 'isSettling',
          actions: assign({
            view: ({ context }) => {
              const { view } = context;
              return { ...view, columns: settledColumns(view, context.filters), settling: null, version: view.version + 1 };
            },
          }),
          description: 'A big board painted a moved card in its new column: the card now leaves its old one.',
        },
        'filter.change': { actions: 'takeFilters' },
        'filter.clear': { actions: 'takeFilters' },
        'card.dragStart': { actions: [assign({ dragging: ({ event }) => event.taskId }), sendTo('cardMove', ({ event }) => ({ type: 'drag.start', taskId: event.taskId }))], description: 'A card is picked up (mouse, touch or keyboard).' },
        'card.dragCancel': { actions: [assign({ dragging: null }), sendTo('cardMove', { type: 'drag.cancel' })], description: 'Escape, or dropped outside any column.' },
        'card.drop': [
          {
            guard: 'isDragging',
            actions: [
              sendTo('cardMove', ({ event }) => ({ type: 'drop', move: event.move })),
              assign({ dragging: null }),
              'focusDroppedCard',
            ],
            description: 'Dropped: the mover shows it at once and saves it; the card keeps the focus in its new place once the move is on screen.',
          },
          { actions: sendTo('cardMove', ({ event }) => ({ type: 'move.request', move: event.move })), description: "A drop the board did not see start: saved like the menu's move." },
        ],
        'card.saved': { actions: ['reloadBoard', { type: 'notify', params: { tone: 'success', title: 'Card saved' } }], description: 'Saved after its sheet was closed: the board still reloads.' },
        'card.deleted': { actions: ['reloadBoard', { type: 'notify', params: { tone: 'success', title: 'Card deleted' } }], description: 'Deleted after its sheet was closed: the board still reloads.' },
        'limits.saved': { actions: ['reloadBoard', { type: 'notify', params: { tone: 'success', title: 'WIP limits saved' } }], description: 'Saved after the dialog was closed: the board still reloads.' },
      },
      states: {
        overlay: {
          description: 'What is open over the board: nothing, a card\'s "Move to…" menu, its sheet, or the WIP limits dialog (one at a time).',
          initial: 'none',
          states: {
            none: {
              description: 'Nothing open over the board.',
              on: {
                'menu.open': {
                  guard: 'isOnBoard',
                  target: 'menu',
                  actions: assign({
                    menu: ({ context, event }) => {
                      const card = context.tasks.find((t) => t.id === event.taskId)!;
                      return { card, column: settledColumns(context.view, context.filters)[card.column], moved: false, version: context.view.version };
                    },
                  }),
                  description: 'A card\'s "…" button, Shift+F10 or a right click: the menu offers the other columns and the positions in its column as shown now.',
                },
                'sheet.open': { guard: 'isOnBoard', target: 'sheet', actions: assign({ sheetTaskId: ({ event }) => event.taskId, sheetFailure: null, deleteFailure: null }), description: 'Enter or a click on a card opens its sheet.' },
                'limits.open': { target: 'limits', actions: assign({ limitsFailure: null }) },
              },
            },
            menu: {
              description: 'A card\'s "Move to…" menu is open.',
              on: {
                'menu.choose': {
                  actions: [
                    assign({ menu: ({ context }) => ({ ...context.menu!, moved: true, version: context.view.version }) }),
                    sendTo('cardMove', ({ event }) => ({ type: 'move.request', move: event.move })),
                  ],
                  description: 'A column or position chosen: the mover shows it at once and saves it.',
                },
                'menu.close': [
                  {
                    guard: 'hasMoved',
                    target: 'none',
                    actions: 'focusMovedCard',
                    description: 'Closed after a move: focus goes to the card\'s "…" button in its new place, once the move is on screen.',
                  },
                  {
                    target: 'none',
                    actions: 'focusMenuOrigin',
                    description: 'Closed without a move (Escape, a click outside): focus goes back where the menu was opened from.',
                  },
                ],
              },
            },
            sheet: {
              description: 'A card\'s sheet: its details saved together, or the card deleted after asking.',
              initial: 'editing',
              on: {
                'sheet.close': { target: 'none', actions: assign({ sheetTaskId: null }) },
              },
              states: {
                editing: {
                  description: 'The sheet\'s fields; errors of the last save show by their fields.',
                  on: {
                    'card.save': [
                      {
                        guard: 'isSheetRefused',
                        actions: assign(({ context, event }) => ({ sheetFailure: { error: '', fieldErrors: problemsOf(PROJECTS.updateTask.body, event.input) }, sheetRefusals: context.sheetRefusals + 1 })),
                        description: 'The schema refuses the card: nothing is sent; each problem shows beside its field.',
                      },
                      {
                        target: 'saving',
                        actions: [assign({ sheetFailure: null }), sendTo('updateTask', ({ context, event }) => ({ type: 'form.submit', input: { id: context.sheetTaskId!, input: event.input } }))],
                      },
                    ],
                    'card.delete': {
                      target: 'deleting',
                      actions: [assign({ deleteFailure: null }), sendTo('deleteTask', ({ context }) => ({ type: 'form.submit', input: context.sheetTaskId! }))],
                      description: 'Confirmed in the "Delete this card?" dialog.',
                    },
                  },
                },
                saving: {
                  description: 'The card\'s details are being saved.',
                  tags: ['busy'],
                  on: {
                    'card.saved': {
                      target: '#kanbanBoard.ready.overlay.none',
                      actions: [assign({ sheetTaskId: null }), 'reloadBoard', { type: 'notify', params: { tone: 'success', title: 'Card saved' } }],
                      description: 'Saved: the sheet closes and the board reloads.',
                    },
                    'card.saveFailed': {
                      target: 'editing',
                      actions: assign(({ context, event }) => ({
                        sheetFailure: { error: event.error, fieldErrors: event.fieldErrors },
                        sheetRefusals: context.sheetRefusals + (Object.keys(event.fieldErrors).length ? 1 : 0),
                      })),
                      description: 'Refused: the sheet says why and keeps what was typed.',
                    },
                  },
                },
                deleting: {
                  description: 'The card is being deleted.',
                  tags: ['busy'],
                  on: {
                    'card.deleted': {
                      target: '#kanbanBoard.ready.overlay.none',
                      actions: [
                        { type: 'notify', params: ({ context }) => ({ tone: 'success', title: `Card deleted: ${titleOf(context.tasks, context.sheetTaskId)}` }) },
                        assign({ sheetTaskId: null }),
                        'reloadBoard',
                      ],
                      description: 'Deleted: the sheet closes and the board reloads without it.',
                    },
                    'card.deleteFailed': { target: 'editing', actions: assign({ deleteFailure: ({ event }) => ({ error: event.error, fieldErrors: event.fieldErrors }) }), description: 'Refused: the dialog says why.' },
                  },
                },
              },
            },
            limits: {
              description: 'The WIP limits dialog.',
              initial: 'editing',
              on: { 'limits.close': { target: 'none' } },
              states: {
                editing: {
                  description: 'A limit per column; empty for none.',
                  on: {
                    'limits.save': {
                      target: 'saving',
                      actions: [
                        assign({ limitsFailure: null }),
                        sendTo('updateProject', ({ context, event }) => ({
                          type: 'form.submit',
                          input: { id: context.projectId, input: { wip_limits: Object.fromEntries(BOARD_COLUMNS.map((c) => [c, event.limits[c] ?? null])) } },
                        })),
                      ],
                    },
                  },
                },
                saving: {
                  description: 'The limits are being saved.',
                  tags: ['busy'],
                  on: {
                    'limits.saved': {
                      target: '#kanbanBoard.ready.overlay.none',
                      actions: ['reloadBoard', { type: 'notify', params: { tone: 'success', title: 'WIP limits saved' } }],
                      description: 'Saved: the dialog closes and the board reloads.',
                    },
                    'limits.saveFailed': { target: 'editing', actions: assign({ limitsFailure: ({ event }) => ({ error: event.error, fieldErrors: event.fieldErrors }) }) },
                  },
                },
              },
            },
          },
        },
        quickAdd: {
          description: 'The quick add at the foot of a column ("Add a card"): one column\'s at a time.',
          initial: 'closed',
          states: {
            closed: {
              description: 'Each column offers "Add a card".',
              on: { 'quickAdd.open': { target: 'open', actions: 'openQuickAdd', description: 'A column\'s "Add a card".' } },
            },
            open: {
              description: 'A column\'s quick add is open.',
              initial: 'editing',
              on: { 'quickAdd.close': { target: 'closed', actions: assign({ quickAdd: ({ context }) => ({ ...context.quickAdd, column: null, failure: null }) }), description: 'Done, or Escape.' } },
              states: {
                editing: {
                  description: 'The new card\'s title is typed.',
                  on: {
                    'quickAdd.open': { actions: 'openQuickAdd', description: 'Another column\'s "Add a card": its quick add opens instead.' },
                    'quickAdd.submit': {
                      target: 'saving',
                      actions: [
                        assign({ quickAdd: ({ context }) => ({ ...context.quickAdd, failure: null }) }),
                        sendTo('addTask', ({ context, event }) => ({ type: 'form.submit', input: { projectId: context.projectId, input: { title: event.title, column: context.quickAdd.column! } } })),
                      ],
                    },
                  },
                },
                saving: {
                  description: 'The card is being added.',
                  tags: ['busy'],
                  on: {
                    'card.added': {
                      target: 'editing',
                      actions: [
                        assign({ quickAdd: ({ context }) => ({ ...context.quickAdd, seq: context.quickAdd.seq + 1 }) }),
                        { type: 'notify', params: ({ context }) => ({ tone: 'success', title: `Card added to ${BOARD_COLUMN_LABELS[context.quickAdd.column!]}` }) },
                        'reloadBoard',
                      ],
                      description: 'Added: the form starts empty for the next card and the board reloads.',
                    },
                    'card.addFailed': {
                      target: 'editing',
                      actions: assign({ quickAdd: ({ context, event }) => ({ ...context.quickAdd, failure: { error: event.error, fieldErrors: event.fieldErrors } }) }),
                      description: 'Refused: the form says why and keeps the title.',
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

// Selectors: what the board's view reads.

type S = SnapshotFrom<typeof kanbanBoardMachine>;
export const selectBoard = (s: S) => s.context.board;
export const selectLoadError = (s: S) => (s.matches('failed') ? s.context.loadError : null);
export const selectView = (s: S) => s.context.view;
export const selectFilters = (s: S) => s.context.filters;
export const selectIsFiltered = (s: S) => s.context.filters.assignee !== ANY || s.context.filters.sprint !== ANY || s.context.filters.text.trim() !== '';
/** The "Move to…" menu: the card, its column as shown when it opened, and whether it is open. */
export const selectMenu = (s: S) => s.context.menu;
export const selectMenuOpen = (s: S) => s.matches({ ready: { overlay: 'menu' } });
/** The card whose sheet is open (none once it left the board). */
export const selectSheetCard = (s: S) => (s.matches({ ready: { overlay: 'sheet' } }) ? (s.context.tasks.find((t) => t.id === s.context.sheetTaskId) ?? null) : null);
export const selectSheetForm = (s: S) => ({
  saving: s.matches({ ready: { overlay: { sheet: 'saving' } } }),
  deleting: s.matches({ ready: { overlay: { sheet: 'deleting' } } }),
  failure: s.context.sheetFailure ?? NO_FAILURE,
  refusals: s.context.sheetRefusals,
  deleteError: s.context.deleteFailure?.error ?? null,
});
export const selectLimitsForm = (s: S) => ({
  isOpen: s.matches({ ready: { overlay: 'limits' } }),
  saving: s.matches({ ready: { overlay: { limits: 'saving' } } }),
  error: s.context.limitsFailure?.error ?? null,
});
export type QuickAddState = { column: BoardColumn | null; saving: boolean; error: string | null; seq: number };
export const selectQuickAdd = (s: S): QuickAddState => ({
  column: s.matches({ ready: { quickAdd: 'open' } }) ? s.context.quickAdd.column : null,
  saving: s.matches({ ready: { quickAdd: { open: 'saving' } } }),
  error: s.context.quickAdd.failure ? (s.context.quickAdd.failure.fieldErrors.title ?? s.context.quickAdd.failure.error) : null,
  seq: s.context.quickAdd.seq,
});
/** Compares two selections field by field (for selectors that build a small object). */
export const sameFields = <T extends object>(a: T, b: T) => Object.keys(a).every((k) => Object.is(a[k as keyof T], b[k as keyof T]));
