import type { FastifyInstance } from 'fastify';
import {
  clientTicketListQuerySchema,
  contactSupportSchema,
  createClientTicketSchema,
  idParamsSchema,
  replySchema,
  type ClientDashboard,
  type ClientNote,
  type ClientTicket,
  type ClientTicketDetail,
  type Page,
  type SupportInfo,
} from '@contracts/client-portal';
import { CLIENT_DASHBOARD_ITEMS, SUPPORT_HOURS } from '@contracts/common/constants';
import { clientOf, requireClient } from '@server/platform/auth/guards';
import type { ClientPrincipal } from '@server/platform/auth/sessions';
import type { AppContext } from '@server/context';
import { inTransaction } from '@server/platform/db/database';
import { notFound, parseInput } from '@server/platform/http/errors';
import { audit, iso, offsetOf } from '@server/platform/sql';

const TICKET_COLUMNS = `t.id, t.title, t.status, t.severity, t.contact_name, ${iso('t.created_at')}, ${iso('t.updated_at')}`;
/** Sort columns a client may ask for, mapped to SQL (never interpolated from input). */
const SORT_SQL: Record<string, string> = {
  id: 't.id',
  title: 't.title',
  status: 't.status',
  severity: `array_position(ARRAY['C','H','M','L']::varchar[], t.severity)`,
  created_at: 't.created_at',
  updated_at: 't.updated_at',
};

type Db = Parameters<Parameters<typeof inTransaction>[1]>[0];

