/** The weekly timesheet: cells of time entries per item and day, rows, and the week's approval. */
import type { z } from 'zod';
import {
  addDays,
  LOCKED_STATUSES,
  MINUTES_PER_DAY,
  mondayOf,
  weekDays,
  type addRowSchema,
  type cellSchema,
  type TeamWeek,
  type TimeItem,
  type TimesheetRow,
  type TimesheetWeek,
  type WeekChange,
  type WeekStatus,
} from '@contracts/time';
import { audit, type AuditActor } from '@server/platform/audit';
import type { StaffPrincipal } from '@server/platform/auth/sessions';
import { forbidden, invalidField } from '@server/platform/http/errors';
import { iso, type Queryable } from '@server/platform/sql';
import { conflict, lockPerson, manages, person, type Person } from './access';

type WeekRow = { status: WeekStatus; reason: string | null; decided_at: string | null; decided_by: string | null; decided_cells: Record<string, number> | null; submitted_at: string | null };

const keyOf = (item: TimeItem) => `${item.kind}:${item.id}`;

async function weekRow(db: Queryable, userId: number, week: string, lock = false): Promise<WeekRow> {
  const { rows } = await db.query<WeekRow>(
    `SELECT w.status, w.reason, ${iso('w.decided_at')}, d.name AS decided_by, w.decided_cells, ${iso('w.submitted_at')}
       FROM timesheet_weeks w LEFT JOIN staff_users d ON d.id = w.decided_by
      WHERE w.staff_user_id = $1 AND w.week_start = $2 ${lock ? 'FOR UPDATE OF w' : ''}`,
    [userId, week],
  );
  return rows[0] ?? { status: 'draft', reason: null, decided_at: null, decided_by: null, decided_cells: null, submitted_at: null };
}

/** Refuses a change to a week that waits for a decision or is approved, with a 409 naming why. */
export async function assertWeekOpen(db: Queryable, userId: number, day: string): Promise<void> {
  const week = mondayOf(day);
  const row = await weekRow(db, userId, week, true);
  if (LOCKED_STATUSES.includes(row.status)) {
    throw conflict(
      row.status === 'submitted'
        ? `The week of ${week} is submitted for approval; it is locked until a manager approves or rejects it`
        : `The week of ${week} is approved and locked; a manager can reopen it`,
    );
  }
}

/** The item a time entry or a pinned row belongs to: its ticket, else its project, else its company. */
const itemOf = (r: { ticket_id: number | null; project_id: number | null; company_id: number | null }): TimeItem =>
  r.ticket_id ? { kind: 'ticket', id: r.ticket_id } : r.project_id ? { kind: 'project', id: r.project_id } : { kind: 'company', id: r.company_id! };
const KIND_ORDER: Record<TimeItem['kind'], number> = { ticket: 0, project: 1, company: 2 };

