/**
 * The shortcuts of one screen (SHORTCUTS with that `where`, the ticket's "a" and "s"): a screen
 * passes what each does, usually sending its machine an event. Like the layout's shortcuts, they
 * never fire while the user types in a field or works in a dialog, menu or list box.
 */
import { useEffect, useRef } from 'react';
import { screenShortcutOf, takesTyping, type Shortcut, type ShortcutId } from './registry';

export function useScreenShortcuts(where: Shortcut['where'], handlers: Partial<Record<ShortcutId, () => void>>) {
  // The latest handlers, so the listener is added once per screen.
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.repeat) return;
      const target = document.activeElement;
      if (takesTyping(target) || target?.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')) return;
      const id = screenShortcutOf(where, { key: e.key, ctrl: e.ctrlKey, meta: e.metaKey, alt: e.altKey });
      const handler = id ? latest.current[id] : undefined;
      if (!handler) return;
      e.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [where]);
}
