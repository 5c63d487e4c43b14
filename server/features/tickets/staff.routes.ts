/**
 * The staff ticket desk: search, create, view, notes, changes of status/severity/assignee/queue/
 * due date (each one a thread entry and an audit-log row), the WOC/WOT clock pause, time entries
 * and the active ticket stats. Staff only; a client session answers 401.
 */
import type { FastifyInstance } from 'fastify';
import type { PoolClient } from 'pg';
import { TICKET_AGE_BUCKETS_DAYS } from '@contracts/common/constants';
import { QUEUES, SEVERITIES, TICKET_STATUSES, severityLabel, statusLabel, type Severity } from '@contracts/common/codes';
import {
  addNoteSchema,
  addTimeEntrySchema,
  createTicketSchema,
  ticketSearchQuerySchema,
  updateTicketSchema,
  type CountRow,
  type TicketDetail,
  type TicketOptions,
  type TicketStats,
  type TicketView,
} from '@contracts/tickets';
import { requireStaff, staffOf } from '@server/platform/auth/guards';
import type { AppContext } from '@server/context';
import { inTransaction } from '@server/platform/db/database';
import { queueSupportSurvey } from '@server/features/surveys/keys';
import { ticketSurveys } from '@server/features/surveys/surveys.repo';
import { ApiError, notFound, parseInput } from '@server/platform/http/errors';
import { ERROR_CODES } from '@contracts/common/errors';
import { auditStaff } from '@server/platform/audit';
import { changeStatus, formatDuration, isOverdue, projectedDueDate, type ClockState } from './clock';
import { searchTickets } from './search';
import { z } from 'zod';

/** The newest thread entries a ticket view carries. */
const THREAD_LIMIT = 1000;
const TIME_ENTRY_LIMIT = 1000;
const HOUR_MS = 3_600_000;

const idParam = z.strictObject({
  id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive').max(2_147_483_647, 'id is too large'),
});

type Queryable = Pick<PoolClient, 'query'>;

const badField = (field: string, message: string) => new ApiError(400, ERROR_CODES.invalidInput, `Invalid body: ${field} (${message})`, { [field]: message });

