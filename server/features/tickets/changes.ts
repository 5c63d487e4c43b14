/** The readable lines of a staff change to a ticket (its thread entry). */
import { severityLabel, statusLabel } from '@contracts/common/codes';

/** Changed fields of a ticket: what each was and became. */
export type Changes = Record<string, { from: unknown; to: unknown }>;

const LABELS: Record<string, string> = { status: 'Status', severity: 'Severity', queue: 'Queue', assignee_id: 'Assignee', duedate: 'Due date' };

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
