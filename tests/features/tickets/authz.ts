import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { endpointKey } from '@contracts/common/endpoint';
import type { AppContext } from '@server/context';
import type { UploadStore } from '@server/platform/uploads';
import { CLIENT_TICKETS } from '@contracts/client-tickets';
import { HOME } from '@contracts/home';
import { TICKETS } from '@contracts/tickets';
import { TICKET_CHANGES } from '@contracts/tickets-changes';
import { clientOnly, endpointRows, staffOnly, type MatrixIds, type Row } from '@tests/support/authz';
import { sqlOf, type Queryable } from '@tests/support/sql';
import { TICKET_ATTACHMENTS } from '@contracts/ticket-attachments';
import { TICKET_VIEWS } from '@contracts/ticket-views';
import { STAFF_PREFERENCES } from '@contracts/staff-preferences';

/**
 * The staff ticket desk: staff of every role; a client session is refused (401), as is no session.
 * The client portal's tickets: the client audience is client@acme.demo.test (Acme Utilities); the
 * EXTRA_CASES reach a Globex Water ticket by id, which answers 404 to an Acme user.
 */
const x = (key: string) => ({ extra }: MatrixIds) => extra[key]!;

/** A text file attached to a note of a ticket (public or internal), stored for real: answers its id. */
async function attachFile(pool: Queryable, uploads: UploadStore, ticketId: number, internal: boolean): Promise<number> {
  const sql = sqlOf(pool);
  const note = await sql.one(`INSERT INTO ticket_notes (ticket_id, body, internal) VALUES ($1, 'Log attached', $2) RETURNING id`, [ticketId, internal]);
  const bytes = Buffer.from('matrix log line\n');
  const { key } = uploads.newKey();
  await mkdir(dirname(uploads.pathOf(key)), { recursive: true });
  await writeFile(uploads.pathOf(key), bytes);
  const row = await sql.one(
    `INSERT INTO ticket_attachments (ticket_id, note_id, storage_key, original_name, mime_type, size_bytes, sha256)
     VALUES ($1, $2, $3, 'log.txt', 'text/plain', $4, $5) RETURNING id`,
    [ticketId, note.id, key, bytes.length, createHash('sha256').update(bytes).digest('hex')],
  );
  return Number(row.id);
}

export async function prepare(pool: Queryable, ctx: Pick<AppContext, 'uploads'>): Promise<Record<string, number>> {
  const firstTicketOf = async (email: string) =>
    Number((await sqlOf(pool).one('SELECT min(t.id) AS id FROM tickets t JOIN client_users u ON u.company_id = t.company_id WHERE u.email = $1', [email])).id);
  const acmeTicket = await firstTicketOf('client@acme.demo.test');
  const globexTicket = await firstTicketOf('client@globex.demo.test');
  // Each staff user's own saved views: one to rename, one to delete (`view-rename-<staff id>`, `view-remove-<staff id>`).
  const views: Record<string, number> = {};
  for (const { id } of (await pool.query<{ id: number }>(`SELECT id FROM staff_users`)).rows) {
    for (const use of ['rename', 'remove']) {
      const row = await sqlOf(pool).one(`INSERT INTO ticket_saved_views (staff_id, name, filters) VALUES ($1, $2, '{"status":"A"}') RETURNING id`, [id, `Matrix ${use}`]);
      views[`view-${use}-${id}`] = Number(row.id);
    }
  }
  return {
    ...views,
    acmeTicket,
    globexTicket,
    acmeFile: await attachFile(pool, ctx.uploads, acmeTicket, false),
    acmeInternalFile: await attachFile(pool, ctx.uploads, acmeTicket, true),
    globexFile: await attachFile(pool, ctx.uploads, globexTicket, false),
  };
}

