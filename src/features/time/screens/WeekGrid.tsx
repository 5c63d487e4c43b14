import { useRef, useState, type KeyboardEvent } from 'react';
import { formatHours, MINUTES_PER_DAY, parseHours, type TimeItem, type TimesheetRow, type TimesheetWeek } from '@contracts/time';
import { cellKey as keyOf, type PendingCell } from '../machines/timesheet.machine';
import { TextLink } from '@/shared/ui/components';
import { formatDayHeader } from '@/shared/ui/tokens/format';
import styles from './time.module.css';

export type CellRef = { row: number; col: number };
export type CellSave = { item: TimeItem; day: string; minutes: number };
const share = (part: number, whole: number) => (whole ? `${Math.round((part * 100) / whole)} %` : '—');

/**
 * The week as a grid: a row per ticket, project or company, a cell per day; a project row links to its project. Type hours as 1.5 or 1:30;
 * arrows move between cells (left and right at the ends of the text), Tab too; Enter saves and
 * goes down; Escape puts the saved value back. A changed cell is saved when left as well. What is
 * being typed in a cell stays while other cells' saves answer; once handed over, the cell shows the
 * pending value, then the server's.
 */
export function WeekGrid({
  view,
  today,
  editable,
  pending,
  onSave,
  onSelect,
}: {
  view: TimesheetWeek;
  today: string;
  editable: boolean;
  /** Cells being saved or refused, by key, with what was typed. */
  pending?: Record<string, PendingCell>;
  onSave?: (save: CellSave) => void;
  onSelect?: (cell: CellRef) => void;
}) {
  const table = useRef<HTMLTableElement>(null);
  // What is typed and not handed over yet (the focused cell, or one whose text is not hours).
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  // What commit reads: Enter saves and moves focus in one handler, and the blur that follows must see the save.
  const draftsNow = useRef(drafts);
  draftsNow.current = drafts;

  const focus = (row: number, col: number) => {
    const input = table.current?.querySelector<HTMLInputElement>(`input[data-cell="${row}-${col}"]`);
    if (input) {
      input.focus();
      input.select();
    }
  };

  const commit = (r: TimesheetRow, day: string) => {
    const key = keyOf(r.item, day);
    const text = draftsNow.current[key];
    if (text === undefined) return true;
    const minutes = parseHours(text);
    if (minutes === null || minutes > MINUTES_PER_DAY) {
      setInvalid((m) => ({ ...m, [key]: 'Type hours as 1.5 or 1:30 (at most 24)' }));
      return false;
    }
    setInvalid(({ [key]: _gone, ...rest }) => rest);
    const current = r.cells[view.days.indexOf(day)]!.minutes;
    // A cell waiting or refused is sent again even at the server's value: the newest value wins.
    if (minutes !== current || pending?.[key]) onSave?.({ item: r.item, day, minutes });
    // Handed over (or unchanged): the pending value, then the server's answer, show from now on.
    const { [key]: _sent, ...rest } = draftsNow.current;
    draftsNow.current = rest;
    setDrafts(rest);
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, row: number, col: number, r: TimesheetRow, day: string) => {
    const input = event.currentTarget;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length;
    const whole = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    if (event.key === 'Enter') {
      event.preventDefault();
      if (commit(r, day)) focus(Math.min(row + 1, view.rows.length - 1), col);
    } else if (event.key === 'Escape') {
      setDrafts(({ [keyOf(r.item, day)]: _gone, ...rest }) => rest);
      setInvalid(({ [keyOf(r.item, day)]: _gone, ...rest }) => rest);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focus(Math.min(row + 1, view.rows.length - 1), col);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focus(Math.max(row - 1, 0), col);
    } else if (event.key === 'ArrowLeft' && (atStart || whole) && col > 0) {
      event.preventDefault();
      focus(row, col - 1);
    } else if (event.key === 'ArrowRight' && (atEnd || whole) && col < 6) {
      event.preventDefault();
      focus(row, col + 1);
    }
  };

  return (
    <div className={styles.gridWrap}>
      <table ref={table} className={styles.grid} aria-label={`Time of ${view.user.name}, week of ${formatDayHeader(view.days[0]!)}`}>
        <thead>
          <tr>
            <th scope="col">Ticket, project or company</th>
            {view.days.map((d) => (
              <th key={d} scope="col" className={d === today ? styles.today : undefined}>
                {formatDayHeader(d)}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {view.rows.map((r, row) => (
            <tr key={`${r.item.kind}:${r.item.id}`}>
              <th scope="row">
                <span className={styles.itemLabel}>
                  {r.item.kind === 'project' ? (
                    <TextLink href={`/project/${r.item.id}`} aria-label={`Project ${r.label}`}>
                      {r.label}
                    </TextLink>
                  ) : (
                    r.label
                  )}
                </span>
                <span className={styles.itemSub}>
                  {r.company ?? 'No company'} · {r.billable ? 'billable' : 'not billable'}
                </span>
              </th>
              {view.days.map((day, col) => {
                const cell = r.cells[col]!;
                const key = keyOf(r.item, day);
                const shown = drafts[key] ?? pending?.[key]?.text ?? formatHours(cell.minutes);
                const error = invalid[key] ?? pending?.[key]?.error;
                const label = `Hours for ${r.label} on ${formatDayHeader(day)}`;
                return (
                  <td key={day} className={day === today ? styles.today : undefined}>
                    <input
                      className={`${styles.cell} ${cell.note ? styles.hasNote : ''}`}
                      data-cell={`${row}-${col}`}
                      aria-label={label}
                      aria-invalid={error ? true : undefined}
                      title={error ?? (cell.note ? `Note: ${cell.note}` : cell.ticket_minutes ? `${formatHours(cell.ticket_minutes)} logged on the ticket or by the timer` : undefined)}
                      inputMode="decimal"
                      autoComplete="off"
                      disabled={!editable}
                      value={shown}
                      onChange={(e) => setDrafts((d) => ({ ...d, [key]: e.target.value }))}
                      onFocus={(e) => {
                        e.target.select();
                        onSelect?.({ row, col });
                      }}
                      onBlur={() => commit(r, day)}
                      onKeyDown={(e) => onKeyDown(e, row, col, r, day)}
                    />
                  </td>
                );
              })}
              <td>{formatHours(r.cells.reduce((s, c) => s + c.minutes, 0)) || '0:00'}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total · billable {share(view.totals.billable, view.totals.week)}</th>
            {view.totals.days.map((m, i) => (
              <td key={view.days[i]}>{formatHours(m) || '0:00'}</td>
            ))}
            <td>{formatHours(view.totals.week) || '0:00'}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
