import { endpointKey } from '@contracts/common/endpoint';
import { CLIENT_TICKETS } from '@contracts/client-tickets';
import { HOME } from '@contracts/home';
import { TICKETS } from '@contracts/tickets';
import { clientOnly, endpointRows, staffOnly, type MatrixIds, type Row } from '@tests/support/authz';
import { sqlOf, type Queryable } from '@tests/support/sql';

/**
 * The staff ticket desk: staff of every role; a client session is refused (401), as is no session.
 * The client portal's tickets: the client audience is client@acme.demo.test (Acme Utilities); the
 * EXTRA_CASES reach a Globex Water ticket by id, which answers 404 to an Acme user.
 */
const x = (key: string) => ({ extra }: MatrixIds) => extra[key]!;

export async function prepare(pool: Queryable): Promise<Record<string, number>> {
  const firstTicketOf = async (email: string) =>
    Number((await sqlOf(pool).one('SELECT min(t.id) AS id FROM tickets t JOIN client_users u ON u.company_id = t.company_id WHERE u.email = $1', [email])).id);
  return { acmeTicket: await firstTicketOf('client@acme.demo.test'), globexTicket: await firstTicketOf('client@globex.demo.test') };
}

export const ROWS = endpointRows([
  [TICKETS.search, { url: '/api/v2/tickets?q=billing&status=A,WOC&sort=duedate:asc', expect: staffOnly() }],
  [HOME.myTickets, { expect: staffOnly() }],
  [TICKETS.options, { expect: staffOnly() }],
  [TICKETS.stats, { expect: staffOnly() }],
  [
    TICKETS.create,
    { body: { title: 'Matrix ticket', description: 'Created by the authorization matrix', company_id: 1, severity: 'M', queue: 'Support' }, expect: staffOnly(201) },
  ],
  [TICKETS.view, { url: '/api/v2/tickets/1', expect: staffOnly() }],
  [TICKETS.update, { url: '/api/v2/tickets/2', body: { severity: 'H' }, expect: staffOnly() }],
  [TICKETS.addNote, { url: '/api/v2/tickets/2/notes', body: { body: 'Matrix note', internal: true, minutes: 5 }, expect: staffOnly(201) }],
  [TICKETS.addTime, { url: '/api/v2/tickets/2/time', body: { minutes: 15 }, expect: staffOnly(201) }],

  [CLIENT_TICKETS.list, { expect: clientOnly() }],
  [CLIENT_TICKETS.create, { body: { title: 'Bills late', description: 'The cycle did not run.', severity: 'H' }, expect: clientOnly(201) }],
  [CLIENT_TICKETS.view, { url: (ids: MatrixIds) => `/api/v2/client/tickets/${x('acmeTicket')(ids)}`, expect: clientOnly() }],
  [
    CLIENT_TICKETS.reply,
    { url: (ids: MatrixIds) => `/api/v2/client/tickets/${x('acmeTicket')(ids)}/replies`, body: { body: 'Any news?' }, expect: clientOnly(201) },
  ],
]);

export const EXTRA_CASES: { route: string; label: string; row: Row }[] = [
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
];
