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
export async function recordClientReply(db: Queryable, e: ClientReply, now: Date): Promise<number> {
  const { rowCount } = await db.query(
    `INSERT INTO notifications (user_id, kind, ticket_id, ref, actor, created_at)
     SELECT t.assignee_id, 'client_reply', t.id, 'note-' || $2::bigint, COALESCE(c.name, k.name, k.email), $4
       FROM tickets t LEFT JOIN client_users c ON c.id = $3 LEFT JOIN contacts k ON k.id = $5
      WHERE t.id = $1 AND t.assignee_id IS NOT NULL AND notification_allowed(t.assignee_id, 'client_reply', 'in_app', $4)
     ON CONFLICT (user_id, kind, ticket_id, ref) DO NOTHING`,
    [e.ticketId, e.noteId, 'clientUserId' in e ? e.clientUserId : null, now, 'contactId' in e ? e.contactId : null],
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

/** The staff member to mail about a ticket: their address and name, with the ticket's title; null when either is gone. */
export async function staffRecipient(db: Queryable, userId: number, ticketId: number): Promise<{ email: string; name: string; title: string } | null> {
  const { rows } = await db.query<{ email: string; name: string; title: string }>(
    'SELECT s.email, s.name, t.title FROM staff_users s CROSS JOIN tickets t WHERE s.id = $1 AND t.id = $2',
    [userId, ticketId],
  );
  return rows[0] ?? null;
}

/** A ticket's contact (its own address first, else its contact's), and whether that is the staff member who acted. */
export async function ticketContact(db: Queryable, ticketId: number, actorId: number): Promise<{ email: string | null; name: string | null; title: string; isActor: boolean } | null> {
  const { rows } = await db.query<{ email: string | null; name: string | null; title: string; is_actor: boolean }>(
    `SELECT x.email, x.name, x.title, EXISTS (SELECT 1 FROM staff_users s WHERE s.id = $2 AND lower(s.email) = lower(x.email)) AS is_actor
       FROM (SELECT t.title, COALESCE(NULLIF(t.contact_email, ''), NULLIF(c.email, '')) AS email, COALESCE(t.contact_name, c.name) AS name
               FROM tickets t LEFT JOIN contacts c ON c.id = t.contact_id WHERE t.id = $1) x`,
    [ticketId, actorId],
  );
  const row = rows[0];
  return row ? { email: row.email, name: row.name, title: row.title, isActor: row.is_actor } : null;
}

/** Whether the person turned this event's email off on their profile (as opposed to it waiting for quiet hours to end). */
export async function emailTurnedOff(db: Queryable, userId: number, event: string): Promise<boolean> {
  const { rows } = await db.query<{ off: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM notification_preferences WHERE staff_id = $1 AND event = $2 AND channel = 'email' AND NOT enabled) AS off`,
    [userId, event],
  );
  return rows[0]!.off;
}

/** When the person's quiet hours that hold `at` end (read in their zone, UTC when they set none); null without quiet hours. */
export async function quietHoursEnd(db: Queryable, userId: number, at: Date): Promise<Date | null> {
  const { rows } = await db.query<{ ends: Date | null }>(
    `SELECT CASE WHEN e.ends > $2 THEN e.ends ELSE e.ends + interval '1 day' END AS ends
       FROM staff_profiles p
       CROSS JOIN LATERAL (SELECT COALESCE(p.time_zone, 'UTC') AS tz) z
       CROSS JOIN LATERAL (SELECT ((date_trunc('day', $2::timestamptz AT TIME ZONE z.tz) + p.quiet_to) AT TIME ZONE z.tz) AS ends) e
      WHERE p.staff_id = $1 AND p.quiet_to IS NOT NULL`,
    [userId, at],
  );
  return rows[0]?.ends ?? null;
}

/** The assigned open tickets whose due date passed within the window before `now`, with the cause of their overdue notice. */
export async function turnedOverdue(db: Queryable, now: Date, windowHours: number): Promise<{ ticketId: number; userId: number; cause: string }[]> {
  const { rows } = await db.query<{ ticket_id: number; user_id: number; cause: string }>(
    `SELECT t.id AS ticket_id, t.assignee_id AS user_id, 'due-' || floor(extract(epoch FROM t.duedate) * 1000)::bigint AS cause
       FROM tickets t
      WHERE t.status <> 'C' AND t.assignee_id IS NOT NULL
        AND t.duedate < $1 AND t.duedate >= $1::timestamptz - make_interval(hours => $2)
        AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.once_key = 'overdue:' || t.id || ':due-' || floor(extract(epoch FROM t.duedate) * 1000)::bigint || ':staff-' || t.assignee_id || ':email')`,
    [now, windowHours],
  );
  return rows.map((r) => ({ ticketId: r.ticket_id, userId: r.user_id, cause: r.cause }));
}

/** A staff member's or client user's name (who caused a notice); null when they are gone. */
export async function personName(db: Queryable, who: { staffId: number } | { clientUserId: number } | { contactId: number }): Promise<string | null> {
  const [table, id] = 'staffId' in who ? ['staff_users', who.staffId] : 'clientUserId' in who ? ['client_users', who.clientUserId] : ['contacts', who.contactId];
  const { rows } = await db.query<{ name: string | null }>(`SELECT name FROM ${table} WHERE id = $1`, [id]);
  return rows[0]?.name ?? null;
}

/** Who replied for the client: a client user, or a contact without a portal account (by email). */
export type ClientReply = { ticketId: number; noteId: number } & ({ clientUserId: number } | { contactId: number });

/** A ticket's assignee, null while it has none. */
export async function assigneeOf(db: Queryable, ticketId: number): Promise<number | null> {
  const { rows } = await db.query<{ assignee_id: number | null }>('SELECT assignee_id FROM tickets WHERE id = $1', [ticketId]);
  return rows[0]?.assignee_id ?? null;
}

/**
 * The client users who follow a ticket: active accounts of its company who raised it or replied on
 * it, other than its contact (who is mailed as the contact), with the ticket's title.
 */
export async function ticketFollowers(db: Queryable, ticketId: number): Promise<{ userId: number; email: string; name: string; title: string }[]> {
  const { rows } = await db.query<{ id: number; email: string; name: string; title: string }>(
    `SELECT u.id, u.email, u.name, t.title
       FROM tickets t
       LEFT JOIN contacts c ON c.id = t.contact_id
       JOIN client_users u ON u.company_id = t.company_id AND u.status = 'active'
      WHERE t.id = $1
        AND lower(u.email) IS DISTINCT FROM lower(COALESCE(NULLIF(t.contact_email, ''), NULLIF(c.email, '')))
        -- Who raised it is the actor of the ticket's first audit row (the one ticket-creation path writes it).
        AND ((SELECT a.actor_type = 'client' AND a.actor_id = u.id FROM audit_log a WHERE a.entity = 'ticket' AND a.entity_id = t.id ORDER BY a.created_at, a.id LIMIT 1)
             OR EXISTS (SELECT 1 FROM ticket_notes n WHERE n.ticket_id = t.id AND n.client_user_id = u.id))
      ORDER BY u.id`,
    [ticketId],
  );
  return rows.map((r) => ({ userId: r.id, email: r.email, name: r.name, title: r.title }));
}

/** A public note as its mail shows it (its text and its author's name); null for an internal or missing note. */
export async function publicNote(db: Queryable, noteId: number): Promise<{ body: string; author: string } | null> {
  const { rows } = await db.query<{ body: string; author: string }>(
    `SELECT n.body, COALESCE(s.name, 'Support') AS author FROM ticket_notes n LEFT JOIN staff_users s ON s.id = n.staff_user_id WHERE n.id = $1 AND NOT n.internal`,
    [noteId],
  );
  return rows[0] ?? null;
}