/** The rows of a week: pinned rows and every item with time in it, each with its seven cells. */
async function weekRows(db: Queryable, userId: number, week: string): Promise<TimesheetRow[]> {
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

const snapshotOf = (rows: readonly TimesheetRow[], days: readonly string[]) => {
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

/** What an entry of the item is filed under (its company) and what names it; 400 on item.id when it cannot take time. */
async function itemTarget(db: Queryable, item: TimeItem): Promise<{ companyId: number | null; label: string }> {
  if (item.kind === 'ticket') {
    const { rows } = await db.query<{ company_id: number | null; title: string }>('SELECT company_id, title FROM tickets WHERE id = $1', [item.id]);
    if (!rows[0]) throw invalidField('item.id', 'No such ticket');
    return { companyId: rows[0].company_id, label: `#${item.id} ${rows[0].title}` };
  }
  if (item.kind === 'project') {
    const { rows } = await db.query<{ company_id: number; name: string; status: string }>('SELECT company_id, name, status FROM projects WHERE id = $1', [item.id]);
    if (!rows[0]) throw invalidField('item.id', 'No such project');
    if (CLOSED_PROJECT_STATUSES.includes(rows[0].status)) throw invalidField('item.id', `${rows[0].name} is ${rows[0].status}; time is logged on open projects only`);
    return { companyId: rows[0].company_id, label: rows[0].name };
  }
  const { rows } = await db.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [item.id]);
  if (!rows[0]) throw invalidField('item.id', 'No such company');
  return { companyId: item.id, label: rows[0].name };
}

/** Project statuses that take no more time (the projects feature's closed states). */
const CLOSED_PROJECT_STATUSES: readonly string[] = ['done', 'cancelled'];

/** The entries of one item (the timesheet's cell), with the item's id as $3. */
const cellWhere = (item: TimeItem) =>
  item.kind === 'ticket' ? 'ticket_id = $3' : item.kind === 'project' ? 'ticket_id IS NULL AND project_id = $3' : 'ticket_id IS NULL AND project_id IS NULL AND company_id = $3';

/** Minutes a person has on a day, all sources. */
export async function dayMinutes(db: Queryable, userId: number, day: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT COALESCE(sum(minutes), 0)::int AS n FROM time_entries WHERE staff_user_id = $1 AND work_date = $2', [userId, day]);
  return rows[0]!.n;
}

/**
 * Sets one cell: the timesheet's own entry of the item on the day becomes what makes the cell
 * hold the typed minutes (time logged on the ticket or by the timer stays as it is, and so does
 * time a closed managed-services month billed: more goes on the next bill as late time).
 */
export async function setCell(db: Queryable, actor: AuditActor, userId: number, input: z.output<typeof cellSchema>): Promise<void> {
  if (!weekDays(input.week).includes(input.day)) throw invalidField('day', 'Day must be in the week');
  await lockPerson(db, userId);
  await assertWeekOpen(db, userId, input.day);
  const target = await itemTarget(db, input.item);
  // The cell's entries are locked first: a month close billing them meanwhile is waited for, and then seen.
  await db.query(`SELECT id FROM time_entries WHERE staff_user_id = $1 AND work_date = $2 AND ${cellWhere(input.item)} ORDER BY id FOR UPDATE`, [userId, input.day, input.item.id]);
  // What the cell cannot change: time logged on the ticket or by the timer, and time a managed-services bill counted.
  const { rows } = await db.query<{ other: number; billed: number; own: number; billable: boolean | null }>(
    `SELECT COALESCE(sum(minutes) FILTER (WHERE source <> 'timesheet' OR ms_bill_month IS NOT NULL), 0)::int AS other,
            COALESCE(sum(minutes) FILTER (WHERE ms_bill_month IS NOT NULL), 0)::int AS billed,
            COALESCE(sum(minutes) FILTER (WHERE source = 'timesheet' AND ms_bill_month IS NULL), 0)::int AS own,
            bool_and(billable) FILTER (WHERE source = 'timesheet') AS billable
       FROM time_entries WHERE staff_user_id = $1 AND work_date = $2 AND ${cellWhere(input.item)}`,
    [userId, input.day, input.item.id],
  );
  const { other, billed, own } = rows[0]!;
  if (input.minutes < other) {
    throw invalidField(
      'minutes',
      billed === other
        ? `This cell holds ${billed} minutes billed on a closed managed-services month; it cannot go below that`
        : billed > 0
          ? `This cell holds ${other} minutes logged on the ticket, by the timer or billed on a closed managed-services month; it cannot go below that`
          : `This cell holds ${other} minutes logged on the ticket or by the timer; change those there`,
    );
  }
  const mine = input.minutes - other;
  if ((await dayMinutes(db, userId, input.day)) - own + mine > MINUTES_PER_DAY) throw invalidField('minutes', 'A day holds at most 24 hours');
  const billable = input.billable ?? rows[0]!.billable ?? true;
  await db.query(`DELETE FROM time_entries WHERE staff_user_id = $1 AND work_date = $2 AND source = 'timesheet' AND ms_bill_month IS NULL AND ${cellWhere(input.item)}`, [
    userId,
    input.day,
    input.item.id,
  ]);
  if (mine > 0) {
    await db.query(
      `INSERT INTO time_entries (staff_user_id, ticket_id, project_id, company_id, work_date, minutes, billable, description, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'timesheet')`,
      [userId, input.item.kind === 'ticket' ? input.item.id : null, input.item.kind === 'project' ? input.item.id : null, target.companyId, input.day, mine, billable, input.note ?? ''],
    );
  }
  await pinRow(db, userId, input.week, input.item, billable);
  await audit(db, { actor, entity: 'timesheet', entityId: userId, action: 'set_cell', detail: { item: input.item, label: target.label, day: input.day, minutes: input.minutes, before: own + other } });
}

async function pinRow(db: Queryable, userId: number, week: string, item: TimeItem, billable: boolean): Promise<void> {
  await db.query(
    `INSERT INTO timesheet_rows (staff_user_id, week_start, ticket_id, project_id, company_id, billable) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (staff_user_id, week_start, COALESCE(ticket_id, 0), COALESCE(project_id, 0), COALESCE(company_id, 0)) DO UPDATE SET billable = EXCLUDED.billable`,
    [userId, week, item.kind === 'ticket' ? item.id : null, item.kind === 'project' ? item.id : null, item.kind === 'company' ? item.id : null, billable],
  );
  // The row's flag applies to its timesheet entries of the week (not to those a bill counted: a sent bill does not change).
  await db.query(
    `UPDATE time_entries SET billable = $4 WHERE staff_user_id = $1 AND source = 'timesheet' AND ms_bill_month IS NULL AND work_date BETWEEN $2::date AND $2::date + 6 AND ${cellWhere(item)}`,
    [userId, week, item.id, billable],
  );
}

export async function addRow(db: Queryable, actor: AuditActor, userId: number, input: z.output<typeof addRowSchema>): Promise<void> {
  await lockPerson(db, userId);
  await assertWeekOpen(db, userId, input.week);
  const target = await itemTarget(db, input.item);
  await pinRow(db, userId, input.week, input.item, input.billable);
  await audit(db, { actor, entity: 'timesheet', entityId: userId, action: 'add_row', detail: { week: input.week, item: input.item, label: target.label } });
}

/**
 * Copies last week's rows (items and billable flags, not hours) into the week, leaving out projects
 * closed since (done or cancelled take no time); answers how many were new.
 */
export async function copyLastWeek(db: Queryable, actor: AuditActor, userId: number, week: string): Promise<number> {
  await lockPerson(db, userId);
  await assertWeekOpen(db, userId, week);
  const last = await weekRows(db, userId, addDays(week, -7));
  const current = new Set((await weekRows(db, userId, week)).map((r) => keyOf(r.item)));
  const { rows: closed } = await db.query<{ id: number }>('SELECT id FROM projects WHERE id = ANY($1::int[]) AND status = ANY($2::text[])', [
    last.filter((r) => r.item.kind === 'project').map((r) => r.item.id),
    CLOSED_PROJECT_STATUSES,
  ]);
  const closedIds = new Set(closed.map((p) => p.id));
  let added = 0;
  for (const r of last) {
    if (current.has(keyOf(r.item)) || (r.item.kind === 'project' && closedIds.has(r.item.id))) continue;
    await pinRow(db, userId, week, r.item, r.billable);
    added += 1;
  }
  await audit(db, { actor, entity: 'timesheet', entityId: userId, action: 'copy_last_week', detail: { week, added } });
  return added;
}

export async function submitWeek(db: Queryable, actor: AuditActor, userId: number, week: string, now: Date): Promise<void> {
  await lockPerson(db, userId);
  const state = await weekRow(db, userId, week, true);
  if (LOCKED_STATUSES.includes(state.status)) throw conflict(state.status === 'submitted' ? `The week of ${week} is already submitted` : `The week of ${week} is approved and locked`);
  await db.query(
    `INSERT INTO timesheet_weeks (staff_user_id, week_start, status, submitted_at) VALUES ($1, $2, 'submitted', $3)
     ON CONFLICT (staff_user_id, week_start) DO UPDATE SET status = 'submitted', submitted_at = $3`,
    [userId, week, now],
  );
  await audit(db, { actor, entity: 'timesheet', entityId: userId, action: 'submit', detail: { week, from: state.status } });
}

/** Approves or rejects submitted weeks of people the principal manages; all or none. */
export async function decideWeeks(db: Queryable, me: StaffPrincipal, input: { week: string; users: number[]; decision: 'approve' | 'reject'; reason?: string | undefined }, now: Date): Promise<number> {
  const actor: AuditActor = { type: 'staff', id: me.userId };
  for (const userId of [...new Set(input.users)].sort((a, b) => a - b)) {
    const who = await person(db, userId);
    if (!manages(me, who)) throw forbidden(`You do not manage ${who.name}`);
    await lockPerson(db, userId);
    const state = await weekRow(db, userId, input.week, true);
    if (state.status !== 'submitted') throw conflict(`${who.name}'s week of ${input.week} is ${state.status}, not submitted`);
    const rows = await weekRows(db, userId, input.week);
    const status = input.decision === 'approve' ? 'approved' : 'rejected';
    await db.query(
      `UPDATE timesheet_weeks SET status = $3, reason = $4, decided_at = $5, decided_by = $6, decided_cells = $7 WHERE staff_user_id = $1 AND week_start = $2`,
      [userId, input.week, status, input.decision === 'reject' ? input.reason : null, now, me.userId, JSON.stringify(snapshotOf(rows, weekDays(input.week)))],
    );
    await audit(db, { actor, entity: 'timesheet', entityId: userId, action: input.decision, detail: { week: input.week, reason: input.reason ?? null } });
  }
  return input.users.length;
}

/** A manager reopens a submitted or approved week: it is a draft again, and the last decision is kept for comparison. */
export async function reopenWeek(db: Queryable, me: StaffPrincipal, userId: number, week: string): Promise<void> {
  const who = await person(db, userId);
  if (!manages(me, who)) throw forbidden(`You do not manage ${who.name}`);
  await lockPerson(db, userId);
  const state = await weekRow(db, userId, week, true);
  if (!LOCKED_STATUSES.includes(state.status)) throw conflict(`${who.name}'s week of ${week} is ${state.status}; only a submitted or approved week is reopened`);
  await db.query(`UPDATE timesheet_weeks SET status = 'draft' WHERE staff_user_id = $1 AND week_start = $2`, [userId, week]);
  await audit(db, { actor: { type: 'staff', id: me.userId }, entity: 'timesheet', entityId: userId, action: 'reopen', detail: { week, from: state.status } });
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
