/** The weekly timesheet's SQL: the week as a grid, its cells' entries, its rows and its approval state. */
import type { OwnTimeEntry } from '@contracts/forms';
import { weekDays, type TeamWeek, type TimeItem, type TimesheetRow, type TimesheetWeek, type WeekChange, type WeekStatus } from '@contracts/time';
import type { StaffPrincipal } from '@server/platform/auth/sessions';
import { iso, type Queryable } from '@server/platform/sql';
import { manages, type Person } from './access';

export type WeekRow = { status: WeekStatus; reason: string | null; decided_at: string | null; decided_by: string | null; decided_cells: Record<string, number> | null; submitted_at: string | null };

export const keyOf = (item: TimeItem) => `${item.kind}:${item.id}`;

/** The approval state of a person's week (a draft when it has none yet); `lock` locks it for the transaction. */
export async function weekRow(db: Queryable, userId: number, week: string, lock = false): Promise<WeekRow> {
  const { rows } = await db.query<WeekRow>(
    `SELECT w.status, w.reason, ${iso('w.decided_at')}, d.name AS decided_by, w.decided_cells, ${iso('w.submitted_at')}
       FROM timesheet_weeks w LEFT JOIN staff_users d ON d.id = w.decided_by
      WHERE w.staff_user_id = $1 AND w.week_start = $2 ${lock ? 'FOR UPDATE OF w' : ''}`,
    [userId, week],
  );
  return rows[0] ?? { status: 'draft', reason: null, decided_at: null, decided_by: null, decided_cells: null, submitted_at: null };
}

/** The item a time entry or a pinned row belongs to: its ticket, else its project, else its company. */
const itemOf = (r: { ticket_id: number | null; project_id: number | null; company_id: number | null }): TimeItem =>
  r.ticket_id ? { kind: 'ticket', id: r.ticket_id } : r.project_id ? { kind: 'project', id: r.project_id } : { kind: 'company', id: r.company_id! };
const KIND_ORDER: Record<TimeItem['kind'], number> = { ticket: 0, project: 1, company: 2 };

/** The rows of a week: pinned rows and every item with time in it, each with its seven cells. */
export async function weekRows(db: Queryable, userId: number, week: string): Promise<TimesheetRow[]> {
  const days = weekDays(week);
  const { rows: entries } = await db.query<{ ticket_id: number | null; project_id: number | null; company_id: number | null; day: string; minutes: number; source: string; description: string; billable: boolean }>(
    `SELECT ticket_id, project_id, company_id, to_char(work_date, 'YYYY-MM-DD') AS day, minutes, source, description, billable
       FROM time_entries WHERE staff_user_id = $1 AND work_date BETWEEN $2 AND $3 ORDER BY id`,
    [userId, days[0], days[6]],
  );
  const { rows: pinned } = await db.query<{ ticket_id: number | null; project_id: number | null; company_id: number | null; billable: boolean }>(
    'SELECT ticket_id, project_id, company_id, billable FROM timesheet_rows WHERE staff_user_id = $1 AND week_start = $2',
    [userId, week],
  );
  const items = new Map<string, { item: TimeItem; billable: boolean | null; cells: { minutes: number; note: string; ticket_minutes: number }[] }>();
  const slot = (item: TimeItem) => {
    const key = keyOf(item);
    if (!items.has(key)) items.set(key, { item, billable: null, cells: days.map(() => ({ minutes: 0, note: '', ticket_minutes: 0 })) });
    return items.get(key)!;
  };
  for (const p of pinned) slot(itemOf(p)).billable = p.billable;
  for (const e of entries) {
    const row = slot(itemOf(e));
    const cell = row.cells[days.indexOf(e.day)]!;
    cell.minutes += e.minutes;
    if (e.source === 'timesheet') {
      cell.note = e.description;
      row.billable ??= e.billable;
    } else cell.ticket_minutes += e.minutes;
  }
  const idsOf = (kind: TimeItem['kind']) => [...items.values()].filter((r) => r.item.kind === kind).map((r) => r.item.id);
  const { rows: tickets } = await db.query<{ id: number; title: string; company: string | null }>(
    'SELECT t.id, t.title, c.name AS company FROM tickets t LEFT JOIN companies c ON c.id = t.company_id WHERE t.id = ANY($1::int[])',
    [idsOf('ticket')],
  );
  const { rows: projects } = await db.query<{ id: number; name: string; company: string }>(
    'SELECT p.id, p.name, c.name AS company FROM projects p JOIN companies c ON c.id = p.company_id WHERE p.id = ANY($1::int[])',
    [idsOf('project')],
  );
  const { rows: companies } = await db.query<{ id: number; name: string }>('SELECT id, name FROM companies WHERE id = ANY($1::int[])', [idsOf('company')]);
  const ticketOf = new Map(tickets.map((t) => [t.id, t]));
  const projectOf = new Map(projects.map((p) => [p.id, p]));
  const companyOf = new Map(companies.map((c) => [c.id, c.name]));
  const describe = (item: TimeItem): { label: string; company: string | null } => {
    if (item.kind === 'ticket') {
      const t = ticketOf.get(item.id);
      return { label: `#${item.id} ${t?.title ?? ''}`.trim(), company: t?.company ?? null };
    }
    if (item.kind === 'project') {
      const p = projectOf.get(item.id);
      return { label: p?.name ?? `Project ${item.id}`, company: p?.company ?? null };
    }
    return { label: companyOf.get(item.id) ?? `Company ${item.id}`, company: 'Managed services' };
  };
  return [...items.values()]
    .map((r) => ({ item: r.item, ...describe(r.item), billable: r.billable ?? true, cells: r.cells }))
    .sort((a, b) => KIND_ORDER[a.item.kind] - KIND_ORDER[b.item.kind] || a.label.localeCompare(b.label));
}

