/**
 * One column of the kanban board: a react-aria GridList with drag and drop, its WIP count and a
 * quick add. It sends the board machine's events (a drag, a drop, a card opened, the quick add);
 * the "Move to…" menu opens through `onMenu`, which keeps the button it opened from.
 */
import { memo, startTransition, useCallback, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type MouseEvent as ReactMouseEvent } from 'react';
import {
  Button as AriaButton,
  GridList,
  GridListItem,
  ListLayout,
  useDragAndDrop,
  Virtualizer,
  type DropItem,
  type ItemDropTarget,
  type Key,
} from 'react-aria-components';
import { BOARD_COLUMN_LABELS, type BoardColumn as Column, type Task } from '@contracts/projects';
import type { CardMove } from '../machines/card-move.machine';
import type { KanbanBoardEvent, QuickAddState } from '../machines/kanban-board.machine';
import { MOVE_BUTTON_ATTR } from './reveal';
import { Avatar, Badge, Button, buttonClassName, MoreIcon, PlusIcon, SkeletonText, TextField } from '@/shared/ui/components';
import styles from './board.module.css';

/** The drag type of a card: only cards drop on columns. */
export const CARD_TYPE = 'application/x-client-care-task';
/** Columns with more cards than this render only the cards in view. */
export const VIRTUALIZE_FROM = 24;
/** A card's height (fixed, so long columns can be virtualised). */
export const CARD_HEIGHT = 84;

type Props = {
  column: Column;
  /** The cards shown (filtered), in order. */
  cards: readonly Task[];
  /** All cards of the column, for the WIP count. */
  total: number;
  limit: number | undefined;
  /** The board machine's `send`. */
  send: (event: KanbanBoardEvent) => void;
  /** Opens the board's one "Move to…" menu for a card, next to its button (`returnTo` gets the focus back when it closes without a move). */
  onMenu: (taskId: number, trigger: HTMLElement, returnTo?: HTMLElement) => void;
  /** The quick add, as the board machine has it for this column. */
  quickAdd: QuickAddState;
  /**
   * False until the board mounts this column's cards: a big board mounts one column per task, so
   * no single task of the first render grows long; the column shows a skeleton until then.
   */
  ready?: boolean;
  /** The id of the board's keyboard help, the description of each column (react-aria's drop target clears a list's own description). */
  describedBy?: string;
};

const placeFor = (target: ItemDropTarget): Pick<CardMove, 'beforeId' | 'afterId'> =>
  target.dropPosition === 'before' ? { beforeId: Number(target.key) } : target.dropPosition === 'after' ? { afterId: Number(target.key) } : {};

async function droppedIds(items: DropItem[]): Promise<number[]> {
  const texts = await Promise.all(items.filter((i) => i.kind === 'text' && i.types.has(CARD_TYPE)).map((i) => (i.kind === 'text' ? i.getText(CARD_TYPE) : '')));
  return texts.map(Number).filter((n) => Number.isInteger(n) && n > 0);
}

