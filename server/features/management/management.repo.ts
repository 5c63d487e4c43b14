import { MANAGEMENT_WINDOWS, type DrillRow, type ManagementDashboard, type TeamMemberKpi } from '@contracts/management';
import { severityLabel } from '@contracts/common/codes';
import { slaCounted, slaMet } from '@server/features/reports';
import { allQueries, type Queryable } from '@server/platform/sql';

type Ref = { id: number; name: string };

/** The active people of a manager's subtree of the org chart, at every level, the manager included. */
export async function subtreeOf(db: Queryable, rootId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `WITH RECURSIVE sub(id) AS (
       SELECT id FROM staff_users WHERE id = $1
       UNION
       SELECT u.id FROM staff_users u JOIN sub ON u.manager_id = sub.id
     )
     SELECT u.id FROM sub JOIN staff_users u ON u.id = sub.id WHERE u.active ORDER BY u.id`,
    [rootId],
  );
  return rows.map((r) => r.id);
}

/** Every active staff member. */
export async function everyone(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM staff_users WHERE active ORDER BY id');
  return rows.map((r) => r.id);
}

/** A staff member by id (active or not), or undefined. */
export async function staffRef(db: Queryable, id: number): Promise<Ref | undefined> {
  const { rows } = await db.query<Ref>('SELECT id, name FROM staff_users WHERE id = $1', [id]);
  return rows[0];
}

/** The people among `ids`, by name; and those of them with active reports. */
export async function peopleOf(db: Queryable, ids: readonly number[]): Promise<{ people: Ref[]; managers: Ref[] }> {
  const { rows } = await db.query<Ref & { manages: boolean }>(
    `SELECT u.id, u.name, EXISTS (SELECT 1 FROM staff_users r WHERE r.manager_id = u.id AND r.active) AS manages
       FROM staff_users u WHERE u.id = ANY($1::int[]) ORDER BY u.name, u.id`,
    [ids],
  );
  return { people: rows.map(({ id, name }) => ({ id, name })), managers: rows.filter((r) => r.manages).map(({ id, name }) => ({ id, name })) };
}

// The figures and their lists share these conditions, so a list always holds as many rows as its figure counts
// (`$1`: the people in scope; `at.now`: the moment asked about, joined from `$2` by AT_NOW).
const ASSIGNED = 't.assignee_id = ANY($1::int[])';
const OPEN = `t.status <> 'C'`;
const OVERDUE = `${OPEN} AND t.duedate < at.now`;
const AT_NOW = 'CROSS JOIN (SELECT $2::timestamptz AS now) at';
const CLOSED_RECENTLY = `t.status = 'C' AND t.closed_at > at.now - make_interval(days => ${MANAGEMENT_WINDOWS.closedDays})`;
const SLA_CLOSED = `${slaCounted('t')} AND ${CLOSED_RECENTLY}`;
const SLA_MET = `${SLA_CLOSED} AND ${slaMet('t')}`;
const SLA_MISSED = `${SLA_CLOSED} AND NOT (${slaMet('t')})`;

/** The ticket lists a figure opens. */
export const TICKET_FIGURES = { open: OPEN, overdue: OVERDUE, sla_met: SLA_MET, sla_missed: SLA_MISSED } as const;
export type TicketFigure = keyof typeof TICKET_FIGURES;

type TicketFigures = Omit<ManagementDashboard, 'scope' | 'approvals' | 'certifications' | 'sales'>;

/** The tickets of the people in scope: open, overdue, closed recently and their service level, by priority, queue and person. */
export async function ticketFigures(db: Queryable, ids: readonly number[], now: Date): Promise<TicketFigures> {
  const values = [ids, now];
  const [totals, severity, queue, team] = await allQueries(db, [
    () =>
      db.query<{ open: number; overdue: number; closed_30d: number; closed: number; met: number }>(
        `SELECT count(*) FILTER (WHERE ${OPEN})::int AS open,
                count(*) FILTER (WHERE ${OVERDUE})::int AS overdue,
                count(*) FILTER (WHERE ${CLOSED_RECENTLY})::int AS closed_30d,
                count(*) FILTER (WHERE ${SLA_CLOSED})::int AS closed,
                count(*) FILTER (WHERE ${SLA_MET})::int AS met
           FROM tickets t ${AT_NOW} WHERE ${ASSIGNED}`,
        values,
      ),
    () =>
      db.query<{ severity: string; open: number; overdue: number }>(
        `SELECT t.severity, count(*)::int AS open, count(*) FILTER (WHERE ${OVERDUE})::int AS overdue
           FROM tickets t ${AT_NOW} WHERE ${ASSIGNED} AND ${OPEN} GROUP BY t.severity ORDER BY t.severity`,
        values,
      ),
    () =>
      db.query<{ queue: string; open: number; overdue: number }>(
        `SELECT t.queue, count(*)::int AS open, count(*) FILTER (WHERE ${OVERDUE})::int AS overdue
           FROM tickets t ${AT_NOW} WHERE ${ASSIGNED} AND ${OPEN} GROUP BY t.queue ORDER BY t.queue`,
        values,
      ),
    () =>
      db.query<TeamMemberKpi>(
        `SELECT u.id AS userid, u.name,
                count(t.id) FILTER (WHERE ${OPEN})::int AS open,
                count(t.id) FILTER (WHERE ${OVERDUE})::int AS overdue,
                count(t.id) FILTER (WHERE ${CLOSED_RECENTLY})::int AS closed_30d
           FROM staff_users u LEFT JOIN tickets t ON t.assignee_id = u.id ${AT_NOW}
          WHERE u.id = ANY($1::int[])
          GROUP BY u.id, u.name ORDER BY u.name, u.id`,
        values,
      ),
  ]);
  const { closed, met, ...counts } = totals.rows[0]!;
  return {
    ...counts,
    on_time_pct: closed ? Math.round((10000 * met) / closed) / 100 : null,
    sla: { closed, met, missed: closed - met },
    by_severity: severity.rows,
    by_queue: queue.rows,
    team: team.rows,
  };
}

/** The tickets behind a ticket figure, most urgent due date first. */
export async function ticketList(db: Queryable, ids: readonly number[], now: Date, figure: TicketFigure, f: { severity?: string; queue?: string }): Promise<DrillRow[]> {
  const { rows } = await db.query<{ id: number; title: string; person: string; severity: string; queue: string; due: string | null }>(
    `SELECT t.id, t.title, u.name AS person, t.severity, t.queue, to_char(t.duedate, 'YYYY-MM-DD') AS due
       FROM tickets t JOIN staff_users u ON u.id = t.assignee_id ${AT_NOW}
      WHERE ${ASSIGNED} AND ${TICKET_FIGURES[figure]}
        AND ($3::text IS NULL OR t.severity = $3) AND ($4::text IS NULL OR t.queue = $4)
      ORDER BY t.duedate NULLS LAST, t.id`,
    [ids, now, f.severity ?? null, f.queue ?? null],
  );
  return rows.map((r) => ({ id: r.id, title: r.title, person: r.person, detail: `${severityLabel(r.severity)} · ${r.queue}`, date: r.due, href: `/ticket/${r.id}` }));
}
