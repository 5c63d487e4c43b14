/**
 * The tickets' SQL, with typed rows: the staff desk's reads and writes, the client portal's, and
 * the one ticket-creation path both use. The search lives in search.ts (its query plan is the
 * point); the clock rules in clock.ts; the change lines in changes.ts.
 */
import type { Pool, PoolClient } from 'pg';
import type { z } from 'zod';
import type { ClientNote, ClientTicket, ClientTicketDetail, clientTicketListQuerySchema, CLIENT_TICKET_SORTS, Page } from '@contracts/client-portal';
import { QUEUES, SEVERITY_CODES, TICKET_STATUSES, severityLabel, statusLabel, type Severity } from '@contracts/common/codes';
import { TICKET_AGE_BUCKETS_DAYS } from '@contracts/common/constants';
import { HOME_LIST_ROWS, type MyDesk, type TicketSummary } from '@contracts/home';
import type {
  addNoteSchema,
  addTimeEntrySchema,
  CountRow,
  createTicketSchema,
  ThreadEntry,
  TicketDetail,
  TicketStats,
  TicketView,
  TimeEntry,
  updateTicketSchema,
} from '@contracts/tickets';
import type { Config } from '@server/config';
import { assertQualifiedForQueue } from '@server/features/people';
import { audit, type AuditActor } from '@server/platform/audit';
import { publish } from '@server/platform/events';
import { ApiError, invalidField, notFound } from '@server/platform/http/errors';
import { ERROR_CODES } from '@contracts/common/errors';
import type { Attachment } from '@contracts/common/attachments';
import { queueEmail } from '@server/platform/mail/outbox';
import { ticketReplyEmail } from '@server/platform/mail/ticket-reply';
import { containing, iso, isoInstant, isoMsOf, listPage, severityRank, type Queryable } from '@server/platform/sql';
import { queueSupportSurvey, ticketSurveysJson, ticketSurveysOf } from '@server/features/surveys';
import { logTime } from '@server/features/time';
import { clientMailRecipient, withUnsubscribe } from '@server/features/client-users';
import { changeStatus, formatDuration, isOverdue, projectedDueDate, type ClockState } from './clock';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@contracts/common/uploads';
import type { StoredFile } from '@server/platform/uploads';
import { filesOf, insertAttachments, ticketFiles, ticketFilesJson, ticketOwnAttachments } from './attachments.repo';
import { describeChange, isSameValue, type Changes } from './changes';
import { clientReplied, staffReplied, ticketAssigned, ticketStatusChanged } from './events';

/** The newest thread entries and time entries a ticket view carries. */
const THREAD_LIMIT = 1000;
const TIME_ENTRY_LIMIT = 1000;
const HOUR_MS = 3_600_000;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** A ticket's row as the driver reads it: its instants are Dates until the answer writes them. */
type TicketRow = Omit<TicketDetail, 'projected_duedate' | 'overdue' | 'duedate' | 'paused_since' | 'created_at' | 'updated_at' | 'closed_at'> & {
  duedate: Date | null;
  paused_since: Date | null;
  created_at: Date;
  updated_at: Date;
  closed_at: Date | null;
};

const clockOf = (r: Pick<TicketDetail, 'status' | 'duedate' | 'paused_since' | 'paused_seconds'>): ClockState => ({
  status: r.status,
  duedate: r.duedate ? new Date(r.duedate) : null,
  pausedSince: r.paused_since ? new Date(r.paused_since) : null,
  pausedSeconds: r.paused_seconds,
});

/**
 * The names of the ticket view's fixed statements (by the ticket's number): prepared, so each
 * pooled connection parses and plans them once (docs/adr/0263). Each is a primary-key or
 * ticket-index lookup whatever the number, so the plan kept for every value is the right one.
 */
export const VIEW_STATEMENTS = {
  header: 'ticket-header',
  headerForUpdate: 'ticket-header-for-update',
  view: 'ticket-view',
} as const;

/** A ticket's header columns and where they come from, the ticket's id being `$1`. */
const HEADER_COLUMNS = `t.id, t.title, t.description, t.status, t.severity, t.company_id, c.name AS company_name, t.contact_id,
            t.contact_name, t.contact_email, t.queue, t.assignee_id, u.name AS assignee_name, t.source, t.duedate,
            t.paused_since, t.paused_seconds, t.created_at, t.updated_at, t.closed_at`;
const HEADER_FROM = `FROM tickets t
       LEFT JOIN companies c ON c.id = t.company_id
       LEFT JOIN staff_users u ON u.id = t.assignee_id
      WHERE t.id = $1`;