export const ROWS = endpointRows([
  [TICKETS.search, { url: '/api/v2/tickets?q=billing&status=A,WOC&sort=duedate:asc', expect: staffOnly() }],
  [HOME.myTickets, { expect: staffOnly() }],
  [TICKETS.options, { expect: staffOnly() }],
  [TICKETS.stats, { expect: staffOnly() }],
  // Staff only; a start that is not a change id is then a 400, so the row never opens an endless stream.
  [TICKET_CHANGES.stream, { url: '/api/v2/tickets/changes?after=nope', expect: staffOnly(400) }],
  [
    TICKETS.create,
    { body: { title: 'Matrix ticket', description: 'Created by the authorization matrix', company_id: 1, severity: 'M', queue: 'Support' }, expect: staffOnly(201) },
  ],
  [TICKETS.view, { url: '/api/v2/tickets/1', expect: staffOnly() }],
  [TICKETS.update, { url: '/api/v2/tickets/2', body: { severity: 'H' }, expect: staffOnly() }],
  [TICKETS.addNote, { url: '/api/v2/tickets/2/notes', body: { body: 'Matrix note', internal: true, minutes: 5 }, expect: staffOnly(201) }],
  [TICKETS.addTime, { url: '/api/v2/tickets/2/time', body: { minutes: 15 }, expect: staffOnly(201) }],
  [TICKET_ATTACHMENTS.staff, { url: (ids: MatrixIds) => `/api/v2/tickets/${x('acmeTicket')(ids)}/attachments/${x('acmeInternalFile')(ids)}`, expect: staffOnly() }],
  [TICKET_VIEWS.list, { expect: staffOnly() }],
  [STAFF_PREFERENCES.pageSize, { url: '/api/v2/preferences/table-size/tickets', expect: staffOnly() }],
  [STAFF_PREFERENCES.rememberPageSize, { url: '/api/v2/preferences/table-size/tickets', body: { size: 20 }, expect: staffOnly() }],
  [TICKET_VIEWS.create, { body: { name: 'Matrix view', filters: { status: 'A,WOC', overdue: 'true' } }, expect: staffOnly(201) }],
  [TICKET_VIEWS.rename, { url: (ids: MatrixIds) => `/api/v2/ticket-views/${ids.extra[`view-rename-${ids.self}`]}`, body: { name: 'Matrix renamed' }, expect: staffOnly() }],
  [TICKET_VIEWS.remove, { url: (ids: MatrixIds) => `/api/v2/ticket-views/${ids.extra[`view-remove-${ids.self}`]}`, expect: staffOnly() }],

  [CLIENT_TICKETS.list, { expect: clientOnly() }],
  [CLIENT_TICKETS.create, { body: { title: 'Bills late', description: 'The cycle did not run.', severity: 'H' }, expect: clientOnly(201) }],
  [CLIENT_TICKETS.view, { url: (ids: MatrixIds) => `/api/v2/client/tickets/${x('acmeTicket')(ids)}`, expect: clientOnly() }],
  [
    CLIENT_TICKETS.reply,
    { url: (ids: MatrixIds) => `/api/v2/client/tickets/${x('acmeTicket')(ids)}/replies`, body: { body: 'Any news?' }, expect: clientOnly(201) },
  ],
  [TICKET_ATTACHMENTS.attachStaff, { url: (ids: MatrixIds) => `/api/v2/tickets/${x('acmeTicket')(ids)}/attachments`, body: {}, expect: staffOnly(400) }],
  [TICKET_ATTACHMENTS.attachClient, { url: (ids: MatrixIds) => `/api/v2/client/tickets/${x('acmeTicket')(ids)}/attachments`, body: {}, expect: clientOnly(400) }],
  [TICKET_ATTACHMENTS.client, { url: (ids: MatrixIds) => `/api/v2/client/tickets/${x('acmeTicket')(ids)}/attachments/${x('acmeFile')(ids)}`, expect: clientOnly() }],
]);

export const EXTRA_CASES: { route: string; label: string; row: Row }[] = [
  {
    route: endpointKey(TICKET_VIEWS.rename),
    label: "another user's saved view",
    row: { url: (ids) => `/api/v2/ticket-views/${ids.extra[`view-rename-${ids.other}`]}`, body: { name: 'Not mine' }, expect: staffOnly(404) },
  },
  {
    route: endpointKey(TICKET_VIEWS.remove),
    label: "another user's saved view",
    row: { url: (ids) => `/api/v2/ticket-views/${ids.extra[`view-remove-${ids.other}`]}`, expect: staffOnly(404) },
  },
  { route: endpointKey(TICKETS.view), label: 'a ticket that does not exist', row: { url: '/api/v2/tickets/999999', expect: staffOnly(404) } },
  {
    route: endpointKey(CLIENT_TICKETS.view),
    label: 'another company',
    row: { url: (ids) => `/api/v2/client/tickets/${x('globexTicket')(ids)}`, expect: clientOnly(404) },
  },
  {
    route: endpointKey(CLIENT_TICKETS.reply),
    label: 'another company',
    row: { url: (ids) => `/api/v2/client/tickets/${x('globexTicket')(ids)}/replies`, body: { body: 'Hello' }, expect: clientOnly(404) },
  },
  {
    route: endpointKey(TICKET_ATTACHMENTS.attachClient),
    label: 'another company',
    row: { url: (ids) => `/api/v2/client/tickets/${x('globexTicket')(ids)}/attachments`, body: {}, expect: clientOnly(404) },
  },
  {
    route: endpointKey(TICKET_ATTACHMENTS.client),
    label: "another company's file",
    row: { url: (ids) => `/api/v2/client/tickets/${x('globexTicket')(ids)}/attachments/${x('globexFile')(ids)}`, expect: clientOnly(404) },
  },
  {
    route: endpointKey(TICKET_ATTACHMENTS.client),
    label: "another company's file through one of the company's own tickets",
    row: { url: (ids) => `/api/v2/client/tickets/${x('acmeTicket')(ids)}/attachments/${x('globexFile')(ids)}`, expect: clientOnly(404) },
  },
  {
    route: endpointKey(TICKET_ATTACHMENTS.client),
    label: 'a file of an internal note',
    row: { url: (ids) => `/api/v2/client/tickets/${x('acmeTicket')(ids)}/attachments/${x('acmeInternalFile')(ids)}`, expect: clientOnly(404) },
  },
];