export const BoardColumn = memo(function BoardColumn({ column, cards, total, limit, send, onMenu, quickAdd, ready = true, describedBy }: Props) {
  const label = BOARD_COLUMN_LABELS[column];
  // The board machine works out the card's neighbours when its menu opens.
  const openMenu = useCallback((card: Task, trigger: HTMLElement, returnTo?: HTMLElement) => onMenu(card.id, trigger, returnTo), [onMenu]);
  const onMove = useCallback((move: CardMove) => send({ type: 'card.drop', move }), [send]);
  // Shift+F10 or the context-menu key on a card (or a right click) opens its "Move to…" menu; the
  // arrow keys stay the grid's (they move between cards), Enter opens the card's sheet.
  // The key also raises a contextmenu event: one menu for the one gesture (the key's time, a DOM event detail).
  const lastKeyOpen = useRef(0);
  const menuFromRow = useCallback(
    (target: EventTarget, how: 'key' | 'contextmenu') => {
      const row = (target as HTMLElement).closest?.<HTMLElement>('[role="row"]');
      const taskId = Number(row?.dataset.key);
      const button = row?.querySelector<HTMLElement>(`[${MOVE_BUTTON_ATTR}]`);
      if (!row || !taskId || !button) return false;
      if (how === 'contextmenu' && performance.now() - lastKeyOpen.current < 500) return true;
      if (how === 'key') lastKeyOpen.current = performance.now();
      // From the keyboard on the row, focus comes back to the row; from a right click, to the button.
      onMenu(taskId, button, how === 'key' && target === row ? row : undefined);
      return true;
    },
    [onMenu],
  );
  const onKeyDown = useCallback(
    (e: ReactKeyboardEvent) => {
      if (((e.key === 'F10' && e.shiftKey) || e.key === 'ContextMenu') && menuFromRow(e.target, 'key')) e.preventDefault();
    },
    [menuFromRow],
  );
  const onContextMenu = useCallback(
    (e: ReactMouseEvent) => {
      if (menuFromRow(e.target, 'contextmenu')) e.preventDefault();
    },
    [menuFromRow],
  );
  const over = limit !== undefined && total > limit;
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((k) => ({ [CARD_TYPE]: String(k), 'text/plain': cards.find((c) => c.id === Number(k))?.title ?? String(k) })),
    acceptedDragTypes: [CARD_TYPE],
    getDropOperation: () => 'move',
    onDragStart: (e) => send({ type: 'card.dragStart', taskId: Number([...e.keys][0]) }),
    onDragEnd: (e) => {
      if (e.dropOperation === 'cancel') send({ type: 'card.dragCancel' });
    },
    onReorder: (e) => onMove({ taskId: Number([...e.keys][0]), column, ...placeFor(e.target) }),
    onInsert: async (e) => {
      const [id] = await droppedIds(e.items);
      if (id) onMove({ taskId: id, column, ...placeFor(e.target) });
    },
    onRootDrop: async (e) => {
      const [id] = await droppedIds(e.items);
      if (id) onMove({ taskId: id, column });
    },
  });

  const list = (
    <GridList
      aria-label={`${label} column`}
      items={cards}
      dragAndDropHooks={dragAndDropHooks}
      onAction={(key: Key) => send({ type: 'sheet.open', taskId: Number(key) })}
      className={styles.list}
      renderEmptyState={() => <p className={styles.empty}>No cards</p>}
    >
      {(card) => (
        <GridListItem id={card.id} textValue={card.title} className={styles.item}>
          <Card card={card} onMenu={openMenu} />
        </GridListItem>
      )}
    </GridList>
  );

  // A virtualised column measures itself when first painted and renders the cards it shows in one
  // synchronous pass (react-aria's Virtualizer, flushSync). It first shows a short window of cards,
  // then grows to its full height a frame later, so that pass is split in two short tasks.
  const virtual = ready && cards.length > VIRTUALIZE_FROM;
  const [grown, setGrown] = useState(false);
  useEffect(() => {
    if (!virtual || grown) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setGrown(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [virtual, grown]);

  return (
    <section className={over ? styles.columnOver : styles.column} aria-labelledby={`col-${column}`} aria-describedby={describedBy} data-column={column} onKeyDown={onKeyDown} onContextMenu={onContextMenu}>
      <header className={styles.columnHead}>
        <h2 id={`col-${column}`} className={styles.columnTitle}>
          {label}
        </h2>
        <span className={over ? styles.wipOver : styles.wip} aria-label={limit !== undefined ? `${total} cards, WIP limit ${limit}` : `${total} cards`}>
          {limit !== undefined ? `${total} / ${limit}` : total}
        </span>
      </header>
      {over ? (
        <p className={styles.wipWarning} role="status">
          Over the WIP limit of {limit}: finish work before starting more.
        </p>
      ) : null}
      <div className={virtual ? styles.scrollerVirtual : styles.scroller} data-growing={virtual && !grown ? '' : undefined}>
        {!ready ? (
          <div className={styles.list} aria-busy="true">
            <SkeletonText lines={4} />
          </div>
        ) : cards.length > VIRTUALIZE_FROM ? (
          <Virtualizer layout={ListLayout} layoutOptions={{ rowHeight: CARD_HEIGHT, gap: 8, padding: 0 }}>
            {list}
          </Virtualizer>
        ) : (
          list
        )}
      </div>
      <footer className={styles.columnFoot}>
        <QuickAdd column={column} state={quickAdd} send={send} />
      </footer>
    </section>
  );
});

