import { iso, type Queryable } from '@server/platform/sql';

/** At most this many overdue tickets come back; the badge count is exact regardless. */
export const OVERDUE_LIST_LIMIT = 500;

/**
 * An assignee's overdue tickets: due date past and status not C, oldest due first, as the JSON
 * array of the answer (the fields of OverdueTicket), written by the database (docs/adr/0247): the
 * server reads one text value instead of ten values a ticket for up to 500 tickets, and sends it as
 * it is. The array takes the rows in the order the inner statement gives them. Served by the
 * partial index tickets_overdue_idx (assignee_id, duedate) WHERE status <> 'C'.
 */
export const OVERDUE_SQL = `
  SELECT COALESCE(json_agg(o), '[]')::text AS list
    FROM (SELECT t.id, t.title, t.status, t.severity, t.company_name, t.contact_name AS contact,
                 t.contact_email, t.queue, ${iso('t.created_at')}, ${iso('t.duedate')}
            FROM tickets t
           WHERE t.assignee_id = $1 AND t.status <> 'C' AND t.duedate < now()
           ORDER BY t.duedate ASC, t.id
           LIMIT $2) o`;

/**
 * The name of OVERDUE_SQL as a prepared statement: parsed and planned once a pooled connection
 * (docs/adr/0263). Its plan is the partial index's range for whichever assignee, so the plan
 * kept for every value is the right one; tests/features/tickets/prepared-statements.api.test.ts
 * holds its prepared use to the answers of the unnamed one.
 */
export const OVERDUE_STATEMENT = 'overdue-list';

/** The overdue tickets of `userId` (at most OVERDUE_LIST_LIMIT), as the JSON array of the answer. */
export async function overdueTicketsJson(db: Queryable, userId: number): Promise<string> {
  const { rows } = await db.query<{ list: string }>({ name: OVERDUE_STATEMENT, text: OVERDUE_SQL, values: [userId, OVERDUE_LIST_LIMIT] });
  return rows[0]!.list;
}
