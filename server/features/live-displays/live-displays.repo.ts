/** Live displays: the boards' snapshot queries, the change log, and the paired TVs. */
import {
  burndownChart,
  computeBurndown,
  type TaskEvent,
} from '@contracts/projects';
import { SCR_STAGE_LABELS, type BoardDataOf, type Display, type DisplaySelf, type LiveBoard } from '@contracts/live-displays';
import { chartSpec } from '@contracts/charts';
import { onCallNow } from '@server/features/people';
import { iso, type Queryable } from '@server/platform/sql';

type Counts = Record<string, number>;

/**
 * The open tickets' figures by queue come from the ticket counts the reports keep exact in the
 * writing transaction (report_ticket_counts, ADR 0141): a few hundred rows instead of every open
 * ticket. Overdue, today's and the oldest open tickets read the open tickets' indexes of
 * migration 0063.
 */
const OPEN_IN_QUEUE = `SELECT COALESCE(sum(tickets), 0)::int AS n FROM report_ticket_counts WHERE queue = $1 AND status <> 'C'`;
const OVERDUE_IN_QUEUE = `SELECT count(*)::int AS n FROM tickets WHERE queue = $1 AND status <> 'C' AND duedate < $2`;

export async function supportSnapshot(db: Queryable, now: Date): Promise<BoardDataOf<'support'>> {
  const [counts, overdue, opened, closed, oldest, load, onCall] = await Promise.all([
    db.query<Counts>(
      `SELECT COALESCE(sum(tickets), 0)::int AS open,
              COALESCE(sum(tickets) FILTER (WHERE severity = 'C'), 0)::int AS c,
              COALESCE(sum(tickets) FILTER (WHERE severity = 'H'), 0)::int AS h,
              COALESCE(sum(tickets) FILTER (WHERE severity = 'M'), 0)::int AS m,
              COALESCE(sum(tickets) FILTER (WHERE severity = 'L'), 0)::int AS l,
              COALESCE(sum(tickets) FILTER (WHERE assignee_id IS NULL), 0)::int AS unassigned
         FROM report_ticket_counts WHERE queue = 'Support' AND status <> 'C'`,
    ),
    db.query<{ n: number }>(OVERDUE_IN_QUEUE, ['Support', now]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tickets WHERE created_at >= date_trunc('day', $1::timestamptz) AND queue = 'Support'`, [now]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tickets WHERE closed_at >= date_trunc('day', $1::timestamptz) AND status = 'C' AND queue = 'Support'`, [now]),
    db.query<{ id: number; title: string; created_at: string }>(
      // Ordered by the column (t.created_at), not the answer's text of the same name, so the open tickets' index by age serves it.
      `SELECT t.id, t.title, ${iso('t.created_at', 'created_at')} FROM tickets t WHERE t.queue = 'Support' AND t.status <> 'C' ORDER BY t.created_at, t.id LIMIT 1`,
    ),
    db.query<{ name: string; open: number; critical: number }>(
      `SELECT s.name, sum(c.tickets)::int AS open, COALESCE(sum(c.tickets) FILTER (WHERE c.severity = 'C'), 0)::int AS critical
         FROM report_ticket_counts c JOIN staff_users s ON s.id = c.assignee_id
        WHERE c.queue = 'Support' AND c.status <> 'C'
        GROUP BY s.id, s.name HAVING sum(c.tickets) > 0 ORDER BY open DESC, s.name LIMIT 12`,
    ),
    onCallNow(db, now),
  ]);
  const t = counts.rows[0]!;
  const o = oldest.rows[0];
  return {
    board: 'support',
    open: t.open!,
    openBySeverity: { C: t.c!, H: t.h!, M: t.m!, L: t.l! },
    overdue: overdue.rows[0]!.n,
    unassigned: t.unassigned!,
    oldestOpen: o ? { id: o.id, title: o.title, createdAt: o.created_at } : null,
    openedToday: opened.rows[0]!.n,
    closedToday: closed.rows[0]!.n,
    load: load.rows,
    onCall: onCall.map((w) => ({ team: w.team, name: w.name, until: w.until })),
  };
}