/** A header row as the answers write it, with its clock worked out at `now`. */
function detailOf(row: TicketRow, now: Date): TicketDetail {
  const r = {
    ...row,
    duedate: isoInstant(row.duedate),
    paused_since: isoInstant(row.paused_since),
    created_at: isoInstant(row.created_at),
    updated_at: isoInstant(row.updated_at),
    closed_at: isoInstant(row.closed_at),
  };
  const clock = clockOf(r);
  return {
    ...r,
    projected_duedate: r.paused_since ? projectedDueDate(clock, now)?.toISOString() ?? null : null,
    overdue: isOverdue(clock, now),
  };
}

/** One ticket's header, with its clock worked out at `now`; `lock` holds the row for an update. */
export async function loadTicket(db: Queryable, id: number, now: Date, lock = false): Promise<TicketDetail | null> {
  const { rows } = await db.query<TicketRow>({
    name: lock ? VIEW_STATEMENTS.headerForUpdate : VIEW_STATEMENTS.header,
    text: `SELECT ${HEADER_COLUMNS} ${HEADER_FROM} ${lock ? 'FOR UPDATE OF t' : ''}`,
    values: [id],
  });
  const row = rows[0];
  return row ? detailOf(row, now) : null;
}

/** The author of a note a contact without a portal account sent by email: "Name <address>" (SQL over `ticket_notes n`). */
const CONTACT_AUTHOR = `CASE WHEN n.author_email IS NOT NULL THEN COALESCE(n.author_name || ' ', '') || '<' || n.author_email || '>' END`;

/**
 * The whole ticket view in one statement (docs/adr/0266): the header, and as JSON the newest
 * thread entries (oldest first), the time totals and newest entries, the files and the support
 * survey. One round trip instead of five.
 */
const VIEW_SQL = `SELECT ${HEADER_COLUMNS},
       (SELECT COALESCE(json_agg(json_build_object('id', x.id, 'kind', x.kind, 'body', x.body, 'internal', x.internal, 'minutes_spent', x.minutes_spent,
                                                   'change', x.change, 'created_at', ${isoMsOf('x.created_at')}, 'author_name', x.author_name, 'author_type', x.author_type)
                                 ORDER BY x.created_at, x.id), '[]')
          FROM (SELECT n.id::int AS id, n.kind, n.body, n.internal, n.minutes_spent, n.change, n.created_at,
                       COALESCE(s.name, cu.name, ${CONTACT_AUTHOR}) AS author_name,
                       CASE WHEN n.staff_user_id IS NOT NULL THEN 'staff' WHEN n.client_user_id IS NOT NULL OR n.author_email IS NOT NULL THEN 'client' END AS author_type
                  FROM ticket_notes n
                  LEFT JOIN staff_users s ON s.id = n.staff_user_id
                  LEFT JOIN client_users cu ON cu.id = n.client_user_id
                 WHERE n.ticket_id = $1
                 ORDER BY n.created_at DESC, n.id DESC
                 LIMIT ${THREAD_LIMIT}) x) AS thread,
       (SELECT json_build_object('total_minutes', COALESCE(sum(minutes), 0)::int, 'billable_minutes', COALESCE(sum(minutes) FILTER (WHERE billable), 0)::int)
          FROM time_entries WHERE ticket_id = $1) AS time_totals,
       (SELECT COALESCE(json_agg(json_build_object('id', e.id, 'staff_user_id', e.staff_user_id, 'staff_name', e.staff_name, 'work_date', to_char(e.work_date, 'YYYY-MM-DD'),
                                                   'minutes', e.minutes, 'billable', e.billable, 'description', e.description, 'note_id', e.note_id,
                                                   'created_at', ${isoMsOf('e.created_at')})
                                 ORDER BY e.work_date DESC, e.id DESC), '[]')
          FROM (SELECT e.id::int AS id, e.staff_user_id, s.name AS staff_name, e.work_date, e.minutes, e.billable, e.description, e.note_id::int AS note_id, e.created_at
                  FROM time_entries e JOIN staff_users s ON s.id = e.staff_user_id
                 WHERE e.ticket_id = $1
                 ORDER BY e.work_date DESC, e.id DESC
                 LIMIT ${TIME_ENTRY_LIMIT}) e) AS time_entries,
       ${ticketFilesJson('$1', false)} AS files,
       ${ticketSurveysJson('$1')} AS surveys
  ${HEADER_FROM}`;

