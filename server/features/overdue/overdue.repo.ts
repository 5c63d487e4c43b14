import type { OverdueTicket } from '@contracts/overdue';
import { iso, type Queryable } from '@server/platform/sql';

/** At most this many overdue tickets come back; the badge count is exact regardless. */
export const OVERDUE_LIST_LIMIT = 500;

/**
 * An assignee's overdue tickets: due date past and status not C. Served by the partial index
 * tickets_overdue_idx (assignee_id, duedate) WHERE status <> 'C'.
 */
export const OVERDUE_SQL = `
  SELECT t.id, t.title, t.status, t.severity, t.company_name, t.contact_name AS contact,
         t.contact_email, t.queue, ${iso('t.created_at')}, ${iso('t.duedate')}
    FROM tickets t
   WHERE t.assignee_id = $1 AND t.status <> 'C' AND t.duedate < now()
   ORDER BY t.duedate ASC, t.id
   LIMIT $2`;

export async function overdueTickets(db: Queryable, userId: number): Promise<OverdueTicket[]> {
  const { rows } = await db.query<OverdueTicket>(OVERDUE_SQL, [userId, OVERDUE_LIST_LIMIT]);
  return rows;
}