export async function managedServicesSnapshot(db: Queryable, now: Date): Promise<BoardDataOf<'managedservices'>> {
  const [open, overdue, contracts] = await Promise.all([
    db.query<{ n: number }>(OPEN_IN_QUEUE, ['Managed Services']),
    db.query<{ n: number }>(OVERDUE_IN_QUEUE, ['Managed Services', now]),
    db.query<{ company: string; plan: string; used: number; included: number }>(
      `SELECT c.name AS company, m.plan, m.included_minutes AS included,
              COALESCE((SELECT sum(e.minutes) FROM time_entries e
                         WHERE e.company_id = m.company_id
                           AND e.work_date >= date_trunc('month', $1::timestamptz)::date
                           AND e.work_date <= $1::timestamptz::date), 0)::int AS used
         FROM ms_contracts m JOIN companies c ON c.id = m.company_id
        WHERE m.active`,
      [now],
    ),
  ]);
  const rows = contracts.rows
    .map((r) => ({ company: r.company, plan: r.plan, usedMinutes: r.used, includedMinutes: r.included, percent: r.included > 0 ? Math.round((r.used / r.included) * 1000) / 10 : r.used > 0 ? 100 : 0 }))
    .sort((a, b) => b.percent - a.percent || a.company.localeCompare(b.company));
  return {
    board: 'managedservices',
    open: open.rows[0]!.n,
    overdue: overdue.rows[0]!.n,
    contracts: rows,
    past80: rows.filter((r) => r.percent >= 80).length,
    past95: rows.filter((r) => r.percent >= 95).length,
    past100: rows.filter((r) => r.percent >= 100).length,
  };
}

export async function developmentSnapshot(db: Queryable, now: Date): Promise<BoardDataOf<'development'>> {
  const [waiting, stages, sprints] = await Promise.all([
    db.query<{ n: number }>(`SELECT COALESCE(sum(tickets), 0)::int AS n FROM report_ticket_counts WHERE status = 'WOP' OR (queue = 'Programming' AND status <> 'C')`),
    db.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM software_change_requests WHERE status <> 'rejected' GROUP BY status`),
    db.query<{ id: number; name: string; project: string; start_date: string; end_date: string; committed_points: number | null }>(
      `SELECT s.id, s.name, p.name AS project, to_char(s.start_date, 'YYYY-MM-DD') AS start_date, to_char(s.end_date, 'YYYY-MM-DD') AS end_date, s.committed_points
         FROM sprints s JOIN projects p ON p.id = s.project_id
        WHERE s.status = 'active' ORDER BY s.started_at DESC NULLS LAST, s.id DESC LIMIT 1`,
    ),
  ]);
  const byStage = new Map(stages.rows.map((r) => [r.status, r.n]));
  const sprint = sprints.rows[0];
  let chart = null;
  if (sprint) {
    const { rows: events } = await db.query<TaskEvent>(`SELECT kind, points, ${iso('at')} FROM task_events WHERE sprint_id = $1 ORDER BY at, id`, [sprint.id]);
    const figures = computeBurndown({ start_date: sprint.start_date, end_date: sprint.end_date, committed: sprint.committed_points ?? 0, events, until: now.toISOString() });
    chart = { name: sprint.name, project: sprint.project, chart: chartSpec(burndownChart(figures, `${sprint.name} burndown`)) };
  }
  return {
    board: 'development',
    waitingOnProgramming: waiting.rows[0]!.n,
    scrByStage: Object.entries(SCR_STAGE_LABELS).map(([stage, label]) => ({ stage, label, count: byStage.get(stage) ?? 0 })),
    sprint: chart,
  };
}

/**
 * The QA board: the items in the QA queue (change requests and tickets sent to test) with their
 * tester and age, this week's runs with the share that passed and the failures returned to
 * development, and the open tickets of the QA queue.
 */
export async function qualitySnapshot(db: Queryable, now: Date): Promise<BoardDataOf<'quality'>> {
  const [items, week, tickets] = await Promise.all([
    db.query<{ id: number; label: string; priority: string; tester: string | null; since: string; status: string }>(
      `SELECT i.id, i.status, i.priority, s.name AS tester, ${iso('i.created_at', 'since')},
              CASE WHEN i.scr_id IS NOT NULL THEN 'SCR ' || i.scr_id || ' · ' || i.title || COALESCE(' (' || c.name || ')', '')
                   ELSE 'Ticket ' || i.ticket_id || ' · ' || i.title END AS label
         FROM qa_items i
         LEFT JOIN staff_users s ON s.id = i.tester_id
         LEFT JOIN software_change_requests r ON r.id = i.scr_id
         LEFT JOIN companies c ON c.id = r.company_id
        WHERE i.status IN ('waiting', 'testing') ORDER BY i.created_at, i.id`,
    ),
    db.query<{ runs: number; passed: number; failed: number }>(
      `SELECT count(*)::int AS runs, count(*) FILTER (WHERE result = 'pass')::int AS passed, count(*) FILTER (WHERE result = 'fail')::int AS failed
         FROM qa_runs WHERE finished_at >= date_trunc('week', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
      [now],
    ),
    db.query<{ n: number }>(OPEN_IN_QUEUE, ['QA']),
  ]);
  const w = week.rows[0]!;
  return {
    board: 'quality',
    inQa: items.rows.length,
    waiting: items.rows.filter((i) => i.status === 'waiting').length,
    testing: items.rows.filter((i) => i.status === 'testing').length,
    runsThisWeek: w.runs,
    passRateThisWeek: w.runs === 0 ? null : Math.round((1000 * w.passed) / w.runs) / 10,
    failuresReturnedThisWeek: w.failed,
    items: items.rows.slice(0, 20).map(({ id, label, priority, tester, since }) => ({ id, label, priority, tester, since })),
    qaTickets: tickets.rows[0]!.n,
  };
}

