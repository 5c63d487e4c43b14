/**
 * The board's one "Move to…" menu. A card carries only a light button; pressing it opens this
 * menu next to that button, for that card, with the columns and positions worked out from the
 * column as it was when the menu opened. One menu per board instead of a menu trigger per card keeps
 * a card cheap to render, so a big board mounts and moves without long tasks (ADR 0088). The board's
 * machine says which card it is for and whether it is open (`selectMenu`, `selectMenuOpen`); the
 * button it opened next to is a DOM handle the board keeps (`MenuAnchor`).
 */
import { useMemo } from 'react';
import { MenuContext, OverlayTriggerStateContext, PopoverContext, type Key } from 'react-aria-components';
import { BOARD_COLUMN_LABELS, BOARD_COLUMNS, type BoardColumn as Column, type Task } from '@contracts/projects';
import type { CardMove } from '../machines/card-move.machine';
import type { MenuTarget } from '../machines/kanban-board.machine';
import type { MenuAnchor } from './reveal';
import { Menu, MenuItem, MenuSection } from '@/shared/ui/components';

export { MOVE_BUTTON_ATTR } from './reveal';

/** The menu's entries for a card: the other columns, then positions within its column. */
export function moveFor(key: Key, card: Task, column: readonly Task[]): CardMove | null {
  const k = String(key);
  const at = column.findIndex((c) => c.id === card.id);
  if (k === 'up' && at > 0) return { taskId: card.id, column: card.column, beforeId: column[at - 1]!.id };
  if (k === 'down' && at >= 0 && at < column.length - 1) return { taskId: card.id, column: card.column, afterId: column[at + 1]!.id };
  if (k === 'top' && at > 0) return { taskId: card.id, column: card.column, beforeId: column[0]!.id };
  if (k === 'bottom' && at >= 0 && at < column.length - 1) return { taskId: card.id, column: card.column };
  if ((BOARD_COLUMNS as readonly string[]).includes(k) && k !== card.column) return { taskId: card.id, column: k as Column };
  return null;
}

export function MoveMenu({ menu, isOpen, anchor, onChoose, onClose }: { menu: MenuTarget | null; isOpen: boolean; anchor: MenuAnchor; onChoose: (move: CardMove) => void; onClose: () => void }) {
  const state = useMemo(() => {
    const close = () => {
      anchor.trigger.current?.setAttribute('aria-expanded', 'false');
      onClose();
    };
    return {
      isOpen,
      setOpen: (open: boolean) => (open ? undefined : close()),
      open: () => undefined,
      close,
      toggle: () => (isOpen ? close() : undefined),
      point: null,
      setPoint: () => undefined,
    };
  }, [isOpen, anchor, onClose]);

  if (!menu) return null;
  const { card, column } = menu;
  const at = column.findIndex((c) => c.id === card.id);
  const label = `Move ${card.title} to…`;
  return (
    <OverlayTriggerStateContext.Provider value={state}>
      <PopoverContext.Provider value={{ trigger: 'MenuTrigger', triggerRef: anchor.trigger }}>
        <MenuContext.Provider value={{ onClose: state.close, autoFocus: 'first' }}>
          <Menu
            aria-label={label}
            placement="bottom end"
            // A chosen move closes the menu at once: its fade-out would end while the move renders
            // in the background and make React finish that render synchronously (ADR 0153).
            closeInstantly={menu.moved}
            onAction={(key: Key) => {
              const move = moveFor(key, card, column);
              if (move) onChoose(move);
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
