/**
 * The notifications' SQL. Only this feature writes `notifications`; each write names its cause
 * (`ref`), so the same cause seen twice (every app server hears every event, a job runs again)
 * stays one notification (ON CONFLICT DO NOTHING on user, kind, ticket and ref). A person who
 * turned an event off in the app on their profile is not told of it (`notification_allowed`, the
 * people feature's rule in SQL, migration 0033).
 */
import type { Notification, NotificationPage } from '@contracts/notifications';
import { iso, listPage, type Queryable } from '@server/platform/sql';

const COLUMNS = `n.id::int AS id, n.kind, n.ticket_id, t.title AS ticket_title, n.actor, ${iso('n.created_at')}, (n.read_at IS NOT NULL) AS read`;

/** "Assigned to me": told to the assignee while the ticket is still theirs, with who assigned it. */
export async function recordAssigned(db: Queryable, e: { ticketId: number; assigneeId: number; byId: number; entry: string }, now: Date): Promise<number> {
  const { rowCount } = await db.query(
    `INSERT INTO notifications (user_id, kind, ticket_id, ref, actor, created_at)
     SELECT t.assignee_id, 'assigned', t.id, $3, s.name, $4
       FROM tickets t LEFT JOIN staff_users s ON s.id = $5
      WHERE t.id = $1 AND t.assignee_id = $2 AND notification_allowed(t.assignee_id, 'assigned', 'in_app', $4)
     ON CONFLICT (user_id, kind, ticket_id, ref) DO NOTHING`,
    [e.ticketId, e.assigneeId, e.entry, now, e.byId],
  );
  return rowCount ?? 0;
}

/** "A client replied on my ticket": told to the ticket's assignee (nobody while it has none). */
export async function recordClientReply(db: Queryable, e: { ticketId: number; noteId: number; clientUserId: number }, now: Date): Promise<number> {
  const { rowCount } = await db.query(
    `INSERT INTO notifications (user_id, kind, ticket_id, ref, actor, created_at)
     SELECT t.assignee_id, 'client_reply', t.id, 'note-' || $2::bigint, c.name, $4
       FROM tickets t LEFT JOIN client_users c ON c.id = $3
      WHERE t.id = $1 AND t.assignee_id IS NOT NULL AND notification_allowed(t.assignee_id, 'client_reply', 'in_app', $4)
     ON CONFLICT (user_id, kind, ticket_id, ref) DO NOTHING`,
    [e.ticketId, e.noteId, e.clientUserId, now],
  );
  return rowCount ?? 0;
}

/**
 * "My ticket turned overdue": every open assigned ticket whose due date passed in the last
 * `windowHours` before `now` (the overdue rule: due date past, status not C), once per due date,
 * so a ticket whose due date moves and passes again is told again. Answers how many were told.
 */
export async function sweepOverdue(db: Queryable, now: Date, windowHours: number): Promise<number> {
  const { rowCount } = await db.query(
    `INSERT INTO notifications (user_id, kind, ticket_id, ref, actor, created_at)
     SELECT t.assignee_id, 'overdue', t.id, 'due-' || floor(extract(epoch FROM t.duedate) * 1000)::bigint, NULL, $1
       FROM tickets t
      WHERE t.status <> 'C' AND t.assignee_id IS NOT NULL
        AND t.duedate < $1 AND t.duedate >= $1::timestamptz - make_interval(hours => $2)
        AND notification_allowed(t.assignee_id, 'overdue', 'in_app', $1)
     ON CONFLICT (user_id, kind, ticket_id, ref) DO NOTHING`,
    [now, windowHours],
  );
  return rowCount ?? 0;
}

export async function unreadCount(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL', [userId]);
  return rows[0]!.n;
}

/** One page of a user's notifications, newest first, with their unread count. */
export async function listMine(db: Queryable, userId: number, paging: { page: number; pageSize: number }): Promise<NotificationPage> {
  const page = await listPage<Notification>(
    db,
    {
      select: `SELECT ${COLUMNS} FROM notifications n JOIN tickets t ON t.id = n.ticket_id WHERE n.user_id = $1 ORDER BY n.id DESC`,
      count: 'SELECT count(*) AS n FROM notifications WHERE user_id = $1',
      params: [userId],
    },
    paging,
  );
  return { ...page, unread: await unreadCount(db, userId) };
}

/** Marks one of the user's notifications read (again is no change); false when it is not theirs or does not exist. */
export async function markRead(db: Queryable, userId: number, id: number, now: Date): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE notifications SET read_at = COALESCE(read_at, $3) WHERE id = $1 AND user_id = $2', [id, userId, now]);
  return (rowCount ?? 0) > 0;
}

/** Marks the user's unread notifications read, up to `through` when given (what they saw). */
export async function markAllRead(db: Queryable, userId: number, through: number | undefined, now: Date): Promise<void> {
  await db.query('UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL AND ($3::bigint IS NULL OR id <= $3)', [userId, now, through ?? null]);
}