export async function salesSnapshot(db: Queryable, now: Date): Promise<BoardDataOf<'sales'>> {
  const [counts, targets, leaders] = await Promise.all([
    db.query<{ kind: 'call' | 'letter' | 'lead' | 'sale'; today: number; month: number; revenue: string }>(
      `SELECT kind,
              count(*) FILTER (WHERE occurred_on = $1::timestamptz::date)::int AS today,
              count(*)::int AS month,
              COALESCE(sum(amount_cents), 0)::text AS revenue
         FROM sales_activities
        WHERE occurred_on >= date_trunc('month', $1::timestamptz)::date AND occurred_on <= $1::timestamptz::date
        GROUP BY kind`,
      [now],
    ),
    db.query<{ kind: string; monthly: string }>(`SELECT kind, sum(monthly)::text AS monthly FROM sales_targets GROUP BY kind`),
    db.query<{ name: string; sales: number; amount: string }>(
      `SELECT s.name, count(*)::int AS sales, sum(a.amount_cents)::text AS amount
         FROM sales_activities a JOIN staff_users s ON s.id = a.staff_id
        WHERE a.kind = 'sale' AND a.occurred_on >= date_trunc('month', $1::timestamptz)::date AND a.occurred_on <= $1::timestamptz::date
        GROUP BY s.id, s.name ORDER BY sum(a.amount_cents) DESC, s.name LIMIT 10`,
      [now],
    ),
  ]);
  const zero = { call: 0, letter: 0, lead: 0, sale: 0 };
  const today = { ...zero };
  const month = { ...zero };
  let revenue = 0;
  for (const r of counts.rows) {
    today[r.kind] = r.today;
    month[r.kind] = r.month;
    if (r.kind === 'sale') revenue = Number(r.revenue);
  }
  const monthTargets = { ...zero };
  for (const r of targets.rows) if (r.kind in monthTargets) monthTargets[r.kind as keyof typeof zero] = Number(r.monthly);
  return {
    board: 'sales',
    today,
    month,
    monthTargets,
    monthRevenueCents: revenue,
    leaderboard: leaders.rows.map((r) => ({ name: r.name, sales: r.sales, amountCents: Number(r.amount) })),
  };
}

/** Which board reads which table: a change to a table recomputes only the boards that read it. */
export const BOARD_TABLES: Record<LiveBoard, readonly string[]> = {
  // The on-call tile reads the people feature's rotations and overrides.
  support: ['tickets', 'on_call_rotations', 'on_call_overrides'],
  managedservices: ['tickets', 'time_entries'],
  development: ['tickets', 'software_change_requests', 'sprints', 'tasks'],
  quality: ['tickets', 'software_change_requests', 'qa_items', 'qa_runs'],
  sales: ['sales_activities'],
};

// The change log --------------------------------------------------------------------------------

/** The advisory lock classes of migration 0063: a change-log id being drawn, and a writing transaction's first id. */
const LOG_LOCKS = { drawing: 1_279_874_629, firstId: 1_279_874_630 } as const;
/** How many times the log's position is read again while an id is being drawn (a few microseconds' window), a millisecond apart. */
const DRAWING_RETRIES = 20;

