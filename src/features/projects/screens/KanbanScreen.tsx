import { useActorRef, useSelector } from '@xstate/react';
import { memo, startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { Key } from 'react-aria-components';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { BOARD_COLUMN_LABELS, BOARD_COLUMNS, byRank, PROJECT_LIMITS, type Board, type Task as TaskCard, type WipLimits } from '@contracts/projects';
import { projectsApi } from '../api';
import { cardMoveMachine, type CardMove, type CardMoveContext } from '../machines/card-move.machine';
import { boardMachine, updateProjectMachine } from '../machines/projects.machines';
import { BoardColumn } from './BoardColumn';
import { MoveMenu, type MoveMenuHandle } from './MoveMenu';
import { revealCard, type Rendered } from './reveal';
import { TaskSheet } from './TaskSheet';
import { useTabTitle } from './parts';
import styles from './board.module.css';
import type { ScreenProps } from '@/shared/routing';
import {
  Alert,
  Breadcrumbs,
  Button,
  Dialog,
  DialogTrigger,
  FilterBar,
  LinkButton,
  NumberField,
  PageHeader,
  SearchField,
  Select,
  SkeletonCard,
  VisuallyHidden,
  toast,
} from '@/shared/ui/components';

const ANY = 'any';
const NONE = 'none';
/** A board with more cards than this mounts its columns one per task (see BoardColumn's `ready`). */
export const PROGRESSIVE_FROM = 120;
const HELP_ID = 'board-keyboard-help';

type Filters = { assignee: string; sprint: string; text: string };

const viewOf = (c: CardMoveContext) => ({ tasks: c.tasks, error: c.error, announcement: c.announcement });

/** Cards matching the filters: assignee (or unassigned), sprint (or none) and text in the title or description. */
export function filterCards(tasks: readonly TaskCard[], f: { assignee: string; sprint: string; text: string }): TaskCard[] {
  const text = f.text.trim().toLowerCase();
  return tasks.filter(
    (t) =>
      (f.assignee === ANY || (f.assignee === NONE ? t.assignee_id === null : String(t.assignee_id) === f.assignee)) &&
      (f.sprint === ANY || (f.sprint === NONE ? t.sprint_id === null : String(t.sprint_id) === f.sprint)) &&
      (!text || t.title.toLowerCase().includes(text) || t.description.toLowerCase().includes(text) || (t.ticket_id !== null && `#${t.ticket_id}`.includes(text))),
  );
}

/** /project/kanban/{id}: the project's board; cards move by drag and drop or the "Move to…" menu. */
export default function KanbanScreen({ params }: ScreenProps) {
  const id = Number(params.id);
  const board = useActorRef(boardMachine, { input: { query: id } });
  const mover = useActorRef(
    cardMoveMachine.provide({ actors: { moveTask: fromPromise(({ input }: { input: { id: number; input: Parameters<typeof projectsApi.moveTask>[1] } }) => projectsApi.moveTask(input.id, input.input)) } }),
    { input: {} },
  );
  const data = useSelector(board, (s) => s.context.data);
  const loadError = useSelector(board, (s) => s.context.error);
  // The cards shown (with the move's error and announcement, so they change together) follow the
  // move machine through a transition, not a synchronous store read: React renders a move in slices
  // and yields between them, so the main thread never runs one long task for it (ADR 0088).
  // A (re)load is shown at once, before paint, so the board never flashes empty columns.
  const [view, setView] = useState(() => viewOf(mover.getSnapshot().context));
  const { tasks, error: moveError, announcement } = view;
  const urgent = useRef(false);
  useLayoutEffect(() => {
    let last = viewOf(mover.getSnapshot().context);
    setView(last);
    const sub = mover.subscribe((s) => {
      const next = viewOf(s.context);
      if (next.tasks === last.tasks && next.error === last.error && next.announcement === last.announcement) return;
      last = next;
      if (urgent.current) setView(next);
      else startTransition(() => setView(next));
    });
    return () => sub.unsubscribe();
  }, [mover]);
  const [filters, setFilters] = useState<Filters>({ assignee: ANY, sprint: ANY, text: '' });
  const [open, setOpen] = useState<number | null>(null);
  // Columns mounted so far: all at once for a usual board, one per frame for a big one. Each column
  // mounts in a transition after the previous one was painted (its virtualised list measures itself
  // when painted), so no two columns' work shares a task.
  const [mounted, setMounted] = useState(0);
  const progressive = Math.max(tasks.length, data?.tasks.length ?? 0) > PROGRESSIVE_FROM;
  useEffect(() => {
    if (!progressive || mounted >= BOARD_COLUMNS.length) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setMounted((n) => n + 1)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [progressive, mounted]);
  useTabTitle(data ? `${data.project.name} board` : 'Project Kanban');

  useLayoutEffect(() => {
    if (!data) return;
    // A big board's columns are skeletons until they mount, so its cards can arrive in a transition too.
    urgent.current = data.tasks.length <= PROGRESSIVE_FROM;
    mover.send({ type: 'board.loaded', tasks: data.tasks });
    urgent.current = false;
  }, [data, mover]);

  const reload = useCallback(() => board.send({ type: 'query.reload' }), [board]);
  // What the board has rendered (a new version per change of the columns), so focus can follow a
  // moved card once its move is on screen (reveal.ts).
  const rendered = useRef<Rendered>({ version: 0, columns: {} as Rendered['columns'] });
  const lastMove = useRef<{ taskId: number; version: number } | null>(null);
  const cancelReveal = useRef<() => void>(() => undefined);
  const reveal = useCallback((taskId: number, target: 'button' | 'row', after: number) => {
    cancelReveal.current();
    cancelReveal.current = revealCard(taskId, () => rendered.current, { after, target });
  }, []);
  useEffect(() => () => cancelReveal.current(), []);
  const onMove = useCallback(
    (move: CardMove) => {
      const drop = mover.getSnapshot().matches('dragging');
      lastMove.current = { taskId: move.taskId, version: rendered.current.version };
      mover.send({ type: drop ? 'drop' : 'move.request', move });
      // A dropped card keeps the focus in its new place (a keyboard drop to the end of a long column included).
      if (drop) reveal(move.taskId, 'row', lastMove.current.version);
    },
    [mover, reveal],
  );
  const onMenuClosed = useCallback(
    (taskId: number, moved: boolean, returnTo: HTMLElement | null) => {
      const move = lastMove.current;
      if (moved && move?.taskId === taskId) {
        reveal(taskId, 'button', move.version);
        return;
      }
      // Closed without a move: focus goes back where the menu was opened from (the card's button, or
      // its row for Shift+F10), after the popover's own focus restoration.
      requestAnimationFrame(() => {
        if (returnTo?.isConnected) returnTo.focus();
        else reveal(taskId, 'button', rendered.current.version - 1);
      });
    },
    [reveal],
  );
  const onDragStart = useCallback((taskId: number) => mover.send({ type: 'drag.start', taskId }), [mover]);
  const onDragCancel = useCallback(() => mover.send({ type: 'drag.cancel' }), [mover]);
  const menu = useRef<MoveMenuHandle>(null);
  const onMenu = useCallback((card: TaskCard, column: readonly TaskCard[], trigger: HTMLElement, returnTo?: HTMLElement) => menu.current?.open(card, column, trigger, returnTo), []);

  const shown = useMemo(() => filterCards(tasks, filters), [tasks, filters]);
  // Columns whose cards did not change keep their array, so a move re-renders only the two columns it touches.
  const previous = useRef<Record<string, TaskCard[]>>({});
  const byColumn = useMemo(() => {
    const out = Object.fromEntries(BOARD_COLUMNS.map((c) => [c, [] as TaskCard[]])) as Record<(typeof BOARD_COLUMNS)[number], TaskCard[]>;
    for (const t of shown) out[t.column].push(t);
    for (const c of BOARD_COLUMNS) {
      out[c].sort(byRank);
      const before = previous.current[c];
      if (before && before.length === out[c].length && before.every((t, i) => t === out[c][i])) out[c] = before;
    }
    previous.current = out;
    return out;
  }, [shown]);
  useLayoutEffect(() => {
    rendered.current = { version: rendered.current.version + 1, columns: byColumn };
  }, [byColumn]);
  const totals = useMemo(() => {
    const out: Record<string, number> = {};
    for (const t of tasks) out[t.column] = (out[t.column] ?? 0) + 1;
    return out;
  }, [tasks]);

  if (!data) {
    return (
      <>
        <PageHeader title="Project Kanban" />
        {loadError ? (
          <Alert tone="danger" title="The board could not be loaded" live>
            {loadError} <Button size="sm" onPress={reload}>Try again</Button>
          </Alert>
        ) : (
          <div className={styles.board} aria-busy="true">
            {BOARD_COLUMNS.map((c) => <SkeletonCard key={c} />)}
          </div>
        )}
      </>
    );
  }

  const filtered = filters.assignee !== ANY || filters.sprint !== ANY || filters.text.trim() !== '';
  const selected = tasks.find((t) => t.id === open) ?? null;
  return (
    <>
      <BoardHeader board={data} cardCount={tasks.length} onSaved={reload} filters={filters} setFilters={setFilters} />
      {filtered ? (
        <p className={styles.filterNote} role="status">
          Showing {shown.length} of {tasks.length} cards. <Link href="#" onClick={(e) => { e.preventDefault(); setFilters({ assignee: ANY, sprint: ANY, text: '' }); }}>Clear filters</Link>
        </p>
      ) : null}
      {moveError ? (
        <Alert tone="danger" title="Move undone" live>
          {moveError}
        </Alert>
      ) : null}
      <VisuallyHidden>
        <div aria-live="polite">{announcement}</div>
      </VisuallyHidden>
      <div className={styles.board}>
        {BOARD_COLUMNS.map((c, i) => (
          <BoardColumn
            key={c}
            ready={!progressive || i < mounted}
            column={c}
            cards={byColumn[c]}
            total={totals[c] ?? 0}
            limit={data.project.wip_limits[c]}
            projectId={id}
            onMove={onMove}
            onDragStart={onDragStart}
            onDragCancel={onDragCancel}
            onOpen={setOpen}
            onMenu={onMenu}
            onAdded={reload}
            describedBy={HELP_ID}
          />
        ))}
      </div>
      <p id={HELP_ID} className={styles.help}>
        Keyboard: the arrow keys go from card to card, Enter opens a card, Shift+F10 (or the card&rsquo;s &hellip; button) opens
        &ldquo;Move to&hellip;&rdquo;. To drag with the keyboard, go to a card&rsquo;s handle (Arrow Right), press Enter, choose the place
        with the arrow keys or Tab, and press Enter to drop or Escape to cancel.
      </p>
      <MoveMenu ref={menu} onMove={onMove} onClosed={onMenuClosed} />
      {selected ? <TaskSheet key={selected.id} task={selected} board={data} onClose={() => setOpen(null)} onSaved={reload} /> : null}
    </>
  );
}

/** The title, actions and filters: memoised, so a move does not re-render them. */
const BoardHeader = memo(function BoardHeader({
  board: data,
  cardCount,
  onSaved,
  filters,
  setFilters,
}: {
  board: Board;
  cardCount: number;
  filters: Filters;
  onSaved: () => void;
  setFilters: Dispatch<SetStateAction<Filters>>;
}) {
  const id = data.project.id;
  return (
    <>
      <PageHeader
        title={data.project.name}
        subtitle={`${data.project.company_name} · ${cardCount} card${cardCount === 1 ? '' : 's'}`}
        breadcrumbs={<Breadcrumbs items={[{ label: 'Projects', href: '/project/search' }, { label: data.project.name, href: `/project/${id}` }, { label: 'Board' }]} />}
        actions={
          <>
            <WipLimitsDialog projectId={id} limits={data.project.wip_limits} onSaved={onSaved} />
            <LinkButton href={`/project/${id}`} variant="secondary">
              Project
            </LinkButton>
          </>
        }
      />
      <FilterBar label="Filter cards">
        <SearchField label="Search cards" placeholder="Search cards" onDebouncedChange={(text) => setFilters((f) => ({ ...f, text }))} />
        <Select
          label="Assignee"
          items={[{ id: ANY, label: 'Anyone' }, { id: NONE, label: 'Unassigned' }, ...data.staff.map((p) => ({ id: String(p.id), label: p.name }))]}
          value={filters.assignee}
          onChange={(k: Key | null) => setFilters((f) => ({ ...f, assignee: String(k ?? ANY) }))}
        />
        <Select
          label="Sprint"
          items={[{ id: ANY, label: 'Any sprint' }, { id: NONE, label: 'No sprint' }, ...data.sprints.map((s) => ({ id: String(s.id), label: `${s.name}${s.status === 'closed' ? ' (closed)' : ''}` }))]}
          value={filters.sprint}
          onChange={(k: Key | null) => setFilters((f) => ({ ...f, sprint: String(k ?? ANY) }))}
        />
      </FilterBar>
    </>
  );
});

function WipLimitsDialog({ projectId, limits, onSaved }: { projectId: number; limits: WipLimits; onSaved: () => void }) {
  const [draft, setDraft] = useState<WipLimits>(limits);
  const form = useActorRef(updateProjectMachine, { input: {} });
  const error = useSelector(form, (s) => s.context.error);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const saved = useSelector(form, (s) => (s.matches('saved') ? s.context.result : undefined));
  const [isOpen, setOpen] = useState(false);
  useEffect(() => {
    if (!saved) return;
    toast.success('WIP limits saved');
    setOpen(false);
    onSaved();
  }, [saved, onSaved]);
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={(o) => { setOpen(o); if (o) setDraft(limits); }}>
      <Button variant="secondary">WIP limits</Button>
      <Dialog
        title="Work-in-progress limits"
        description="A column over its limit shows a warning. Leave a column empty for no limit."
        size="sm"
        footer={(close) => (
          <>
            <Button variant="secondary" onPress={close}>Cancel</Button>
            <Button
              variant="primary"
              isDisabled={busy}
              onPress={() =>
                form.send({
                  type: 'form.submit',
                  input: { id: projectId, input: { wip_limits: Object.fromEntries(BOARD_COLUMNS.map((c) => [c, draft[c] ?? null])) } },
                })
              }
            >
              Save limits
            </Button>
          </>
        )}
      >
        {error ? <Alert tone="danger" title={error} live /> : null}
        {BOARD_COLUMNS.map((c) => (
          <NumberField
            key={c}
            label={BOARD_COLUMN_LABELS[c]}
            minValue={1}
            maxValue={PROJECT_LIMITS.wipLimitMax}
            value={draft[c] ?? Number.NaN}
            onChange={(v) => setDraft((d) => ({ ...d, [c]: Number.isNaN(v) ? undefined : v }))}
          />
        ))}
      </Dialog>
    </DialogTrigger>
  );
}

export type { Board };
