/**
 * The board's one "Move to…" menu. A card carries only a light button; pressing it opens this
 * menu next to that button, for that card, with the columns and positions worked out from the
 * column as it is when the menu opens. One menu per board instead of a menu trigger per card keeps
 * a card cheap to render, so a big board mounts and moves without long tasks (ADR 0088).
 */
import { useCallback, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { MenuContext, OverlayTriggerStateContext, PopoverContext, type Key } from 'react-aria-components';
import { BOARD_COLUMN_LABELS, BOARD_COLUMNS, type BoardColumn as Column, type Task as TaskCard } from '@contracts/projects';
import type { CardMove } from '../machines/card-move.machine';
import { Menu, MenuItem, MenuSection } from '@/shared/ui/components';

/** The attribute naming the card a "Move to…" button belongs to (`data-move-card="42"`). */
export const MOVE_BUTTON_ATTR = 'data-move-card';

export type MoveMenuHandle = {
  /**
   * Opens the menu for `card` next to `trigger`; `column` is the card's column as shown, in order.
   * `returnTo` gets the focus back when the menu closes without a move (the trigger by default;
   * the card's row when Shift+F10 opened it there).
   */
  open: (card: TaskCard, column: readonly TaskCard[], trigger: HTMLElement, returnTo?: HTMLElement) => void;
};

type Target = { card: TaskCard; column: readonly TaskCard[] };

/** The menu's entries for a card: the other columns, then positions within its column. */
export function moveFor(key: Key, card: TaskCard, column: readonly TaskCard[]): CardMove | null {
  const k = String(key);
  const at = column.findIndex((c) => c.id === card.id);
  if (k === 'up' && at > 0) return { taskId: card.id, column: card.column, beforeId: column[at - 1]!.id };
  if (k === 'down' && at >= 0 && at < column.length - 1) return { taskId: card.id, column: card.column, afterId: column[at + 1]!.id };
  if (k === 'top' && at > 0) return { taskId: card.id, column: card.column, beforeId: column[0]!.id };
  if (k === 'bottom' && at >= 0 && at < column.length - 1) return { taskId: card.id, column: card.column };
  if ((BOARD_COLUMNS as readonly string[]).includes(k) && k !== card.column) return { taskId: card.id, column: k as Column };
  return null;
}

export function MoveMenu({ ref, onMove, onClosed }: { ref: Ref<MoveMenuHandle>; onMove: (move: CardMove) => void; onClosed: (taskId: number, moved: boolean, returnTo: HTMLElement | null) => void }) {
  const [target, setTarget] = useState<Target | null>(null);
  const [isOpen, setOpen] = useState(false);
  const triggerRef = useRef<HTMLElement | null>(null);
  const moved = useRef(false);
  const returnRef = useRef<HTMLElement | null>(null);

  const close = useCallback(() => {
    setOpen(false);
    const trigger = triggerRef.current;
    trigger?.setAttribute('aria-expanded', 'false');
    const id = Number(trigger?.getAttribute(MOVE_BUTTON_ATTR));
    // The board gives focus back to the card (its button), where the move put it (ADR 0096).
    if (id) onClosed(id, moved.current, returnRef.current ?? trigger);
    moved.current = false;
  }, [onClosed]);

  useImperativeHandle(
    ref,
    () => ({
      open(card, column, trigger, returnTo) {
        returnRef.current = returnTo ?? trigger;
        triggerRef.current?.setAttribute('aria-expanded', 'false');
        triggerRef.current = trigger;
        moved.current = false;
        trigger.setAttribute('aria-expanded', 'true');
        setTarget({ card, column: column.filter((c) => c.column === card.column) });
        setOpen(true);
      },
    }),
    [],
  );

  const state = useMemo(
    () => ({
      isOpen,
      setOpen: (open: boolean) => (open ? setOpen(true) : close()),
      open: () => setOpen(true),
      close,
      toggle: () => (isOpen ? close() : setOpen(true)),
      point: null,
      setPoint: () => undefined,
    }),
    [isOpen, close],
  );

  if (!target) return null;
  const { card, column } = target;
  const at = column.findIndex((c) => c.id === card.id);
  const label = `Move ${card.title} to…`;
  return (
    <OverlayTriggerStateContext.Provider value={state}>
      <PopoverContext.Provider value={{ trigger: 'MenuTrigger', triggerRef }}>
        <MenuContext.Provider value={{ onClose: close, autoFocus: 'first' }}>
          <Menu
            aria-label={label}
            placement="bottom end"
            onAction={(key: Key) => {
              const move = moveFor(key, card, column);
              if (!move) return;
              moved.current = true;
              onMove(move);
            }}
          >
            <MenuSection title="Move to column">
              {BOARD_COLUMNS.filter((c) => c !== card.column).map((c) => (
                <MenuItem key={c} id={c}>
                  {BOARD_COLUMN_LABELS[c]}
                </MenuItem>
              ))}
            </MenuSection>
            <MenuSection title="Position">
              <MenuItem id="top" isDisabled={at <= 0}>Top of column</MenuItem>
              <MenuItem id="up" isDisabled={at <= 0}>Up one</MenuItem>
              <MenuItem id="down" isDisabled={at < 0 || at >= column.length - 1}>Down one</MenuItem>
              <MenuItem id="bottom" isDisabled={at < 0 || at >= column.length - 1}>Bottom of column</MenuItem>
            </MenuSection>
          </Menu>
        </MenuContext.Provider>
      </PopoverContext.Provider>
    </OverlayTriggerStateContext.Provider>
  );
}