/**
 * Where the change log stands: `newest`, the newest id committed (0 when empty), and `settled`,
 * the newest id at or below which every change is committed: an id drawn by a transaction still
 * open (marked by its advisory lock) holds it back. A board frame carries `settled`, so a TV
 * that reconnects with it is told of every change committed after its snapshot was read, even
 * one whose id is older than an id committed before it
 * (docs/adr/0237-frame-ids-are-settled-change-log-positions.md).
 */
export async function logPosition(db: Queryable): Promise<{ settled: number; newest: number }> {
  for (let attempt = 0; ; attempt++) {
    // One statement: its snapshot is taken before the lock table is read, so a transaction not
    // marked any more is committed (or rolled back) and seen, or its id is above `newest`.
    const { rows } = await db.query<{ newest: string | null; open: string | null; drawing: boolean }>(
      `WITH marks AS MATERIALIZED (
         SELECT classid::bigint AS class, objid::bigint AS key, pid FROM pg_locks
          WHERE locktype = 'advisory' AND objsubid = 2 AND granted AND classid IN ($1::bigint::oid, $2::bigint::oid))
       SELECT (SELECT max(id) FROM live_events)::text AS newest,
              (SELECT min(key) FROM marks WHERE class = $2)::text AS open,
              EXISTS (SELECT 1 FROM marks d WHERE d.class = $1 AND NOT EXISTS (SELECT 1 FROM marks f WHERE f.class = $2 AND f.pid = d.pid)) AS drawing`,
      [LOG_LOCKS.drawing, LOG_LOCKS.firstId],
    );
    const newest = Number(rows[0]?.newest ?? 0);
    const open = rows[0]?.open == null ? null : Number(rows[0].open);
    if (rows[0]?.drawing && attempt < DRAWING_RETRIES) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      continue;
    }
    let settled = open === null ? newest : Math.min(newest, open - 1);
    // Still drawing after the retries: the id being drawn may be any id not seen yet, so the position stops below the first one missing.
    if (rows[0]?.drawing) settled = Math.min(settled, await beforeFirstMissing(db, settled));
    return { settled, newest };
  }
}

/** The position before the first id missing from the log at or below `upTo` (ids of rolled-back statements count as missing), looked for among the last 1,000. */
async function beforeFirstMissing(db: Queryable, upTo: number): Promise<number> {
  const { rows } = await db.query<{ before: string | null }>(
    `SELECT (min(g) - 1)::text AS before FROM generate_series(GREATEST($1::bigint - 999, (SELECT min(id) FROM live_events), 1), $1::bigint) g WHERE NOT EXISTS (SELECT 1 FROM live_events e WHERE e.id = g)`,
    [upTo],
  );
  return rows[0]?.before == null ? upTo : Number(rows[0].before);
}

/**
 * The changes after `afterId`, or null when the log no longer holds everything after it (pruned,
 * or an id from another database): the reader then needs a full snapshot.
 */
export async function eventsAfter(db: Queryable, afterId: number): Promise<{ id: number; topic: string }[] | null> {
  const { rows: oldest } = await db.query<{ id: string | null; latest: string | null }>('SELECT min(id)::text AS id, max(id)::text AS latest FROM live_events');
  const first = oldest[0]?.id == null ? null : Number(oldest[0].id);
  if (first !== null && afterId < first - 1) return null;
  // An id beyond any this log wrote comes from another database (a restore): the caller cannot be trusted to be current.
  if (oldest[0]?.latest != null && afterId > Number(oldest[0].latest)) return null;
  const { rows } = await db.query<{ id: string; topic: string }>('SELECT id::text, topic FROM live_events WHERE id > $1 ORDER BY id LIMIT 10000', [afterId]);
  return rows.map((r) => ({ id: Number(r.id), topic: r.topic }));
}

export async function pruneEvents(db: Queryable, keepHours: number, now: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM live_events WHERE at < $1::timestamptz - make_interval(hours => $2)', [now, keepHours]);
  return rowCount ?? 0;
}

// Displays ----------------------------------------------------------------------------------------

const DISPLAY_COLUMNS = `id, name, boards, rotate_seconds AS "rotateSeconds", allowed_ranges::text[] AS "allowedRanges",
  ${iso('created_at', '"createdAt"')}, ${iso('paired_at', '"pairedAt"')}, ${iso('revoked_at', '"revokedAt"')}`;

