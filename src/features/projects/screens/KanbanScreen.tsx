/**
 * /project/kanban/{id}: the project's board; cards move by drag and drop or the "Move to…" menu.
 * The board machine (kanban-board.machine.ts) holds what happens; this is its markup. What the
 * columns show is read through `useDeferredValue`, so React renders a move (and a big board's next
 * column) in the background and yields, and the main thread never runs one long task for it
 * (ADR 0088). The view keeps two kinds of DOM handle, documented in ADR 0107: the button the
 * "Move to…" menu opened from (`MenuAnchor`, for the popover and to give focus back), and the
 * painted version of the columns on the board's element (focus waits for it).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { BOARD_COLUMNS, type Board } from '@contracts/projects';
import type { CardMove } from '../machines/card-move.machine';
import {
  kanbanBoardMachine,
  sameFields,
  selectBoard,
  selectFilters,
  selectIsFiltered,
  selectLimitsForm,
  selectLoadError,
  selectMenu,
  selectMenuOpen,
  selectQuickAdd,
  selectSheetCard,
  selectSheetForm,
  selectView,
  type BoardView,
  type KanbanBoardEvent,
  type QuickAddState,
} from '../machines/kanban-board.machine';
import { BoardColumn } from './BoardColumn';
import { BoardHeader } from './BoardHeader';
import { MoveMenu } from './MoveMenu';
import { BOARD_VERSION_ATTR, focusCardActor, type MenuAnchor } from './reveal';
import { TaskSheet } from './TaskSheet';
import styles from './board.module.css';
import type { ScreenProps } from '@/shared/routing';
import { inspection } from '@/shared/inspection';
import { Alert, Button, PageHeader, SkeletonCard, VisuallyHidden } from '@/shared/ui/components';
import { usePageTitle } from '@/shared/page-title';

const HELP_ID = 'board-keyboard-help';
const CLOSED: QuickAddState = { column: null, saving: false, error: null, seq: 0 };

export default function KanbanScreen({ params }: ScreenProps) {
  // DOM handles only: the button the menu opened next to, and where focus goes back (ADR 0107).
  const trigger = useRef<HTMLElement | null>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const [anchor] = useState<MenuAnchor>(() => ({ trigger, returnTo }));
  const [logic] = useState(() => kanbanBoardMachine.provide({ actors: { focusCard: focusCardActor(anchor) } }));
  const board = useActorRef(logic, { input: { projectId: Number(params.id) }, inspect: inspection.inspect });
  const send = useCallback((event: KanbanBoardEvent) => board.send(event), [board]);
  const data = useSelector(board, selectBoard);
  const loadError = useSelector(board, selectLoadError);
  usePageTitle(data ? `${data.project.name} board` : null);

  if (!data) {
    return (
      <>
        <PageHeader title="Project Kanban" />
        {loadError ? (
          <Alert tone="danger" title="The board could not be loaded" live>
            {loadError} <Button size="sm" onPress={() => send({ type: 'board.retry' })}>Try again</Button>
          </Alert>
        ) : (
          <div className={styles.board} aria-busy="true">
            {BOARD_COLUMNS.map((c) => <SkeletonCard key={c} />)}
          </div>
        )}
      </>
    );
  }
  return <BoardBody board={board} data={data} send={send} anchor={anchor} />;
}

type BoardActor = ReturnType<typeof useActorRef<typeof kanbanBoardMachine>>;

/** The loaded board: mounted with its first cards, so a usual board paints them at once. */
function BoardBody({ board, data, send, anchor }: { board: BoardActor; data: Board; send: (event: KanbanBoardEvent) => void; anchor: MenuAnchor }) {
  const view: BoardView = useDeferredValue(useSelector(board, selectView));
  const filters = useSelector(board, selectFilters);
  const filtered = useSelector(board, selectIsFiltered);
  const limits = useSelector(board, selectLimitsForm, sameFields);
  const quickAdd = useSelector(board, selectQuickAdd, sameFields);
  const menu = useSelector(board, selectMenu);
  const menuOpen = useSelector(board, selectMenuOpen);
  const sheetCard = useSelector(board, selectSheetCard);
  const sheetForm = useSelector(board, selectSheetForm, sameFields);

  // A big board mounts one column at a time: once the columns mounted so far are painted (a frame,
  // then a task), the machine mounts the next, so no two columns' first measurement share a task.
  const { progressive, mounted } = view;
  useEffect(() => {
    if (!progressive || mounted >= BOARD_COLUMNS.length) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => send({ type: 'board.painted', mounted }), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [progressive, mounted, send]);

  // A card moved to another column of a big board is painted in its new column first; then the
  // machine updates the column it left, so the two columns' renders never share one task.
  const { settling, version } = view;
  useEffect(() => {
    if (!settling) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => send({ type: 'columns.painted', version }), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [settling, version, send]);

  const onMenu = useCallback(
    (taskId: number, button: HTMLElement, back?: HTMLElement) => {
      anchor.trigger.current?.setAttribute('aria-expanded', 'false');
      anchor.trigger.current = button;
      anchor.returnTo.current = back ?? button;
      button.setAttribute('aria-expanded', 'true');
      send({ type: 'menu.open', taskId });
    },
    [anchor, send],
  );
  const onChoose = useCallback((move: CardMove) => send({ type: 'menu.choose', move }), [send]);
  const onMenuClose = useCallback(() => send({ type: 'menu.close' }), [send]);

  return (
    <>
      <BoardHeader board={data} cardCount={view.cardCount} filters={filters} limits={limits} send={send} />
      {filtered ? (
        <p className={styles.filterNote} role="status">
          Showing {view.shownCount} of {view.cardCount} cards.{' '}
          <Link
            href="#"
            onClick={(e) => {
              e.preventDefault();
              send({ type: 'filter.clear' });
            }}
          >
            Clear filters
          </Link>
        </p>
      ) : null}
      {view.moveError ? (
        <Alert tone="danger" title="Move undone" live>
          {view.moveError}
        </Alert>
      ) : null}
      <VisuallyHidden>
        <div aria-live="polite">{view.announcement}</div>
      </VisuallyHidden>
      <div className={styles.board} {...{ [BOARD_VERSION_ATTR]: view.version }}>
        {BOARD_COLUMNS.map((c, i) => (
          <BoardColumn
            key={c}
            ready={!progressive || i < mounted}
            column={c}
            cards={view.columns[c]}
            total={view.totals[c]}
            limit={data.project.wip_limits[c]}
            send={send}
            onMenu={onMenu}
            quickAdd={quickAdd.column === c ? quickAdd : CLOSED}
            describedBy={HELP_ID}
          />
        ))}
      </div>
      <p id={HELP_ID} className={styles.help}>
        Keyboard: the arrow keys go from card to card, Enter opens a card, Shift+F10 (or the card&rsquo;s &hellip; button) opens
        &ldquo;Move to&hellip;&rdquo;. To drag with the keyboard, go to a card&rsquo;s handle (Arrow Right), press Enter, choose the place
        with the arrow keys or Tab, and press Enter to drop or Escape to cancel.
      </p>
      <MoveMenu menu={menu} isOpen={menuOpen} anchor={anchor} onChoose={onChoose} onClose={onMenuClose} />
      {sheetCard ? <TaskSheet key={sheetCard.id} task={sheetCard} board={data} form={sheetForm} send={send} /> : null}
    </>
  );
}