/** Creates a portal ticket for the caller's company: unassigned, in the Support queue. */
async function createTicket(
  db: Db,
  who: ClientPrincipal,
  t: { title: string; description: string; severity: string; contactName?: string; contactEmail?: string },
  action: string,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO tickets (title, description, severity, company_id, contact_name, contact_email, queue, source, status)
     VALUES ($1, $2, $3, $4, $5, $6, 'Support', 'portal', 'A') RETURNING id`,
    [t.title, t.description, t.severity, who.companyId, t.contactName ?? who.name, t.contactEmail ?? who.email],
  );
  const id = rows[0]!.id;
  await audit(db, { actorType: 'client', actorId: who.userId, entity: 'ticket', entityId: id, action });
  return id;
}

/** The company's tickets for client users: every query is scoped to the caller's company. */
export function registerClientTicketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const pool = ctx.database.pool;
  const auth = { preHandler: requireClient(ctx) };

  app.get('/api/v2/client/tickets', auth, async (request): Promise<Page<ClientTicket>> => {
    const q = parseInput(clientTicketListQuerySchema, request.query, 'query');
    const who = clientOf(request);
    const where = ['t.company_id = $1'];
    const params: unknown[] = [who.companyId];
    if (q.status === 'open') where.push(`t.status <> 'C'`);
    if (q.status === 'closed') where.push(`t.status = 'C'`);
    if (q.q) {
      params.push(`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`(t.title ILIKE $${params.length} OR t.id::text = $${params.length + 1})`);
      params.push(q.q);
    }
    const whereSql = where.join(' AND ');
    const [{ rows }, { rows: count }] = await Promise.all([
      pool.query(
        `SELECT ${TICKET_COLUMNS} FROM tickets t WHERE ${whereSql}
          ORDER BY ${SORT_SQL[q.sort]} ${q.dir === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, t.id ${q.dir === 'asc' ? 'ASC' : 'DESC'}
          LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, q.pageSize, offsetOf(q)],
      ),
      pool.query<{ n: string }>(`SELECT count(*) AS n FROM tickets t WHERE ${whereSql}`, params),
    ]);
    return { items: rows, total: Number(count[0]!.n), page: q.page, pageSize: q.pageSize };
  });

  app.post('/api/v2/client/tickets', auth, async (request, reply) => {
    const input = parseInput(createClientTicketSchema, request.body);
    const id = await inTransaction(pool, (db) => createTicket(db, clientOf(request), input, 'create'));
    reply.status(201);
    return { id };
  });

  app.get('/api/v2/client/tickets/:id', auth, async (request): Promise<ClientTicketDetail> => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const who = clientOf(request);
    const { rows } = await pool.query(
      `SELECT ${TICKET_COLUMNS}, t.description, t.contact_email FROM tickets t WHERE t.id = $1 AND t.company_id = $2`,
      [id, who.companyId],
    );
    if (!rows[0]) throw notFound('No such ticket');
    // Internal notes never leave the server for a client user.
    const { rows: notes } = await pool.query<ClientNote>(
      `SELECT n.id::int AS id, n.body, COALESCE(s.name, c.name, 'Support') AS author, (n.client_user_id IS NOT NULL) AS "fromClient",
              ${iso('n.created_at')}
         FROM ticket_notes n LEFT JOIN staff_users s ON s.id = n.staff_user_id LEFT JOIN client_users c ON c.id = n.client_user_id
        WHERE n.ticket_id = $1 AND NOT n.internal
        ORDER BY n.created_at, n.id`,
      [id],
    );
    return { ...rows[0], notes };
  });

  app.post('/api/v2/client/tickets/:id/replies', auth, async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const input = parseInput(replySchema, request.body);
    const who = clientOf(request);
    const noteId = await inTransaction(pool, async (db) => {
      const { rows } = await db.query<{ status: string }>('SELECT status FROM tickets WHERE id = $1 AND company_id = $2 FOR UPDATE', [
        id,
        who.companyId,
      ]);
      if (!rows[0]) throw notFound('No such ticket');
      const { rows: note } = await db.query<{ id: string }>(
        'INSERT INTO ticket_notes (ticket_id, client_user_id, body, internal) VALUES ($1, $2, $3, false) RETURNING id',
        [id, who.userId, input.body],
      );
      // A client's reply to a ticket waiting on the client hands it back to the team.
      await db.query(
        `UPDATE tickets SET updated_at = now(), status = CASE WHEN status = 'WOC' THEN 'A' ELSE status END WHERE id = $1`,
        [id],
      );
      await audit(db, { actorType: 'client', actorId: who.userId, entity: 'ticket', entityId: id, action: 'reply', detail: { noteId: Number(note[0]!.id) } });
      return Number(note[0]!.id);
    });
    reply.status(201);
    return { id: noteId };
  });

  app.get('/api/v2/client/dashboard', auth, async (request): Promise<ClientDashboard> => {
    const who = clientOf(request);
    const [open, count, replies, scrs] = await Promise.all([
      pool.query<ClientTicket>(
        `SELECT ${TICKET_COLUMNS} FROM tickets t WHERE t.company_id = $1 AND t.status <> 'C' ORDER BY t.updated_at DESC, t.id DESC LIMIT $2`,
        [who.companyId, CLIENT_DASHBOARD_ITEMS],
      ),
      pool.query<{ n: string }>(`SELECT count(*) AS n FROM tickets WHERE company_id = $1 AND status <> 'C'`, [who.companyId]),
      pool.query(
        `SELECT n.ticket_id, t.title AS ticket_title, left(n.body, 300) AS body, COALESCE(s.name, 'Support') AS author, ${iso('n.created_at')}
           FROM ticket_notes n JOIN tickets t ON t.id = n.ticket_id LEFT JOIN staff_users s ON s.id = n.staff_user_id
          WHERE t.company_id = $1 AND NOT n.internal AND n.staff_user_id IS NOT NULL
          ORDER BY n.created_at DESC, n.id DESC LIMIT $2`,
        [who.companyId, CLIENT_DASHBOARD_ITEMS],
      ),
      pool.query(
        `SELECT id, title, description, business_reason, priority, status, ${iso('created_at')}, ${iso('updated_at')}
           FROM software_change_requests WHERE company_id = $1 AND status NOT IN ('released', 'rejected')
          ORDER BY updated_at DESC, id DESC LIMIT $2`,
        [who.companyId, CLIENT_DASHBOARD_ITEMS],
      ),
    ]);
    return { openTickets: open.rows, openTicketCount: Number(count.rows[0]!.n), recentReplies: replies.rows, openScrs: scrs.rows };
  });

  app.get('/api/v2/client/support-info', auth, async (): Promise<SupportInfo> => ({ phone: ctx.config.supportPhone, hours: SUPPORT_HOURS }));

  app.post('/api/v2/client/contact-support', auth, async (request, reply) => {
    const input = parseInput(contactSupportSchema, request.body);
    const id = await inTransaction(pool, (db) =>
      createTicket(db, clientOf(request), { title: input.subject, description: input.message, severity: 'M' }, 'contact_support'),
    );
    reply.status(201);
    return { id };
  });
}