export async function listDisplays(db: Queryable): Promise<Display[]> {
  const { rows } = await db.query<Display>(`SELECT ${DISPLAY_COLUMNS} FROM live_displays ORDER BY revoked_at IS NOT NULL, name, id`);
  return rows;
}

export async function insertDisplay(
  db: Queryable,
  input: { name: string; boards: LiveBoard[]; rotateSeconds: number | null; allowedRanges: string[]; pairingHash: Buffer; pairingUntil: Date; createdBy: number },
): Promise<Display> {
  const { rows } = await db.query<Display>(
    `INSERT INTO live_displays (name, boards, rotate_seconds, allowed_ranges, pairing_hash, pairing_until, created_by)
     VALUES ($1, $2, $3, $4::inet[], $5, $6, $7) RETURNING ${DISPLAY_COLUMNS}`,
    [input.name, input.boards, input.rotateSeconds, input.allowedRanges, input.pairingHash, input.pairingUntil, input.createdBy],
  );
  return rows[0]!;
}

export async function revokeDisplay(db: Queryable, id: number, now: Date): Promise<{ display: Display; already: boolean } | null> {
  // A display revoked before keeps its first revocation time; `already` tells the two apart.
  const { rows } = await db.query<Display & { already: boolean }>(
    `UPDATE live_displays SET revoked_at = COALESCE(revoked_at, $2), pairing_hash = NULL, pairing_until = NULL, cookie_hash = NULL
      WHERE id = $1
      RETURNING ${DISPLAY_COLUMNS}, revoked_at <> $2 AS already`,
    [id, now],
  );
  const row = rows[0];
  if (!row) return null;
  const { already, ...display } = row;
  return { display, already };
}

/** Exchanges a pairing token (its hash) for a cookie secret (its hash): once, before it expires. */
export async function pairDisplay(db: Queryable, pairingHash: Buffer, cookieHash: Buffer, now: Date): Promise<DisplaySelf | null> {
  const { rows } = await db.query<DisplaySelf>(
    `UPDATE live_displays SET pairing_hash = NULL, pairing_until = NULL, cookie_hash = $2, paired_at = $3
      WHERE pairing_hash = $1 AND pairing_until > $3 AND revoked_at IS NULL
      RETURNING id, name, boards, rotate_seconds AS "rotateSeconds"`,
    [pairingHash, cookieHash, now],
  );
  return rows[0] ?? null;
}

/** The display a cookie secret (its hash) belongs to, with whether the caller's address is allowed. */
export async function displayByCookie(db: Queryable, cookieHash: Buffer, address: string): Promise<(DisplaySelf & { allowed: boolean }) | null> {
  const { rows } = await db.query<DisplaySelf & { allowed: boolean }>(
    `SELECT id, name, boards, rotate_seconds AS "rotateSeconds",
            (cardinality(allowed_ranges) = 0 OR EXISTS (SELECT 1 FROM unnest(allowed_ranges) r WHERE $2::inet <<= r)) AS allowed
       FROM live_displays WHERE cookie_hash = $1 AND revoked_at IS NULL`,
    [cookieHash, address],
  );
  return rows[0] ?? null;
}

/**
 * The displays of many cookie secrets (their hashes) at once, each with whether its caller's address is
 * allowed: the answer's `n` is the 1-based position of the pair it answers; a pair with no live display has no row.
 */
export async function displaysByCookies(
  db: Queryable,
  asked: readonly { cookieHash: Buffer; address: string }[],
): Promise<(DisplaySelf & { allowed: boolean; n: number })[]> {
  const { rows } = await db.query<DisplaySelf & { allowed: boolean; n: string }>(
    `SELECT k.n, d.id, d.name, d.boards, d.rotate_seconds AS "rotateSeconds",
            (cardinality(d.allowed_ranges) = 0 OR EXISTS (SELECT 1 FROM unnest(d.allowed_ranges) r WHERE k.address <<= r)) AS allowed
       FROM unnest($1::bytea[], $2::inet[]) WITH ORDINALITY AS k(hash, address, n)
       JOIN live_displays d ON d.cookie_hash = k.hash AND d.revoked_at IS NULL`,
    [asked.map((a) => a.cookieHash), asked.map((a) => a.address)],
  );
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}