/**
 * A card; memoised, so a move re-renders only the card that moved. Kept light, because a
 * virtualised column renders its visible cards in one synchronous pass when it first measures
 * itself: the drag handle is the one react-aria Button (it takes the row's drag slot), the "Move
 * to…" button is a plain button styled as the kit's quiet icon button (it opens the board's one
 * menu), and the rest are spans (ADR 0096).
 */
const Card = memo(function Card({ card, onMenu }: { card: Task; onMenu: (card: Task, trigger: HTMLElement) => void }) {
  return (
    <div className={styles.card}>
      <div className={styles.cardTop}>
        <AriaButton slot="drag" className={styles.grip}>
          <svg width="10" height="16" viewBox="0 0 10 16" aria-hidden="true" fill="currentColor">
            {GRIP_DOTS}
          </svg>
        </AriaButton>
        <span className={styles.cardTitle}>{card.title}</span>
        <button
          type="button"
          className={MOVE_BUTTON_CLASS}
          aria-label={`Move ${card.title} to…`}
          aria-haspopup="menu"
          aria-expanded={false}
          {...{ [MOVE_BUTTON_ATTR]: card.id }}
          // The row acts on a press (it opens the card's sheet): the button's own presses stay its own.
          onPointerDown={stop}
          onMouseDown={stop}
          onKeyDown={stopPressKeys}
          onKeyUp={stopPressKeys}
          onClick={(e) => {
            e.stopPropagation();
            onMenu(card, e.currentTarget);
          }}
        >
          <MoreIcon />
        </button>
      </div>
      <div className={styles.meta}>
        {card.estimate !== null ? <Badge tone="neutral" title="Estimate">{card.estimate} pt</Badge> : null}
        {card.sprint_name ? <span className={styles.sprint} title={`Sprint: ${card.sprint_name}`}>{card.sprint_name}</span> : null}
        {card.ticket_id ? <span className={styles.ticket} title={card.ticket_title ?? undefined}>#{card.ticket_id}</span> : null}
        <span className={styles.spacer} />
        {card.assignee_name ? <Avatar name={card.assignee_name} size="sm" /> : <span className={styles.unassigned}>Unassigned</span>}
      </div>
    </div>
  );
});

const MOVE_BUTTON_CLASS = buttonClassName({ variant: 'quiet', size: 'sm', iconOnly: true });
const stop = (e: { stopPropagation(): void }) => e.stopPropagation();
const stopPressKeys = (e: ReactKeyboardEvent) => {
  if (e.key === 'Enter' || e.key === ' ') e.stopPropagation();
};

const GRIP_DOTS = [3, 8, 13].flatMap((y) => [<circle key={`a${y}`} cx="2.5" cy={y} r="1.3" />, <circle key={`b${y}`} cx="7.5" cy={y} r="1.3" />]);

/** "Add a card" at the foot of the column; the board machine opens it (one column's at a time), saves the card and says so. */
function QuickAdd({ column, state, send }: { column: Column; state: QuickAddState; send: (event: KanbanBoardEvent) => void }) {
  const label = BOARD_COLUMN_LABELS[column];
  if (state.column !== column) {
    // The visible words begin the accessible name (WCAG 2.5.3), which adds the column.
    return (
      <Button variant="quiet" size="sm" fullWidth icon={<PlusIcon />} aria-label={`Add a card to ${label}`} className={styles.addCard} onPress={() => send({ type: 'quickAdd.open', column })}>
        Add a card
      </Button>
    );
  }
  // A new form for each card added: it starts empty and keeps the focus.
  return <QuickAddForm key={state.seq} label={label} state={state} send={send} />;
}

function QuickAddForm({ label, state, send }: { label: string; state: QuickAddState; send: (event: KanbanBoardEvent) => void }) {
  const [title, setTitle] = useState('');
  const close = () => send({ type: 'quickAdd.close' });
  return (
    <form
      className={styles.quickAdd}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'quickAdd.submit', title });
      }}
    >
      <TextField
        label={`New card in ${label}`}
        value={title}
        onChange={setTitle}
        autoFocus
        errorMessage={state.error ?? undefined}
        onKeyDown={(e) => {
          if (e.key === 'Escape') close();
        }}
      />
      <div className={styles.quickAddActions}>
        <Button size="sm" variant="quiet" onPress={close}>
          Done
        </Button>
        <Button size="sm" variant="primary" type="submit" isDisabled={state.saving || !title.trim()}>
          Add card
        </Button>
      </div>
    </form>
  );
}
