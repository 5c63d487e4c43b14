/** The readable lines of a staff change to a ticket (its thread entry). */
import { severityLabel, statusLabel } from '@contracts/common/codes';

/** Changed fields of a ticket: what each was and became. */
export type Changes = Record<string, { from: unknown; to: unknown }>;

const LABELS: Record<string, string> = { status: 'Status', severity: 'Priority', queue: 'Queue', assignee_id: 'Assignee', duedate: 'Due date' };

/** Due dates are shown and entered to the minute: two within the same minute are the same due date. */
const DUE_DATE_PRECISION_MS = 60_000;

/** A value as compared: a due date as its minute (an instant), a number as a number, text trimmed, nothing as null. */
function normalised(field: string, v: unknown): unknown {
  if (v === null || v === undefined || v === '') return null;
  if (field === 'duedate' || v instanceof Date) {
    const time = v instanceof Date ? v.getTime() : Date.parse(String(v));
    return Number.isNaN(time) ? String(v) : Math.floor(time / DUE_DATE_PRECISION_MS);
  }
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v.trim();
  return v;
}

/** Whether a field kept its value: what is compared is what the change log would show. */
export function isSameValue(field: string, from: unknown, to: unknown): boolean {
  return normalised(field, from) === normalised(field, to);
}

/** A readable line for a change of one field. */
export function describeChange(field: string, from: unknown, to: unknown, names: Map<number, string>): string {
  const fmt = (v: unknown): string => {
    if (v === null || v === undefined) return 'none';
    if (field === 'status') return statusLabel(String(v));
    if (field === 'severity') return severityLabel(String(v));
    if (field === 'assignee_id') return names.get(Number(v)) ?? `#${String(v)}`;
    if (field === 'duedate') return new Date(String(v)).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
    return String(v);
  };
  return `${LABELS[field] ?? field}: ${fmt(from)} → ${fmt(to)}`;
}
