/**
 * Focus follows a moved card: once the board has rendered the move, the card's row is found in
 * its column (a virtualised column first scrolls to where the card is, once the browser is idle,
 * so its row is rendered),
 * scrolled into view (the column's list, and the board sideways on a phone) and focused.
 *
 * The board's machine decides where the focus goes (kanban-board.machine.ts, `context.focus`) and
 * spawns `focusCard`; `focusCardActor` below is the board view's implementation of it, on the DOM:
 * effect-free helpers, given the only DOM handles the board keeps (where its menu was opened from).
 */
import type { RefObject } from 'react';
import { fromCallback, type EventObject } from 'xstate';
import type { BoardColumn, Task } from '@contracts/projects';
import type { FocusInput } from '../machines/kanban-board.machine';

/** The attribute naming the card a "Move to…" button belongs to (`data-move-card="42"`). */
export const MOVE_BUTTON_ATTR = 'data-move-card';
/** The attribute on the board saying which version of the columns it has painted (`BoardView.version`). */
export const BOARD_VERSION_ATTR = 'data-board-version';

/** A card's height and the gap between cards in a column (fixed, so a row's offset is known). */
export const ROW_PITCH = 84 + 8;
/** Frames a revealed card keeps the focus against late automatic focus moves. */
const HOLD_FRAMES = 12;

export type Rendered = { version: number; columns: Record<BoardColumn, readonly Task[]> };

export type RevealOptions = {
  /** Wait for a render newer than this one (the move's). */
  after: number;
  /** What gets the focus: the card's "Move to…" button (after the menu) or its row (after a drop). */
  target: 'button' | 'row';
  /** Give up after this many frames (the card may have been filtered out or deleted). */
  frames?: number;
};

/** The longest a reveal waits for the browser to be idle before it scrolls a column anyway. */
const IDLE_TIMEOUT_MS = 500;

/** Runs `run` once the browser is idle (a task later where it cannot tell); answers a cancel. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 0);
  return () => clearTimeout(id);
}

const rowOf = (list: Element | null, taskId: number) => list?.querySelector<HTMLElement>(`[role="row"][data-key="${taskId}"]`) ?? null;

/**
 * Moves focus to card `taskId` once `rendered()` is newer than `after`, scrolling its column to it
 * first when its row is not in the DOM. Returns a function that cancels the wait.
 */
export function revealCard(taskId: number, rendered: () => Rendered, { after, target, frames = 120 }: RevealOptions): () => void {
  let left = frames;
  let handle = 0;
  // Focus may shift on its own meanwhile (the list the card left focuses a neighbour), but once the
  // user presses a key or points somewhere, the focus is theirs: the reveal stops.
  let userActed = false;
  const acted = () => {
    userActed = true;
  };
  document.addEventListener('keydown', acted, true);
  document.addEventListener('pointerdown', acted, true);
  let idle: (() => void) | null = null;
  const done = () => {
    cancelAnimationFrame(handle);
    idle?.();
    document.removeEventListener('keydown', acted, true);
    document.removeEventListener('pointerdown', acted, true);
  };
  const step = () => {
    if (--left < 0 || userActed) return done();
    const now = rendered();
    if (now.version <= after) {
      handle = requestAnimationFrame(step);
      return;
    }
    const column = (Object.keys(now.columns) as BoardColumn[]).find((c) => now.columns[c].some((t) => t.id === taskId));
    if (!column) return done();
    const list = document.querySelector<HTMLElement>(`[data-column="${column}"] [role="grid"]`);
    const row = rowOf(list, taskId);
    if (!row) {
      // A virtualised column renders only the rows in view: scroll to the card, then look again.
      // The column renders its new window synchronously in its scroll handler (react-aria's
      // Virtualizer), so the scroll waits until the browser is idle: the move's render in the
      // background (and its effects) are done by then, and the two never share one long task.
      if (list) {
        const index = now.columns[column].findIndex((t) => t.id === taskId);
        idle = whenIdle(() => {
          idle = null;
          if (userActed) return done();
          list.scrollTop = Math.max(0, index * ROW_PITCH - (list.clientHeight - ROW_PITCH) / 2);
          handle = requestAnimationFrame(step);
        });
        return;
      }
      handle = requestAnimationFrame(step);
      return;
    }
    row.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    const el = target === 'button' ? (row.querySelector<HTMLElement>(`[${MOVE_BUTTON_ATTR}]`) ?? row) : row;
    el.focus({ preventScroll: true });
    // The list the card left may still move its focus to a neighbour a frame or two later (the
    // menu's focus restoration, react-aria's lost-focus handling): hold the focus on the card for
    // a few frames, unless the user acts.
    let hold = HOLD_FRAMES;
    const keep = () => {
      if (userActed || --hold < 0 || !el.isConnected) return done();
      if (document.activeElement !== el) el.focus({ preventScroll: true });
      handle = requestAnimationFrame(keep);
    };
    handle = requestAnimationFrame(keep);
  };
  handle = requestAnimationFrame(step);
  return done;
}

/** The board's DOM handles for its one "Move to…" menu: the button it opened next to, and where focus goes back when it closes without a move. */
export type MenuAnchor = { trigger: RefObject<HTMLElement | null>; returnTo: RefObject<HTMLElement | null> };

/** The version of the columns the board has painted (0 before it painted any). */
export function paintedVersion(): number {
  return Number(document.querySelector(`[${BOARD_VERSION_ATTR}]`)?.getAttribute(BOARD_VERSION_ATTR) ?? 0);
}

/**
 * The board view's `focusCard`: does what the machine decided. A card's row or button once the
 * move is painted; `origin`: back where the menu was opened from (the card's button, or its row
 * for Shift+F10) after the popover's own focus restoration, else the card's button. Stopping the
 * actor (a newer decision, the board left) cancels the wait.
 */
export function focusCardActor(anchor: MenuAnchor) {
  return fromCallback<EventObject, FocusInput>(({ input }) => {
    const rendered = (): Rendered => ({ version: paintedVersion(), columns: input.columns() });
    if (input.target !== 'origin') return revealCard(input.taskId, rendered, { after: input.after, target: input.target });
    // Where the menu was opened from, as it closed (a menu opened meanwhile has its own).
    const back = anchor.returnTo.current;
    let cancel = () => undefined as void;
    const frame = requestAnimationFrame(() => {
      if (back?.isConnected) back.focus();
      else cancel = revealCard(input.taskId, rendered, { after: input.after, target: 'button' });
    });
    return () => {
      cancelAnimationFrame(frame);
      cancel();
    };
  });
}