async function loadTicket(db: Queryable, id: number, now: Date, lock = false): Promise<TicketDetail | null> {
  const { rows } = await db.query(
    `SELECT t.id, t.title, t.description, t.status, t.severity, t.company_id, c.name AS company_name, t.contact_id,
            t.contact_name, t.contact_email, t.queue, t.assignee_id, u.name AS assignee_name, t.source, t.duedate,
            t.paused_since, t.paused_seconds, t.created_at, t.updated_at, t.closed_at
       FROM tickets t
       LEFT JOIN companies c ON c.id = t.company_id
       LEFT JOIN staff_users u ON u.id = t.assignee_id
      WHERE t.id = $1 ${lock ? 'FOR UPDATE OF t' : ''}`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  const clock: ClockState = { status: r.status, duedate: r.duedate, pausedSince: r.paused_since, pausedSeconds: r.paused_seconds };
  return {
    ...r,
    projected_duedate: r.paused_since ? projectedDueDate(clock, now)?.toISOString() ?? null : null,
    overdue: isOverdue(clock, now),
  };
}

export async function loadView(db: Queryable, id: number, now: Date): Promise<TicketView | null> {
  const ticket = await loadTicket(db, id, now);
  if (!ticket) return null;
  const { rows: thread } = await db.query(
    `SELECT * FROM (
       SELECT n.id::int AS id, n.kind, n.body, n.internal, n.minutes_spent, n.change, n.created_at,
              COALESCE(s.name, cu.name) AS author_name,
              CASE WHEN n.staff_user_id IS NOT NULL THEN 'staff' WHEN n.client_user_id IS NOT NULL THEN 'client' END AS author_type
         FROM ticket_notes n
         LEFT JOIN staff_users s ON s.id = n.staff_user_id
         LEFT JOIN client_users cu ON cu.id = n.client_user_id
        WHERE n.ticket_id = $1
        ORDER BY n.created_at DESC, n.id DESC
        LIMIT $2) x
      ORDER BY created_at, id`,
    [id, THREAD_LIMIT],
  );
  const { rows: entries } = await db.query(
    `SELECT e.id::int AS id, e.staff_user_id, s.name AS staff_name, to_char(e.work_date, 'YYYY-MM-DD') AS work_date, e.minutes,
            e.billable, e.description, e.note_id::int AS note_id, e.created_at
       FROM time_entries e JOIN staff_users s ON s.id = e.staff_user_id
      WHERE e.ticket_id = $1
      ORDER BY e.work_date DESC, e.id DESC
      LIMIT $2`,
    [id, TIME_ENTRY_LIMIT],
  );
  const { rows: totals } = await db.query(
    `SELECT COALESCE(sum(minutes), 0)::int AS total, COALESCE(sum(minutes) FILTER (WHERE billable), 0)::int AS billable
       FROM time_entries WHERE ticket_id = $1`,
    [id],
  );
  const surveys = await ticketSurveys(db, id);
  return { ticket, thread, time: { entries, total_minutes: totals[0].total, billable_minutes: totals[0].billable }, surveys };
}

async function addTimeEntry(
  db: Queryable,
  e: { staffId: number; ticketId: number; companyId: number | null; noteId: number | null; minutes: number; billable: boolean; description: string; workDate: string },
): Promise<number> {
  const { rows } = await db.query(
    `INSERT INTO time_entries (staff_user_id, ticket_id, company_id, note_id, work_date, minutes, billable, description)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::int AS id`,
    [e.staffId, e.ticketId, e.companyId, e.noteId, e.workDate, e.minutes, e.billable, e.description],
  );
  return rows[0].id;
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** A readable line for a change of one field. */
function describeChange(field: string, from: unknown, to: unknown, names: Map<number, string>): string {
  const fmt = (v: unknown): string => {
    if (v === null || v === undefined) return 'none';
    if (field === 'status') return statusLabel(String(v));
    if (field === 'severity') return severityLabel(String(v));
    if (field === 'assignee_id') return names.get(Number(v)) ?? `#${String(v)}`;
    if (field === 'duedate') return new Date(String(v)).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
    return String(v);
  };
  const label = { status: 'Status', severity: 'Severity', queue: 'Queue', assignee_id: 'Assignee', duedate: 'Due date' }[field] ?? field;
  return `${label}: ${fmt(from)} → ${fmt(to)}`;
}

export function registerStaffTicketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const pool = ctx.database.pool;
  const staff = { preHandler: requireStaff(ctx) };

  app.get('/api/v2/tickets', staff, async (request) => {
    const search = parseInput(ticketSearchQuerySchema, request.query, 'query');
    return searchTickets(pool, search, new Date());
  });

  app.get('/api/v2/tickets/options', staff, async (): Promise<TicketOptions> => {
    const { rows } = await pool.query('SELECT id, name FROM staff_users WHERE active ORDER BY name LIMIT 1000');
    return { staff: rows, response_target_hours: ctx.config.responseTargetHours };
  });

  app.get('/api/v2/tickets/stats', staff, async (): Promise<TicketStats> => {
    const now = new Date();
    const [b1, b2, b3, b4] = TICKET_AGE_BUCKETS_DAYS;
    const { rows } = await pool.query(
      `SELECT status, severity, queue, assignee_id, age, count(*)::int AS n, GROUPING(status, severity, queue, assignee_id, age) AS g
         FROM (SELECT status, severity, queue, assignee_id,
                      CASE WHEN created_at > $1::timestamptz - make_interval(days => $2) THEN 0
                           WHEN created_at > $1::timestamptz - make_interval(days => $3) THEN 1
                           WHEN created_at > $1::timestamptz - make_interval(days => $4) THEN 2
                           WHEN created_at > $1::timestamptz - make_interval(days => $5) THEN 3
                           ELSE 4 END AS age
                 FROM tickets WHERE status <> 'C') o
        GROUP BY GROUPING SETS ((status), (severity), (queue), (assignee_id), (age), ())`,
      [now, b1, b2, b3, b4],
    );
    const { rows: overdue } = await pool.query(`SELECT count(*)::int AS n FROM tickets WHERE status <> 'C' AND duedate < $1`, [now]);
    const { rows: names } = await pool.query<{ id: number; name: string }>('SELECT id, name FROM staff_users');
    const nameOf = new Map(names.map((r) => [r.id, r.name]));
    const ageLabels = [`< ${b1} d`, `${b1}–${b2} d`, `${b2}–${b3} d`, `${b3}–${b4} d`, `> ${b4} d`];
    const pick = (col: string, label: (k: string) => string, order?: readonly string[]): CountRow[] => {
      const out = rows
        .filter((r) => r.g === 0b11111 - (1 << (4 - ['status', 'severity', 'queue', 'assignee_id', 'age'].indexOf(col))))
        .map((r) => ({ key: r[col] === null ? 'none' : String(r[col]), label: r[col] === null ? 'Unassigned' : label(String(r[col])), count: r.n }));
      if (order) out.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
      else out.sort((a, b) => b.count - a.count);
      return out;
    };
    return {
      open_total: rows.find((r) => r.g === 0b11111)?.n ?? 0,
      overdue_total: overdue[0].n,
      by_status: pick('status', statusLabel, Object.keys(TICKET_STATUSES)),
      by_severity: pick('severity', severityLabel, Object.keys(SEVERITIES)),
      by_queue: pick('queue', (k) => k, QUEUES),
      by_assignee: pick('assignee_id', (k) => nameOf.get(Number(k)) ?? `#${k}`),
      by_age: pick('age', (k) => ageLabels[Number(k)]!, ['0', '1', '2', '3', '4']),
    };
  });

  app.post('/api/v2/tickets', staff, async (request, reply) => {
    const input = parseInput(createTicketSchema, request.body);
    const me = staffOf(request);
    const now = new Date();
    const id = await inTransaction(pool, async (db) => {
      const { rows: company } = await db.query('SELECT id FROM companies WHERE id = $1', [input.company_id]);
      if (!company.length) throw badField('company_id', 'No such company');
      let contact: { id: number; name: string; email: string | null } | undefined;
      if (input.contact_id) {
        const { rows } = await db.query('SELECT id, name, email FROM contacts WHERE id = $1 AND company_id = $2', [input.contact_id, input.company_id]);
        contact = rows[0];
        if (!contact) throw badField('contact_id', 'This contact is not at the company');
      }
      if (input.assignee_id) {
        const { rows } = await db.query('SELECT 1 FROM staff_users WHERE id = $1 AND active', [input.assignee_id]);
        if (!rows.length) throw badField('assignee_id', 'No such staff user');
      }
      const due = input.duedate ? new Date(input.duedate) : new Date(now.getTime() + ctx.config.responseTargetHours[input.severity as Severity] * HOUR_MS);
      const { rows } = await db.query(
        `INSERT INTO tickets (title, description, status, severity, company_id, contact_id, contact_name, contact_email,
                              queue, assignee_id, source, duedate, created_at, updated_at)
         VALUES ($1, $2, 'A', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id`,
        [input.title, input.description, input.severity, input.company_id, contact?.id ?? null, contact?.name ?? null, contact?.email ?? null,
          input.queue, input.assignee_id ?? null, input.source, due, now],
      );
      const ticketId: number = rows[0].id;
      await auditStaff(db, me.userId, 'ticket', ticketId, 'create', { title: input.title, severity: input.severity, queue: input.queue });
      return ticketId;
    });
    return reply.status(201).send(await loadView(pool, id, now));
  });

  app.get('/api/v2/tickets/:id', staff, async (request) => {
    const { id } = parseInput(idParam, request.params, 'path');
    const view = await loadView(pool, id, new Date());
    if (!view) throw notFound('No such ticket');
    return view;
  });

  app.patch('/api/v2/tickets/:id', staff, async (request) => {
    const { id } = parseInput(idParam, request.params, 'path');
    const input = parseInput(updateTicketSchema, request.body);
    const me = staffOf(request);
    const now = new Date();
    await inTransaction(pool, async (db) => {
      const current = await loadTicket(db, id, now, true);
      if (!current) throw notFound('No such ticket');
      if (input.assignee_id) {
        const { rows } = await db.query('SELECT 1 FROM staff_users WHERE id = $1 AND active', [input.assignee_id]);
        if (!rows.length) throw badField('assignee_id', 'No such staff user');
      }
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      const set = (field: string, from: unknown, to: unknown) => {
        const same = from instanceof Date || to instanceof Date || field === 'duedate'
          ? (from ? new Date(from as string).getTime() : null) === (to ? new Date(to as string).getTime() : null)
          : from === to;
        if (!same) changes[field] = { from: from instanceof Date ? from.toISOString() : from, to: to instanceof Date ? to.toISOString() : to };
      };
      let clock: ClockState = {
        status: current.status,
        duedate: current.duedate ? new Date(current.duedate) : null,
        pausedSince: current.paused_since ? new Date(current.paused_since) : null,
        pausedSeconds: current.paused_seconds,
      };
      if (input.duedate !== undefined) {
        set('duedate', clock.duedate, input.duedate);
        clock = { ...clock, duedate: input.duedate ? new Date(input.duedate) : null };
      }
      let resumed = 0;
      if (input.status !== undefined && input.status !== current.status) {
        const before = clock.duedate;
        const next = changeStatus(clock, input.status, now);
        resumed = next.resumedSeconds;
        set('status', current.status, input.status);
        if (resumed) set('duedate', changes.duedate ? changes.duedate.from : before, next.duedate);
        clock = next;
      }
      if (input.severity !== undefined) set('severity', current.severity, input.severity);
      if (input.queue !== undefined) set('queue', current.queue, input.queue);
      if (input.assignee_id !== undefined) set('assignee_id', current.assignee_id, input.assignee_id);
      if (!Object.keys(changes).length) return;

      const closing = changes.status && input.status === 'C';
      const reopening = changes.status && current.status === 'C';
      await db.query(
        `UPDATE tickets SET status = $2, severity = $3, queue = $4, assignee_id = $5, duedate = $6, paused_since = $7,
                paused_seconds = $8, updated_at = $9,
                closed_at = CASE WHEN $10 THEN $9 WHEN $11 THEN NULL ELSE closed_at END
          WHERE id = $1`,
        [id, clock.status, input.severity ?? current.severity, input.queue ?? current.queue,
          input.assignee_id !== undefined ? input.assignee_id : current.assignee_id, clock.duedate, clock.pausedSince, clock.pausedSeconds,
          now, Boolean(closing), Boolean(reopening)],
      );
      const ids = [current.assignee_id, input.assignee_id].filter((v): v is number => typeof v === 'number');
      const { rows: people } = await db.query<{ id: number; name: string }>('SELECT id, name FROM staff_users WHERE id = ANY($1::int[])', [ids]);
      const names = new Map(people.map((p) => [p.id, p.name]));
      const lines = Object.entries(changes).map(([f, c]) => describeChange(f, c.from, c.to, names));
      if (resumed) lines.push(`Clock resumed after ${formatDuration(resumed)} waiting; the due date moved out by that time.`);
      else if (changes.status && clock.pausedSince && !current.paused_since) lines.push('Clock paused while waiting.');
      await db.query(
        `INSERT INTO ticket_notes (ticket_id, staff_user_id, body, internal, kind, change, created_at) VALUES ($1, $2, $3, true, 'change', $4, $5)`,
        [id, me.userId, lines.join('\n'), JSON.stringify(changes), now],
      );
      await auditStaff(db, me.userId, 'ticket', id, 'update', { changes, ...(resumed ? { paused_seconds: resumed } : {}) });
      // Closing a ticket emails its contact the support survey, in the same transaction.
      if (closing) await queueSupportSurvey(db, id, ctx.config);
    });
    return loadView(pool, id, now);
  });

  app.post('/api/v2/tickets/:id/notes', staff, async (request, reply) => {
    const { id } = parseInput(idParam, request.params, 'path');
    const input = parseInput(addNoteSchema, request.body);
    const me = staffOf(request);
    const now = new Date();
    await inTransaction(pool, async (db) => {
      const { rows } = await db.query('SELECT id, company_id FROM tickets WHERE id = $1 FOR UPDATE', [id]);
      if (!rows.length) throw notFound('No such ticket');
      const { rows: note } = await db.query(
        `INSERT INTO ticket_notes (ticket_id, staff_user_id, body, internal, minutes_spent, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::int AS id`,
        [id, me.userId, input.body, input.internal, input.minutes, now],
      );
      if (input.minutes > 0) {
        await addTimeEntry(db, {
          staffId: me.userId, ticketId: id, companyId: rows[0].company_id, noteId: note[0].id, minutes: input.minutes,
          billable: true, description: input.body.slice(0, 500), workDate: dayOf(now),
        });
      }
      await db.query('UPDATE tickets SET updated_at = $2 WHERE id = $1', [id, now]);
      await auditStaff(db, me.userId, 'ticket', id, 'note', { note_id: note[0].id, internal: input.internal, minutes: input.minutes });
    });
    return reply.status(201).send(await loadView(pool, id, now));
  });

  app.post('/api/v2/tickets/:id/time', staff, async (request, reply) => {
    const { id } = parseInput(idParam, request.params, 'path');
    const input = parseInput(addTimeEntrySchema, request.body);
    const me = staffOf(request);
    const now = new Date();
    await inTransaction(pool, async (db) => {
      const { rows } = await db.query('SELECT id, company_id FROM tickets WHERE id = $1 FOR UPDATE', [id]);
      if (!rows.length) throw notFound('No such ticket');
      const entryId = await addTimeEntry(db, {
        staffId: me.userId, ticketId: id, companyId: rows[0].company_id, noteId: null, minutes: input.minutes,
        billable: input.billable, description: input.description, workDate: input.work_date ?? dayOf(now),
      });
      await auditStaff(db, me.userId, 'ticket', id, 'time', { time_entry_id: entryId, minutes: input.minutes, billable: input.billable });
    });
    return reply.status(201).send(await loadView(pool, id, now));
  });
}