export const snapshotOf = (rows: readonly TimesheetRow[], days: readonly string[]) => {
  const cells: Record<string, number> = {};
  for (const r of rows) r.cells.forEach((c, i) => c.minutes && (cells[`${r.label}|${days[i]}`] = c.minutes));
  return cells;
};

function changesSince(before: Record<string, number> | null, rows: readonly TimesheetRow[], days: readonly string[]): WeekChange[] {
  if (!before) return [];
  const after = snapshotOf(rows, days);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys
    .filter((k) => (before[k] ?? 0) !== (after[k] ?? 0))
    .map((k) => {
      const cut = k.lastIndexOf('|');
      return { label: k.slice(0, cut), day: k.slice(cut + 1), before: before[k] ?? 0, after: after[k] ?? 0 };
    });
}

/** The week of a person, as its grid. */
export async function loadWeek(db: Queryable, me: Pick<StaffPrincipal, 'userId' | 'role'>, who: Person, week: string): Promise<TimesheetWeek> {
  const days = weekDays(week);
  const state = await weekRow(db, who.id, week);
  const rows = await weekRows(db, who.id, week);
  const dayTotals = days.map((_, i) => rows.reduce((s, r) => s + r.cells[i]!.minutes, 0));
  const total = dayTotals.reduce((a, b) => a + b, 0);
  const billable = rows.filter((r) => r.billable).reduce((s, r) => s + r.cells.reduce((a, c) => a + c.minutes, 0), 0);
  return {
    user: { id: who.id, name: who.name },
    week,
    days,
    status: state.status,
    reason: state.reason,
    decided_at: state.decided_at,
    decided_by: state.decided_by,
    rows,
    totals: { days: dayTotals, week: total, billable },
    changes: state.status === 'approved' ? [] : changesSince(state.decided_cells, rows, days),
    can_decide: manages(me, who),
  };
}

/** What an item is filed under (its company), what names it, and a project's status; null when there is no such item. */
export async function itemRecord(db: Queryable, item: TimeItem): Promise<{ companyId: number | null; label: string; status: string | null } | null> {
  if (item.kind === 'ticket') {
    const { rows } = await db.query<{ company_id: number | null; title: string }>('SELECT company_id, title FROM tickets WHERE id = $1', [item.id]);
    return rows[0] ? { companyId: rows[0].company_id, label: `#${item.id} ${rows[0].title}`, status: null } : null;
  }
  if (item.kind === 'project') {
    const { rows } = await db.query<{ company_id: number; name: string; status: string }>('SELECT company_id, name, status FROM projects WHERE id = $1', [item.id]);
    return rows[0] ? { companyId: rows[0].company_id, label: rows[0].name, status: rows[0].status } : null;
  }
  const { rows } = await db.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [item.id]);
  return rows[0] ? { companyId: item.id, label: rows[0].name, status: null } : null;
}

/** Which of the projects are in one of the statuses. */
export async function projectsIn(db: Queryable, ids: readonly number[], statuses: readonly string[]): Promise<Set<number>> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM projects WHERE id = ANY($1::int[]) AND status = ANY($2::text[])', [ids, statuses]);
  return new Set(rows.map((p) => p.id));
}

/** The entries of one item (the timesheet's cell), with the item's id as $3. */
const cellWhere = (item: TimeItem) =>
  item.kind === 'ticket' ? 'ticket_id = $3' : item.kind === 'project' ? 'ticket_id IS NULL AND project_id = $3' : 'ticket_id IS NULL AND project_id IS NULL AND company_id = $3';