/** A ticket as the staff view shows it: header, thread, time and its support survey. */
export async function loadView(db: Queryable, id: number, now: Date): Promise<TicketView | null> {
  const { rows } = await db.query<
    TicketRow & {
      thread: Omit<ThreadEntry, 'attachments'>[];
      time_totals: Pick<TicketView['time'], 'total_minutes' | 'billable_minutes'>;
      time_entries: TimeEntry[];
      files: Parameters<typeof filesOf>[0];
      surveys: Parameters<typeof ticketSurveysOf>[0];
    }
  >({ name: VIEW_STATEMENTS.view, text: VIEW_SQL, values: [id] });
  const row = rows[0];
  if (!row) return null;
  const { thread, time_totals, time_entries, files: fileRows, surveys, ...header } = row;
  const files = filesOf(fileRows);
  return {
    ticket: detailOf(header, now),
    attachments: files.own,
    thread: thread.map((n) => ({ ...n, attachments: files.byNote.get(n.id) ?? [] })),
    time: { entries: time_entries, ...time_totals },
    surveys: ticketSurveysOf(surveys),
  };
}

/** Active staff users, for the assignee pickers. */
/** Active staff by name; `q` keeps the names containing it (any case, LIKE wildcards taken literally). */
export async function activeStaff(db: Queryable, q?: string): Promise<{ id: number; name: string }[]> {
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const { rows } = await db.query<{ id: number; name: string }>(
      "SELECT id, name FROM staff_users WHERE active AND name ILIKE $1 ESCAPE '\\' ORDER BY name LIMIT 50",
      [pattern],
    );
    return rows;
  }
  const { rows } = await db.query<{ id: number; name: string }>('SELECT id, name FROM staff_users WHERE active ORDER BY name LIMIT 1000');
  return rows;
}

async function assertActiveStaff(db: Queryable, id: number | null | undefined, field: string): Promise<void> {
  if (!id) return;
  const { rows } = await db.query('SELECT 1 FROM staff_users WHERE id = $1 AND active', [id]);
  if (!rows.length) throw invalidField(field, 'No such staff user');
}

/** What a new ticket is made of, whoever raises it (staff on the desk, a client in the portal). */
export type NewTicket = {
  title: string;
  description: string;
  severity: Severity;
  companyId: number;
  contact: { id: number | null; name: string | null; email: string | null };
  queue: string;
  assigneeId: number | null;
  source: string;
  /** A due date set by hand; otherwise the severity's response target from now. */
  duedate?: Date | null;
};

/**
 * The one ticket-creation path, used by the staff desk and the client portal: status A, the due
 * date from the severity's response target (unless set by hand), one audit row. Answers the id.
 */
