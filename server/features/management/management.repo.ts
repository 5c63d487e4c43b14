import { MANAGEMENT_WINDOWS, type DrillRow, type ManagementDashboard, type TeamMemberKpi } from '@contracts/management';
import { severityLabel } from '@contracts/common/codes';
import { latestResponses, slaCounted, slaMet, SURVEY_COUNTED } from '@server/features/reports';
import { share } from '@contracts/reports';
import { npsScore } from '@contracts/surveys';
import { allQueries, type Queryable } from '@server/platform/sql';

type Ref = { id: number; name: string };

/** The assignee column of an unassigned ticket. */
const UNASSIGNED_PERSON = 'Unassigned';

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

/** The people among `ids`, by name. */
export async function namesOf(db: Queryable, ids: readonly number[]): Promise<Ref[]> {
  const { rows } = await db.query<Ref>('SELECT id, name FROM staff_users WHERE id = ANY($1::int[]) ORDER BY name, id', [ids]);
  return rows;
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

// Unassigned: open tickets with no assignee in the queues the people in scope work (their open tickets'
// queues and those of the tickets they closed recently); every queue when the parameter `everyone` names is true
// (an admin looking at everyone).
const WORKED_QUEUES = `SELECT w.queue FROM tickets w WHERE w.assignee_id = ANY($1::int[]) AND (w.status <> 'C' OR w.closed_at > at.now - make_interval(days => ${MANAGEMENT_WINDOWS.closedDays}))`;
const UNASSIGNED = (everyone: string) => `t.assignee_id IS NULL AND ${OPEN} AND (${everyone}::boolean OR t.queue IN (${WORKED_QUEUES}))`;

/** The ticket lists a figure opens. */
const ASSIGNED_FIGURES = { open: OPEN, overdue: OVERDUE, sla_met: SLA_MET, sla_missed: SLA_MISSED } as const;
export const TICKET_FIGURES = ['open', 'overdue', 'sla_met', 'sla_missed', 'unassigned'] as const;
export type TicketFigure = (typeof TICKET_FIGURES)[number];
/** Whose tickets a figure's list holds (`$5`, given for the unassigned only: everyone): the unassigned ones of the scope's queues, or those of the people in scope. */
const whoseTickets = (figure: TicketFigure) => (figure === 'unassigned' ? UNASSIGNED('$5') : `${ASSIGNED} AND ${ASSIGNED_FIGURES[figure]}`);

/**
 * Open and overdue tickets of the people in scope, and the unassigned ones of their queues (`$3`:
 * everyone), by priority or queue: each count under the condition its list uses, so a cell's list
 * holds as many rows as the cell. An assigned ticket and an unassigned one are never the same row.
 */
const breakdown = (by: 'severity' | 'queue') =>
  `SELECT t.${by}, count(*) FILTER (WHERE ${ASSIGNED} AND ${OPEN})::int AS open,
          count(*) FILTER (WHERE ${ASSIGNED} AND ${OVERDUE})::int AS overdue,
          count(*) FILTER (WHERE ${UNASSIGNED('$3')})::int AS unassigned
     FROM tickets t ${AT_NOW}
    WHERE (${ASSIGNED} AND ${OPEN}) OR (${UNASSIGNED('$3')})
    GROUP BY t.${by} ORDER BY t.${by}`;

type TicketFigures = Omit<ManagementDashboard, 'scope' | 'approvals' | 'certifications' | 'sales' | 'trends' | 'utilisation' | 'coverage'>;

/**
 * The tickets of the people in scope: open, overdue, closed recently and their service level, by
 * priority, queue and person; and the unassigned open tickets of their queues (of every queue when `everyone`).
 */
export async function ticketFigures(db: Queryable, ids: readonly number[], now: Date, everyone = false): Promise<TicketFigures> {
  const values = [ids, now];
  const [totals, severity, queue, team, unassigned] = await allQueries(db, [
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
    () => db.query<{ severity: string; open: number; overdue: number; unassigned: number }>(breakdown('severity'), [ids, now, everyone]),
    () => db.query<{ queue: string; open: number; overdue: number; unassigned: number }>(breakdown('queue'), [ids, now, everyone]),
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
    () => db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tickets t ${AT_NOW} WHERE ${UNASSIGNED('$3')}`, [ids, now, everyone]),
  ]);
  const { closed, met, ...counts } = totals.rows[0]!;
  return {
    ...counts,
    unassigned: unassigned.rows[0]!.n,
    on_time_pct: closed ? Math.round((10000 * met) / closed) / 100 : null,
    sla: { closed, met, missed: closed - met },
    by_severity: severity.rows,
    by_queue: queue.rows,
    team: team.rows,
  };
}

/** The tickets behind a ticket figure, most urgent due date first (`everyone`: the unassigned of every queue). */
export async function ticketList(db: Queryable, ids: readonly number[], now: Date, figure: TicketFigure, f: { severity?: string; queue?: string }, everyone: boolean): Promise<DrillRow[]> {
  const { rows } = await db.query<{ id: number; title: string; person: string | null; severity: string; queue: string; due: string | null }>(
    `SELECT t.id, t.title, u.name AS person, t.severity, t.queue, to_char(t.duedate, 'YYYY-MM-DD') AS due
       FROM tickets t LEFT JOIN staff_users u ON u.id = t.assignee_id ${AT_NOW}
      WHERE ${whoseTickets(figure)}
        AND ($3::text IS NULL OR t.severity = $3) AND ($4::text IS NULL OR t.queue = $4)
      ORDER BY t.duedate NULLS LAST, t.id`,
    [ids, now, f.severity ?? null, f.queue ?? null, ...(figure === 'unassigned' ? [everyone] : [])],
  );
  return rows.map((r) => ({ id: r.id, title: r.title, person: r.person ?? UNASSIGNED_PERSON, detail: `${severityLabel(r.severity)} · ${r.queue}`, date: r.due, href: `/ticket/${r.id}` }));
}

// CSAT and NPS of the scope, as the CSAT and NPS report counts them (its latest responses, its rules):
// a support survey answer counts for the person its ticket is assigned to; a client care survey answer
// for everyone who has a ticket of that company assigned (a contact's survey has no ticket of its own).
// `$1`: the people in scope; `$2`: now; `$3`: one month (YYYY-MM) or null for every month of the trend.
const SURVEYS_IN_SCOPE = `WITH ${latestResponses(() => 'NULL', undefined)},
  span AS (SELECT date_trunc('month', $2::timestamptz) - make_interval(months => ${MANAGEMENT_WINDOWS.trendMonths - 1}) AS since, date_trunc('month', $2::timestamptz) + interval '1 month' AS until),
  scoped AS (
    SELECT l.*, to_char(date_trunc('month', l.received_at), 'YYYY-MM') AS month
      FROM latest l CROSS JOIN span w LEFT JOIN tickets t ON t.id = l.ticket_id
     WHERE l.received_at >= w.since AND l.received_at < w.until
       AND ((${SURVEY_COUNTED.csat} AND t.assignee_id = ANY($1::int[]))
         OR (${SURVEY_COUNTED.nps} AND EXISTS (SELECT 1 FROM tickets s WHERE s.company_id = l.company_id AND s.assignee_id = ANY($1::int[])))))`;

export type SurveyTrend = ManagementDashboard['trends'][number];

/** CSAT and NPS of the scope by month, over the last `trendMonths` months (months without answers included). */
export async function surveyTrends(db: Queryable, ids: readonly number[], now: Date): Promise<SurveyTrend[]> {
  const { rows } = await db.query<{ month: string; csat_responses: number; satisfied: number; nps_responses: number; promoters: number; detractors: number }>(
    `${SURVEYS_IN_SCOPE},
       months AS (SELECT to_char(m, 'YYYY-MM') AS month FROM span w, generate_series(w.since, w.until - interval '1 month', interval '1 month') m)
     SELECT months.month,
            count(l.id) FILTER (WHERE ${SURVEY_COUNTED.csat})::int AS csat_responses,
            count(l.id) FILTER (WHERE ${SURVEY_COUNTED.satisfied})::int AS satisfied,
            count(l.id) FILTER (WHERE ${SURVEY_COUNTED.nps})::int AS nps_responses,
            count(l.id) FILTER (WHERE ${SURVEY_COUNTED.promoter})::int AS promoters,
            count(l.id) FILTER (WHERE ${SURVEY_COUNTED.detractor})::int AS detractors
       FROM months LEFT JOIN scoped l ON l.month = months.month
      GROUP BY months.month ORDER BY months.month`,
    [ids, now],
  );
  return rows.map((r) => ({ ...r, csat: share(r.satisfied, r.csat_responses), nps: npsScore(r.promoters, r.detractors, r.nps_responses) }));
}

/** The responses a CSAT or NPS point counts (one month, or every month of the trend), newest first. */
export async function surveyList(db: Queryable, ids: readonly number[], now: Date, figure: 'csat' | 'nps', month: string | undefined): Promise<DrillRow[]> {
  const { rows } = await db.query<{ id: number; q1: number; q2: number | null; ticket_id: number | null; ticket_title: string | null; person: string | null; company: string | null; received: string }>(
    `${SURVEYS_IN_SCOPE}
     SELECT l.id::int AS id, l.q1, l.q2, l.ticket_id, t.title AS ticket_title, u.name AS person, c.name AS company, to_char(l.received_at, 'YYYY-MM-DD') AS received
       FROM scoped l LEFT JOIN tickets t ON t.id = l.ticket_id LEFT JOIN staff_users u ON u.id = t.assignee_id LEFT JOIN companies c ON c.id = l.company_id
      WHERE ${figure === 'csat' ? SURVEY_COUNTED.csat : SURVEY_COUNTED.nps} AND ($3::text IS NULL OR l.month = $3)
      ORDER BY l.received_at DESC, l.id DESC`,
    [ids, now, month ?? null],
  );
  return rows.map((r) =>
    figure === 'csat'
      ? { id: r.id, title: r.ticket_title ? `#${r.ticket_id} ${r.ticket_title}` : `Ticket #${r.ticket_id}`, person: r.person ?? '—', detail: `Rated ${r.q1} of 5`, date: r.received, href: r.ticket_id ? `/ticket/${r.ticket_id}` : null }
      : { id: r.id, title: r.company ?? 'No company', person: r.company ?? '—', detail: `Would recommend: ${r.q2} of 10`, date: r.received, href: null },
  );
}