/** Minutes a person has on a day, all sources. */
export async function dayMinutes(db: Queryable, userId: number, day: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT COALESCE(sum(minutes), 0)::int AS n FROM time_entries WHERE staff_user_id = $1 AND work_date = $2', [userId, day]);
  return rows[0]!.n;
}

export type CellMinutes = {
  /** What the cell cannot change: time logged on the ticket or by the timer, and time a managed-services bill counted. */
  other: number;
  /** Of it, what a closed managed-services month billed. */
  billed: number;
  /** The timesheet's own minutes that no bill counted. */
  own: number;
  /** The billable flag of the timesheet's entries in the cell (null without any). */
  billable: boolean | null;
};

/** Locks the entries of a cell (in id order, as a month close locks the entries it bills) and answers what they hold. */
export async function lockCell(db: Queryable, userId: number, day: string, item: TimeItem): Promise<CellMinutes> {
  await db.query(`SELECT id FROM time_entries WHERE staff_user_id = $1 AND work_date = $2 AND ${cellWhere(item)} ORDER BY id FOR UPDATE`, [userId, day, item.id]);
  const { rows } = await db.query<CellMinutes>(
    `SELECT COALESCE(sum(minutes) FILTER (WHERE source <> 'timesheet' OR ms_bill_month IS NOT NULL), 0)::int AS other,
            COALESCE(sum(minutes) FILTER (WHERE ms_bill_month IS NOT NULL), 0)::int AS billed,
            COALESCE(sum(minutes) FILTER (WHERE source = 'timesheet' AND ms_bill_month IS NULL), 0)::int AS own,
            bool_and(billable) FILTER (WHERE source = 'timesheet') AS billable
       FROM time_entries WHERE staff_user_id = $1 AND work_date = $2 AND ${cellWhere(item)}`,
    [userId, day, item.id],
  );
  return rows[0]!;
}

/** Deletes the timesheet's own entries of a cell that no bill counted. */
export async function deleteOwnCellEntries(db: Queryable, userId: number, day: string, item: TimeItem): Promise<void> {
  await db.query(`DELETE FROM time_entries WHERE staff_user_id = $1 AND work_date = $2 AND source = 'timesheet' AND ms_bill_month IS NULL AND ${cellWhere(item)}`, [userId, day, item.id]);
}

/** A time entry as it is written: whose, where it belongs, its day and minutes, where it came from. */
export type NewTimeEntry = {
  staffUserId: number;
  ticketId: number | null;
  projectId: number | null;
  companyId: number | null;
  noteId: number | null;
  workDate: string;
  minutes: number;
  billable: boolean;
  description: string;
  source: 'ticket' | 'timesheet' | 'tracker';
  /** The interval of timed work (the tracker). */
  interval: { start: Date; end: Date } | null;
};

/** Inserts a time entry; answers its id. */
export async function insertTimeEntry(db: Queryable, e: NewTimeEntry): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO time_entries (staff_user_id, ticket_id, project_id, company_id, note_id, work_date, minutes, billable, description, source, started_at, ended_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id::int AS id`,
    [e.staffUserId, e.ticketId, e.projectId, e.companyId, e.noteId, e.workDate, e.minutes, e.billable, e.description, e.source, e.interval?.start ?? null, e.interval?.end ?? null],
  );
  return rows[0]!.id;
}

/** Keeps a row on a week (with its billable flag, which applies to its timesheet entries of the week that no bill counted). */
export async function pinRow(db: Queryable, userId: number, week: string, item: TimeItem, billable: boolean): Promise<void> {
  await db.query(
    `INSERT INTO timesheet_rows (staff_user_id, week_start, ticket_id, project_id, company_id, billable) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (staff_user_id, week_start, COALESCE(ticket_id, 0), COALESCE(project_id, 0), COALESCE(company_id, 0)) DO UPDATE SET billable = EXCLUDED.billable`,
    [userId, week, item.kind === 'ticket' ? item.id : null, item.kind === 'project' ? item.id : null, item.kind === 'company' ? item.id : null, billable],
  );
  await db.query(
    `UPDATE time_entries SET billable = $4 WHERE staff_user_id = $1 AND source = 'timesheet' AND ms_bill_month IS NULL AND work_date BETWEEN $2::date AND $2::date + 6 AND ${cellWhere(item)}`,
    [userId, week, item.id, billable],
  );
}

/** Marks a week submitted. */
export async function markSubmitted(db: Queryable, userId: number, week: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO timesheet_weeks (staff_user_id, week_start, status, submitted_at) VALUES ($1, $2, 'submitted', $3)
     ON CONFLICT (staff_user_id, week_start) DO UPDATE SET status = 'submitted', submitted_at = $3`,
    [userId, week, now],
  );
}