export async function insertTicket(
  db: Queryable,
  config: Pick<Config, 'responseTargetHours'>,
  ticket: NewTicket,
  by: { actor: AuditActor; action: string; detail?: object },
  now: Date,
): Promise<number> {
  const due = ticket.duedate ?? new Date(now.getTime() + config.responseTargetHours[ticket.severity] * HOUR_MS);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO tickets (title, description, status, severity, company_id, contact_id, contact_name, contact_email,
                          queue, assignee_id, source, duedate, created_at, updated_at)
     VALUES ($1, $2, 'A', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id`,
    [ticket.title, ticket.description, ticket.severity, ticket.companyId, ticket.contact.id, ticket.contact.name, ticket.contact.email,
      ticket.queue, ticket.assigneeId, ticket.source, due, now],
  );
  const id = rows[0]!.id;
  await audit(db, { actor: by.actor, entity: 'ticket', entityId: id, action: by.action, detail: by.detail });
  return id;
}

/** A staff member raises a ticket for a company (checking the company, contact and assignee first). */
export async function createStaffTicket(
  db: Queryable,
  config: Pick<Config, 'responseTargetHours'>,
  input: z.output<typeof createTicketSchema>,
  actor: AuditActor,
  now: Date,
): Promise<number> {
  const { rows: company } = await db.query('SELECT id FROM companies WHERE id = $1', [input.company_id]);
  if (!company.length) throw invalidField('company_id', 'No such company');
  let contact: NewTicket['contact'] = { id: null, name: null, email: null };
  if (input.contact_id) {
    const { rows } = await db.query<{ id: number; name: string; email: string | null }>(
      'SELECT id, name, email FROM contacts WHERE id = $1 AND company_id = $2',
      [input.contact_id, input.company_id],
    );
    if (!rows[0]) throw invalidField('contact_id', 'This contact is not at the company');
    contact = rows[0];
  }
  await assertActiveStaff(db, input.assignee_id, 'assignee_id');
  if (input.assignee_id) await assertQualifiedForQueue(db, input.queue, input.assignee_id, now);
  const id = await insertTicket(
    db,
    config,
    {
      title: input.title,
      description: input.description,
      severity: input.severity,
      companyId: input.company_id,
      contact,
      queue: input.queue,
      assigneeId: input.assignee_id ?? null,
      source: input.source,
      duedate: input.duedate ? new Date(input.duedate) : null,
    },
    { actor, action: 'create', detail: { title: input.title, severity: input.severity, queue: input.queue } },
    now,
  );
  if (input.assignee_id && actor.type === 'staff' && input.assignee_id !== actor.id) {
    await publish(db, ticketAssigned, { ticketId: id, assigneeId: input.assignee_id, byId: actor.id, entry: 'created' });
  }
  return id;
}

/** A client raises a ticket for their own company: unassigned, in the Support queue, from the portal. */
export async function createClientTicket(
  db: Queryable,
  config: Pick<Config, 'responseTargetHours'>,
  who: { userId: number; companyId: number; name: string; email: string },
  t: { title: string; description: string; severity: Severity; contactName?: string; contactEmail?: string },
  action: string,
  now: Date,
): Promise<number> {
  return insertTicket(
    db,
    config,
    {
      title: t.title,
      description: t.description,
      severity: t.severity,
      companyId: who.companyId,
      contact: { id: null, name: t.contactName ?? who.name, email: t.contactEmail ?? who.email },
      queue: 'Support',
      assigneeId: null,
      source: 'portal',
    },
    { actor: { type: 'client', id: who.userId }, action },
    now,
  );
}

/**
 * A ticket raised by an email (server/features/mail-in): unassigned, in the channel's queue and
 * severity, source "email", its contact the sender; the audit row names the client user who wrote
 * it, or the system when the sender has no account (a contact, or a domain of the company).
 */
export async function createMailTicket(
  db: Queryable,
  config: Pick<Config, 'responseTargetHours'>,
  t: { companyId: number; clientUserId: number | null; contact: NewTicket['contact']; title: string; description: string; severity: Severity; queue: string },
  now: Date,
): Promise<number> {
  return insertTicket(
    db,
    config,
    { title: t.title, description: t.description, severity: t.severity, companyId: t.companyId, contact: t.contact, queue: t.queue, assigneeId: null, source: 'email' },
    { actor: t.clientUserId ? { type: 'client', id: t.clientUserId } : { type: 'system' }, action: 'create', detail: { via: 'email' } },
    now,
  );
}

/**
 * A staff change of status, severity, queue, assignee or due date: each changed field becomes a
 * line of one thread entry and the audit row; the clock pauses or resumes (clock.ts); closing
 * queues the support survey in the same transaction. Nothing changed, nothing written.
 */
export async function updateTicket(
  db: PoolClient,
  config: Pick<Config, 'publicUrl'>,
  id: number,
  input: z.output<typeof updateTicketSchema>,
  staffId: number,
  now: Date,
): Promise<void> {
  const current = await loadTicket(db, id, now, true);
  if (!current) throw notFound('No such ticket');
  await assertActiveStaff(db, input.assignee_id, 'assignee_id');
  const changes: Changes = {};
  // A field is changed only when what the log would show differs (ADR 0114); otherwise nothing is written for it.
  const set = (field: string, from: unknown, to: unknown): boolean => {
    if (isSameValue(field, from, to)) {
      delete changes[field];
      return false;
    }
    changes[field] = { from: from instanceof Date ? from.toISOString() : from, to: to instanceof Date ? to.toISOString() : to };
    return true;
  };
  let clock = clockOf(current);
  if (input.duedate !== undefined && set('duedate', clock.duedate, input.duedate)) {
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
  // A queue that requires a certification: checked whenever the ticket gets an assignee or moves queue with one.
  const assignee = input.assignee_id !== undefined ? input.assignee_id : current.assignee_id;
  if (assignee && (changes.assignee_id || changes.queue)) await assertQualifiedForQueue(db, input.queue ?? current.queue, assignee, now);

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
  const { rows: entry } = await db.query<{ id: number }>(
    `INSERT INTO ticket_notes (ticket_id, staff_user_id, body, internal, kind, change, created_at) VALUES ($1, $2, $3, true, 'change', $4, $5)
     RETURNING id::int AS id`,
    [id, staffId, lines.join('\n'), JSON.stringify(changes), now],
  );
  if (changes.assignee_id && typeof input.assignee_id === 'number' && input.assignee_id !== staffId) {
    await publish(db, ticketAssigned, { ticketId: id, assigneeId: input.assignee_id, byId: staffId, entry: `entry-${entry[0]!.id}` });
  }
  if (changes.status && input.status !== undefined) {
    await publish(db, ticketStatusChanged, { ticketId: id, from: current.status, to: input.status, byId: staffId, entry: `entry-${entry[0]!.id}` });
  }
  await audit(db, { actor: { type: 'staff', id: staffId }, entity: 'ticket', entityId: id, action: 'update', detail: { changes, ...(resumed ? { paused_seconds: resumed } : {}) } });
  // Closing a ticket emails its contact the support survey, in the same transaction.
  if (closing) await queueSupportSurvey(db, id, config, { now });
}

async function lockTicket(db: Queryable, id: number): Promise<{ company_id: number | null }> {
  const { rows } = await db.query<{ company_id: number | null }>('SELECT id, company_id FROM tickets WHERE id = $1 FOR UPDATE', [id]);
  if (!rows[0]) throw notFound('No such ticket');
  return rows[0];
}

/**
 * A staff note on a ticket, with its files (already in place); minutes on it become a billable time entry. A public note is mailed
 * to the ticket's contact through the outbox, in the note's transaction; an internal one never,
 * nor one on a ticket without a contact email. Answers the outbox id of that mail, if any.
 */
export async function addStaffNote(
  db: Queryable,
  config: Pick<Config, 'publicUrl'>,
  id: number,
  input: z.output<typeof addNoteSchema>,
  staffId: number,
  now: Date,
  files: readonly StoredFile[] = [],
): Promise<{ outboxId: number | null }> {
  const ticket = await lockTicket(db, id);
  const { rows: note } = await db.query<{ id: number }>(
    `INSERT INTO ticket_notes (ticket_id, staff_user_id, body, internal, minutes_spent, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::int AS id`,
    [id, staffId, input.body, input.internal, input.minutes, now],
  );
  const noteId = note[0]!.id;
  await insertAttachments(db, id, noteId, files, now);
  if (input.minutes > 0) {
    // Time entries are the time feature's: its one command applies the week lock and the 24-hour day.
    await logTime(db, { type: 'staff', id: staffId }, {
      staffUserId: staffId, ticketId: id, companyId: ticket.company_id, noteId, minutes: input.minutes,
      billable: true, description: input.body.slice(0, 500), workDate: dayOf(now), source: 'ticket',
    });
  }
  await db.query('UPDATE tickets SET updated_at = $2 WHERE id = $1', [id, now]);
  await audit(db, { actor: { type: 'staff', id: staffId }, entity: 'ticket', entityId: id, action: 'note', detail: { note_id: noteId, internal: input.internal, minutes: input.minutes, files: files.length } });
  if (input.internal) return { outboxId: null };
  // Client users who follow the ticket are told by the notifications feature.
  await publish(db, staffReplied, { ticketId: id, noteId, byId: staffId });
  const { rows } = await db.query<{ title: string; email: string | null; name: string | null; author: string }>(
    `SELECT t.title, COALESCE(NULLIF(t.contact_email, ''), NULLIF(c.email, '')) AS email, COALESCE(t.contact_name, c.name) AS name,
            (SELECT s.name FROM staff_users s WHERE s.id = $2) AS author
       FROM tickets t LEFT JOIN contacts c ON c.id = t.contact_id
      WHERE t.id = $1`,
    [id, staffId],
  );
  const to = rows[0];
  if (!to?.email) return { outboxId: null };
  // A contact with a portal account may have turned staff replies off ("Email me when…", docs/adr/0201).
  const recipient = await clientMailRecipient(db, to.email, 'staff_reply', config.publicUrl, now);
  if (!recipient.send) return { outboxId: null };
  const mail = ticketReplyEmail(config.publicUrl, {
    ticket: { id, title: to.title },
    note: { id: noteId, body: input.body, author: to.author },
    to: { email: to.email, name: to.name },
  });
  return { outboxId: await queueEmail(db, withUnsubscribe(mail, recipient.unsubscribe)) };
}

/** Time spent on a ticket, without a note. */
export async function addTime(db: Queryable, id: number, input: z.output<typeof addTimeEntrySchema>, staffId: number, now: Date): Promise<void> {
  const ticket = await lockTicket(db, id);
  const entryId = await logTime(db, { type: 'staff', id: staffId }, {
    staffUserId: staffId, ticketId: id, companyId: ticket.company_id, minutes: input.minutes,
    billable: input.billable, description: input.description, workDate: input.work_date ?? dayOf(now), source: 'ticket',
  });
  await audit(db, { actor: { type: 'staff', id: staffId }, entity: 'ticket', entityId: id, action: 'time', detail: { time_entry_id: entryId, minutes: input.minutes, billable: input.billable } });
}

/** The open tickets assigned to a user, soonest due first (the home screen). */
/** Home's open ticket columns. */
const SUMMARY_COLUMNS = `t.id, t.title, t.status, t.severity, c.name AS company_name, t.queue, ${iso('t.duedate')}, ${iso('t.created_at')}`;

/**
 * The signed-in user's desk on Home: the counts of their open, overdue and due-today tickets (counted
 * by the database, never from a capped list), the first HOME_LIST_ROWS of the open ones not yet
 * overdue (soonest due first; the overdue ones are their own list) and of the overdue ones, and their day in `timeZone` as instants.
 */
export async function myDesk(db: Queryable, userId: number, now: Date, timeZone: string): Promise<MyDesk> {
  const { rows: figures } = await db.query<{ from: Date; to: Date; open: number; overdue: number; due_today: number }>(
    `WITH day AS (SELECT date_trunc('day', $2::timestamptz AT TIME ZONE $3) AS local_start)
     SELECT (day.local_start AT TIME ZONE $3) AS "from",
            ((day.local_start + interval '1 day') AT TIME ZONE $3) - interval '1 millisecond' AS "to",
            count(t.id)::int AS open,
            (count(t.id) FILTER (WHERE t.duedate < $2))::int AS overdue,
            (count(t.id) FILTER (WHERE t.duedate >= (day.local_start AT TIME ZONE $3) AND t.duedate < ((day.local_start + interval '1 day') AT TIME ZONE $3)))::int AS due_today
       FROM day LEFT JOIN tickets t ON t.assignee_id = $1 AND t.status <> 'C'
      GROUP BY day.local_start`,
    [userId, now, timeZone],
  );
  const { rows: open } = await db.query<TicketSummary>(
    `SELECT ${SUMMARY_COLUMNS} FROM tickets t LEFT JOIN companies c ON c.id = t.company_id
      WHERE t.assignee_id = $1 AND t.status <> 'C' AND (t.duedate IS NULL OR t.duedate >= $3)
      ORDER BY t.duedate ASC NULLS LAST, t.id
      LIMIT $2`,
    [userId, HOME_LIST_ROWS, now],
  );
  const { rows: overdue } = await db.query<TicketSummary>(
    `SELECT ${SUMMARY_COLUMNS} FROM tickets t LEFT JOIN companies c ON c.id = t.company_id
      WHERE t.assignee_id = $1 AND t.status <> 'C' AND t.duedate < $3
      ORDER BY t.duedate ASC, t.id
      LIMIT $2`,
    [userId, HOME_LIST_ROWS, now],
  );
  const f = figures[0]!;
  return {
    tickets: open,
    overdue,
    counts: { open: f.open, overdue: f.overdue, due_today: f.due_today },
    today: { from: isoInstant(f.from), to: isoInstant(f.to) },
    assignee_id: userId,
  };
}

/** The columns of a ticket in client lists. */
export const CLIENT_TICKET_COLUMNS = `t.id, t.title, t.status, t.severity, t.contact_name, ${iso('t.created_at')}, ${iso('t.updated_at')}`;

/** Sort columns a client may ask for, mapped to SQL (never interpolated from input). */
const CLIENT_SORT_SQL: Record<(typeof CLIENT_TICKET_SORTS)[number], string> = {
  id: 't.id',
  title: 't.title',
  status: 't.status',
  severity: severityRank('t.severity'),
  created_at: 't.created_at',
  updated_at: 't.updated_at',
};

type ClientListQuery = z.output<typeof clientTicketListQuerySchema>;

/** One page of a company's tickets for its client users. */
export async function clientTickets(pool: Pool, companyId: number, q: ClientListQuery): Promise<Page<ClientTicket>> {
  const where = ['t.company_id = $1'];
  const params: unknown[] = [companyId];
  if (q.status === 'open') where.push(`t.status <> 'C'`);
  if (q.status === 'closed') where.push(`t.status = 'C'`);
  if (q.q) {
    params.push(containing(q.q));
    where.push(`(t.title ILIKE $${params.length} OR t.id::text = $${params.length + 1})`);
    params.push(q.q);
  }
  const whereSql = where.join(' AND ');
  const dir = q.dir === 'asc' ? 'ASC' : 'DESC';
  return listPage<ClientTicket>(
    pool,
    {
      select: `SELECT ${CLIENT_TICKET_COLUMNS} FROM tickets t WHERE ${whereSql} ORDER BY ${CLIENT_SORT_SQL[q.sort]} ${dir} NULLS LAST, t.id ${dir}`,
      count: `SELECT count(*) AS n FROM tickets t WHERE ${whereSql}`,
      params,
    },
    q,
  );
}

/** One ticket of the company with its public thread; internal notes never leave the server for a client user. */
export async function clientTicket(pool: Pool, id: number, companyId: number): Promise<ClientTicketDetail | null> {
  const { rows } = await pool.query<ClientTicket & { description: string; contact_email: string | null }>(
    `SELECT ${CLIENT_TICKET_COLUMNS}, t.description, t.contact_email FROM tickets t WHERE t.id = $1 AND t.company_id = $2`,
    [id, companyId],
  );
  if (!rows[0]) return null;
  const { rows: notes } = await pool.query<Omit<ClientNote, 'attachments'>>(
    `SELECT n.id::int AS id, n.body, COALESCE(s.name, c.name, ${CONTACT_AUTHOR}, 'Support') AS author, (n.client_user_id IS NOT NULL OR n.author_email IS NOT NULL) AS "fromClient",
            ${iso('n.created_at')}
       FROM ticket_notes n LEFT JOIN staff_users s ON s.id = n.staff_user_id LEFT JOIN client_users c ON c.id = n.client_user_id
      WHERE n.ticket_id = $1 AND NOT n.internal
      ORDER BY n.created_at, n.id`,
    [id],
  );
  const files = await ticketFiles(pool, id, true);
  return { ...rows[0], attachments: files.own, notes: notes.map((n) => ({ ...n, attachments: files.byNote.get(n.id) ?? [] })) };
}

/**
 * Files attached to the ticket itself (docs/adr/0138): what a create form sends once the ticket
 * exists, one request per file so that a refused file leaves the others. `companyId` scopes a
 * client user to their company's tickets. A ticket keeps at most `UPLOAD_LIMITS.filesPerNote` files
 * of its own. One audit row; answers the ticket's own files.
 */
export async function attachToTicket(
  db: Queryable,
  id: number,
  files: readonly StoredFile[],
  actor: AuditActor,
  now: Date,
  companyId?: number,
): Promise<Attachment[]> {
  const { rows } = await db.query(
    `SELECT id FROM tickets WHERE id = $1 ${companyId === undefined ? '' : 'AND company_id = $2'} FOR UPDATE`,
    companyId === undefined ? [id] : [id, companyId],
  );
  if (!rows[0]) throw notFound('No such ticket');
  if (!files.length) throw new ApiError(400, ERROR_CODES.invalidInput, 'Choose at least one file to attach', { files: 'Choose at least one file to attach' });
  const { rows: count } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ticket_attachments WHERE ticket_id = $1 AND note_id IS NULL', [id]);
  if (count[0]!.n + files.length > UPLOAD_LIMITS.filesPerNote) {
    const message = UPLOAD_MESSAGES.tooMany(files[Math.max(0, UPLOAD_LIMITS.filesPerNote - count[0]!.n)]!.name);
    throw new ApiError(413, ERROR_CODES.payloadTooLarge, message, { files: message });
  }
  await insertAttachments(db, id, null, files, now);
  await audit(db, { actor, entity: 'ticket', entityId: id, action: 'attach', detail: { files: files.map((f) => f.name) } });
  return ticketOwnAttachments(db, id);
}

/** A client's reply at `now` with its files (already in place); a ticket waiting on the client (WOC) goes back to the team. Answers the note id. */
export async function addClientReply(
  db: Queryable,
  id: number,
  who: { userId: number; companyId: number },
  body: string,
  now: Date,
  files: readonly StoredFile[] = [],
): Promise<number> {
  const { rows } = await db.query('SELECT status FROM tickets WHERE id = $1 AND company_id = $2 FOR UPDATE', [id, who.companyId]);
  if (!rows[0]) throw notFound('No such ticket');
  const { rows: note } = await db.query<{ id: string }>(
    'INSERT INTO ticket_notes (ticket_id, client_user_id, body, internal, created_at) VALUES ($1, $2, $3, false, $4) RETURNING id',
    [id, who.userId, body, now],
  );
  const noteId = Number(note[0]!.id);
  await insertAttachments(db, id, noteId, files, now);
  await db.query(`UPDATE tickets SET updated_at = $2, status = CASE WHEN status = 'WOC' THEN 'A' ELSE status END WHERE id = $1`, [id, now]);
  await audit(db, { actor: { type: 'client', id: who.userId }, entity: 'ticket', entityId: id, action: 'reply', detail: { noteId, files: files.length } });
  await publish(db, clientReplied, { ticketId: id, noteId, clientUserId: who.userId });
  return noteId;
}


/**
 * The emailed reply of a ticket's contact who has no portal account (server/features/mail-in): a
 * public note naming the contact, with its files; a ticket waiting on the client goes back to the
 * team. Only for the contact the ticket's mail goes to: answers null (nothing written) for anyone
 * else. Answers the note id.
 */
export async function addContactReply(
  db: Queryable,
  id: number,
  who: { contactId: number; companyId: number; name: string | null; email: string },
  body: string,
  now: Date,
  files: readonly StoredFile[] = [],
): Promise<number | null> {
  const { rows } = await db.query(
    `SELECT t.id FROM tickets t LEFT JOIN contacts c ON c.id = t.contact_id
      WHERE t.id = $1 AND t.company_id = $2
        AND (t.contact_id = $3 OR lower(COALESCE(NULLIF(t.contact_email, ''), c.email)) = lower($4))
      FOR UPDATE OF t`,
    [id, who.companyId, who.contactId, who.email],
  );
  if (!rows[0]) return null;
  const { rows: note } = await db.query<{ id: string }>(
    'INSERT INTO ticket_notes (ticket_id, contact_id, author_name, author_email, body, internal, created_at) VALUES ($1, $2, $3, $4, $5, false, $6) RETURNING id',
    [id, who.contactId, who.name?.slice(0, 120) ?? null, who.email.slice(0, 254), body, now],
  );
  const noteId = Number(note[0]!.id);
  await insertAttachments(db, id, noteId, files, now);
  await db.query(`UPDATE tickets SET updated_at = $2, status = CASE WHEN status = 'WOC' THEN 'A' ELSE status END WHERE id = $1`, [id, now]);
  await audit(db, { actor: { type: 'system' }, entity: 'ticket', entityId: id, action: 'reply', detail: { noteId, contactId: who.contactId, via: 'email', files: files.length } });
  await publish(db, clientReplied, { ticketId: id, noteId, contactId: who.contactId });
  return noteId;
}

/** The open tickets counted by status, severity, queue, assignee and age (the active ticket stats). */
export async function ticketStats(db: Queryable, now: Date): Promise<TicketStats> {
  const [b1, b2, b3, b4] = TICKET_AGE_BUCKETS_DAYS;
  const { rows } = await db.query<{ status: string | null; severity: string | null; queue: string | null; assignee_id: number | null; age: number | null; n: number; g: number } & Record<string, unknown>>(
    `SELECT status, severity, queue, assignee_id, age, count(*)::int AS n, GROUPING(status, severity, queue, assignee_id, age) AS g
       FROM (SELECT status, severity, queue, assignee_id,
                    CASE WHEN created_at >= $1::timestamptz - make_interval(days => $2) THEN 0
                         WHEN created_at >= $1::timestamptz - make_interval(days => $3) THEN 1
                         WHEN created_at >= $1::timestamptz - make_interval(days => $4) THEN 2
                         WHEN created_at >= $1::timestamptz - make_interval(days => $5) THEN 3
                         ELSE 4 END AS age
               FROM tickets WHERE status <> 'C') o
      GROUP BY GROUPING SETS ((status), (severity), (queue), (assignee_id), (age), ())`,
    [now, b1, b2, b3, b4],
  );
  const { rows: overdue } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tickets WHERE status <> 'C' AND duedate < $1`, [now]);
  const { rows: names } = await db.query<{ id: number; name: string }>('SELECT id, name FROM staff_users');
  const nameOf = new Map(names.map((r) => [r.id, r.name]));
  const ageLabels = [`< ${b1} d`, `${b1}–${b2} d`, `${b2}–${b3} d`, `${b3}–${b4} d`, `> ${b4} d`];
  const columns = ['status', 'severity', 'queue', 'assignee_id', 'age'];
  const pick = (col: string, label: (k: string) => string, order?: readonly string[]): CountRow[] => {
    const out = rows
      .filter((r) => r.g === 0b11111 - (1 << (4 - columns.indexOf(col))))
      .map((r) => ({ key: r[col] === null ? 'none' : String(r[col]), label: r[col] === null ? 'Unassigned' : label(String(r[col])), count: r.n }));
    if (order) out.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
    else out.sort((a, b) => b.count - a.count);
    return out;
  };
  return {
    as_of: now.toISOString(),
    open_total: rows.find((r) => r.g === 0b11111)?.n ?? 0,
    overdue_total: overdue[0]!.n,
    by_status: pick('status', statusLabel, Object.keys(TICKET_STATUSES)),
    by_severity: pick('severity', severityLabel, SEVERITY_CODES),
    by_queue: pick('queue', (k) => k, QUEUES),
    by_assignee: pick('assignee_id', (k) => nameOf.get(Number(k)) ?? `#${k}`),
    by_age: pick('age', (k) => ageLabels[Number(k)]!, ['0', '1', '2', '3', '4']),
  };
}
