/**
 * The staff layout's keyboard shortcuts: the key listener that feeds the shortcuts machine, the
 * header's search button, and the overlays (the search palette a feature provides, the "?" list).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { inspection } from '@/shared/inspection';
import { SearchIcon } from '@/shared/ui/components/icons';
import { takesTyping } from './registry';
import { shortcutsMachine } from './shortcuts.machine';
import styles from './Shortcuts.module.css';

const ShortcutsOverlay = lazy(() => import('./ShortcutsOverlay'));

export type ShortcutsActor = ReturnType<typeof useShortcuts>;
/** The palette a feature provides: it closes itself (Esc, a click outside) and opens a hit by its address. */
export type PaletteComponent = ComponentType<{ onClose: () => void; onOpen: (href: string) => void }>;

/** Moves the focus to the next or previous row of the list on the page (the first when none has it). */
function stepRow(step: 1 | -1) {
  const rows = [...document.querySelectorAll<HTMLElement>('#main tr.dt-row[tabindex]')];
  if (!rows.length) return;
  const at = rows.indexOf(document.activeElement as HTMLElement);
  const next = at < 0 ? 0 : Math.min(Math.max(at + step, 0), rows.length - 1);
  rows[next]!.focus();
}

/** The shortcuts machine of the layout, fed by every key pressed outside a text field or another dialog. */
export function useShortcuts(navigate: (href: string) => void) {
  const keys = useActorRef(shortcutsMachine, { inspect: inspection.inspect });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.repeat) return;
      const chord = e.ctrlKey || e.metaKey;
      const target = document.activeElement;
      // Ctrl+K works from a field too; every other shortcut waits until the user is not typing.
      if (!chord && (takesTyping(target) || target?.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]'))) return;
      const event = { type: 'key.pressed' as const, key: e.key, ctrl: e.ctrlKey, meta: e.metaKey, alt: e.altKey };
      if (!keys.getSnapshot().can(event)) return;
      e.preventDefault();
      keys.send(event);
    };
    window.addEventListener('keydown', onKey);
    const subs = [keys.on('shortcut.navigate', (e) => navigate(e.href)), keys.on('shortcut.row', (e) => stepRow(e.step))];
    return () => {
      window.removeEventListener('keydown', onKey);
      subs.forEach((s) => s.unsubscribe());
    };
  }, [keys, navigate]);
  return keys;
}

/** The header's search button: opens the palette, and says its shortcut. */
export function SearchButton({ keys }: { keys: ShortcutsActor }) {
  return (
    // Named by aria-label: on a phone the visible label is hidden and the icon alone shows.
    <button
      type="button"
      className={styles.searchButton}
      onClick={() => keys.send({ type: 'palette.open' })}
      aria-label="Search everything"
      aria-keyshortcuts="Control+K /"
    >
      <SearchIcon size={14} />
      <span className={styles.searchLabel}>Search everything</span>
      <kbd className={styles.kbd}>Ctrl K</kbd>
    </button>
  );
}

/** The palette or the shortcut list, whichever the machine has open (each loads when first opened). */
export function ShortcutOverlays({ keys, Palette, navigate }: { keys: ShortcutsActor; Palette: PaletteComponent; navigate: (href: string) => void }) {
  const palette = useSelector(keys, (s) => s.matches('palette'));
  const help = useSelector(keys, (s) => s.matches('help'));
  const close = () => keys.send({ type: 'overlay.close' });
  return (
    <Suspense fallback={null}>
      {palette ? (
        <Palette
          onClose={close}
          onOpen={(href) => {
            close();
            navigate(href);
          }}
        />
      ) : null}
      {help ? <ShortcutsOverlay onClose={close} /> : null}
    </Suspense>
  );
}