/** Records a decision on a week, with the cells as they were when it was made. */
export async function markDecided(
  db: Queryable,
  d: { userId: number; week: string; status: 'approved' | 'rejected'; reason: string | null; at: Date; by: number; cells: Record<string, number> },
): Promise<void> {
  await db.query(`UPDATE timesheet_weeks SET status = $3, reason = $4, decided_at = $5, decided_by = $6, decided_cells = $7 WHERE staff_user_id = $1 AND week_start = $2`, [
    d.userId,
    d.week,
    d.status,
    d.reason,
    d.at,
    d.by,
    JSON.stringify(d.cells),
  ]);
}

/** Makes a week a draft again (the last decision is kept for comparison). */
export async function markDraft(db: Queryable, userId: number, week: string): Promise<void> {
  await db.query(`UPDATE timesheet_weeks SET status = 'draft' WHERE staff_user_id = $1 AND week_start = $2`, [userId, week]);
}

/** The weeks of the people the principal manages (admins: everyone else). */
export async function teamWeeks(db: Queryable, me: StaffPrincipal, week: string): Promise<TeamWeek[]> {
  const { rows: people } = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM staff_users WHERE active AND id <> $1 AND ($2 OR manager_id = $1) ORDER BY name`,
    [me.userId, me.role === 'admin'],
  );
  const result: TeamWeek[] = [];
  for (const p of people) {
    const view = await loadWeek(db, me, { id: p.id, name: p.name, manager_id: null, email: '' }, week);
    const state = await weekRow(db, p.id, week);
    result.push({
      user_id: p.id,
      name: p.name,
      status: view.status,
      total_minutes: view.totals.week,
      billable_minutes: view.totals.billable,
      submitted_at: state.submitted_at,
      changed_cells: view.changes.length,
    });
  }
  return result;
}

/** A time entry as a record correction reads and changes it: whose, which day, how long, what for. */
export type CorrectableEntry = { id: number; staffUserId: number; workDate: string; minutes: number; description: string };

/** One time entry (locked for the transaction with `lock`), or null. */
export async function correctableEntry(db: Queryable, id: number, lock = false): Promise<CorrectableEntry | null> {
  const { rows } = await db.query<CorrectableEntry>(
    `SELECT id::int AS id, staff_user_id AS "staffUserId", to_char(work_date, 'YYYY-MM-DD') AS "workDate", minutes, description FROM time_entries WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** Sets a time entry's day, minutes and description (a timed entry keeps its interval only when its minutes stay). */
export async function updateEntryFields(db: Queryable, id: number, e: { workDate: string; minutes: number; description: string }): Promise<void> {
  await db.query(
    `UPDATE time_entries SET work_date = $2, minutes = $3, description = $4,
       started_at = CASE WHEN minutes = $3 THEN started_at END, ended_at = CASE WHEN minutes = $3 THEN ended_at END
     WHERE id = $1`,
    [id, e.workDate, e.minutes, e.description],
  );
}

/** A person's time entries from a day on, newest first, with the ticket or project each was for (a correction picks one). */
export async function ownEntriesSince(db: Queryable, userId: number, since: string, limit: number): Promise<OwnTimeEntry[]> {
  const { rows } = await db.query<OwnTimeEntry>(
    `SELECT e.id::int AS id, to_char(e.work_date, 'YYYY-MM-DD') AS "workDate", e.minutes, e.description,
            e.ticket_id AS "ticketId", e.project_id AS "projectId", COALESCE(t.title, p.name) AS "forWhat"
       FROM time_entries e LEFT JOIN tickets t ON t.id = e.ticket_id LEFT JOIN projects p ON p.id = e.project_id
      WHERE e.staff_user_id = $1 AND e.work_date >= $2::date
      ORDER BY e.work_date DESC, e.id DESC LIMIT $3`,
    [userId, since, limit],
  );
  return rows;
}

/** Billable minutes each of some people logged from `from` to `to` (days, inclusive), by person (none logged: 0). */
export async function billableMinutesOf(db: Queryable, staffIds: readonly number[], from: string, to: string): Promise<Map<number, number>> {
  const { rows } = await db.query<{ staff_user_id: number; minutes: number }>(
    `SELECT staff_user_id, sum(minutes)::int AS minutes FROM time_entries
      WHERE staff_user_id = ANY($1::int[]) AND billable AND work_date BETWEEN $2::date AND $3::date GROUP BY staff_user_id`,
    [staffIds, from, to],
  );
  return new Map(staffIds.map((id) => [id, rows.find((r) => r.staff_user_id === id)?.minutes ?? 0]));
}
