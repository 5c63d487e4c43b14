import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, type KeyboardEvent } from 'react';
import { SEARCH_GROUP_LABELS } from '@contracts/search';
import { inspection } from '@/shared/inspection';
import { Button } from '@/shared/ui/components/button/Button';
import { Dialog } from '@/shared/ui/components/dialog/Dialog';
import { SearchIcon } from '@/shared/ui/components/icons';
import { groupsOfRows, searchPaletteMachine } from '../machines/search-palette.machine';
import styles from './SearchPalette.module.css';

/**
 * Search everything: a field (a combobox) above the hits grouped by kind. Arrows move the
 * highlight, Enter opens it, Esc closes and gives the focus back to where it was.
 */
export default function SearchPalette({ onClose, onOpen }: { onClose: () => void; onOpen: (href: string) => void }) {
  const palette = useActorRef(searchPaletteMachine, { inspect: inspection.inspect });
  const query = useSelector(palette, (s) => s.context.query);
  const rows = useSelector(palette, (s) => s.context.rows);
  const highlighted = useSelector(palette, (s) => s.context.highlighted);
  const answered = useSelector(palette, (s) => s.context.answered);
  const error = useSelector(palette, (s) => s.context.error);
  const busy = useSelector(palette, (s) => s.hasTag('busy'));
  const failed = useSelector(palette, (s) => s.hasTag('error'));
  const empty = useSelector(palette, (s) => s.matches('empty'));
  const ready = useSelector(palette, (s) => s.matches('ready'));
  const id = useId();
  const optionId = (index: number) => `${id}-hit-${index}`;

  useEffect(() => {
    const sub = palette.on('palette.opened', (e) => onOpen(e.href));
    return () => sub.unsubscribe();
  }, [palette, onOpen]);

  // The highlighted hit stays in view as the arrows move it.
  // (DOM work only: the machine decides which hit is highlighted; new rows may move it.)
  useEffect(() => {
    document.getElementById(`${id}-hit-${highlighted}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, highlighted, rows]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const type = e.key === 'ArrowDown' ? 'palette.next' : e.key === 'ArrowUp' ? 'palette.previous' : e.key === 'Enter' ? 'palette.choose' : null;
    if (!type) return;
    e.preventDefault();
    palette.send({ type });
  };

  const groups = groupsOfRows(rows);
  const status = empty
    ? 'Tickets by number, title or text; companies, contacts, projects and quotes.'
    : failed
      ? null
      : ready && rows.length === 0
        ? `Nothing found for “${answered}”.`
        : busy && rows.length === 0
          ? 'Searching…'
          : null;

  return (
    <Dialog title="Search everything" size="md" isOpen onOpenChange={(open) => !open && onClose()}>
      <div className={styles.palette}>
        <div className={styles.field}>
          <SearchIcon size={16} />
          <input
            className={styles.input}
            role="combobox"
            aria-label="Search everything"
            aria-expanded={rows.length > 0}
            aria-controls={`${id}-results`}
            aria-autocomplete="list"
            aria-activedescendant={rows.length > 0 ? optionId(highlighted) : undefined}
            aria-busy={busy || undefined}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            placeholder="Search tickets, companies, contacts, projects, quotes…"
            value={query}
            onChange={(e) => palette.send({ type: 'palette.type', query: e.target.value })}
            onKeyDown={onKeyDown}
          />
        </div>
        <div id={`${id}-results`} role="listbox" aria-label="Results" className={styles.results}>
          {groups.map((g) => (
            <div key={g.group} role="group" aria-labelledby={`${id}-${g.group}`}>
              <div id={`${id}-${g.group}`} role="presentation" className={styles.groupTitle}>
                {SEARCH_GROUP_LABELS[g.group]}
              </div>
              {g.rows.map(({ row, index }) => (
                <div
                  key={`${row.group}-${row.hit.id}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === highlighted}
                  className={styles.option}
                  onMouseMove={() => index !== highlighted && palette.send({ type: 'palette.highlight', index })}
                  onClick={() => onOpen(row.href)}
                >
                  <span className={styles.title}>{row.hit.title}</span>
                  {row.hit.detail ? <span className={styles.detail}>{row.hit.detail}</span> : null}
                </div>
              ))}
            </div>
          ))}
        </div>
        <div aria-live="polite">{status ? <p className={styles.note}>{status}</p> : null}</div>
        {failed ? (
          <p className={styles.note} role="alert">
            {error} <Button size="sm" onPress={() => palette.send({ type: 'palette.retry' })}>Try again</Button>
          </p>
        ) : null}
        <div className={styles.hints} aria-hidden="true">
          <span><kbd className={styles.kbd}>↑</kbd> <kbd className={styles.kbd}>↓</kbd> to move</span>
          <span><kbd className={styles.kbd}>Enter</kbd> to open</span>
          <span><kbd className={styles.kbd}>Esc</kbd> to close</span>
        </div>
      </div>
    </Dialog>
  );
}
