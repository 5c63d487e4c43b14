import type { Pool, PoolClient } from 'pg';
import { SURVEY_TYPE_CLIENT_CARE, SURVEY_TYPE_SUPPORT } from '@contracts/common/constants';
import { hashPassword } from '@server/platform/auth/passwords';
import { inTransaction } from '@server/platform/db/database';
import type { UploadStore } from '@server/platform/uploads';
import { seedAvatars } from './avatars';
import { seedChanges } from './changes';
import { seedClientPortal } from './client-portal';
import { seedDisplays } from './displays';
import { seedMail } from './mail';
import { columnTable } from './columns';
import { seededRandom } from './random';
import {
  ARTICLES,
  CLIENT_REPLIES,
  CLOSING_REPLIES,
  FAVOURITE_TOOLS,
  FILL,
  INTERNAL_NOTES,
  STAFF_FIRST_REPLIES,
  STAFF_FOLLOW_UPS,
  SURVEY_COMMENTS,
  SURVEY_IMPROVE,
  TICKET_STORIES,
} from './story';
import { seedOrg } from './people';
import { seedProjects } from './projects';
import { seedQuotes } from './quotes';
import { seedApprovals } from './approvals';
import { seedSchedule } from './schedule';
import { seedExpenses } from './expenses';
import { seedSales } from './sales';
import { seedPunches, seedTime } from './time';

export const DEMO_PASSWORD = 'care-demo-2026';
const SEED_LOCK_KEY = 7_202_612;
export const DEMO_TICKET_COUNT = 500;
/**
 * Of the demo tickets, the newest arrivals nobody has picked up yet: open, raised in the last
 * hours in the Support queue (the demo manager's team works it), each with the client's first
 * message and no staff work, so the dashboard's Unassigned figure reads as a real morning.
 */
export const DEMO_UNASSIGNED = 4;
const UNASSIGNED_SEED = 29;
/** Overdue open tickets assigned to agent@demo.test. */
export const DEMO_AGENT_OVERDUE = 7;
/** Share of the other open tickets that are overdue, in percent (the whole desk lands at about 10-15 %). */
export const DEMO_OTHER_OVERDUE_PERCENT = 12;
/** Share of closed tickets whose support survey was answered, and of contacts (other than the two demo companies') who answered a client care survey, in percent. */
export const DEMO_SUPPORT_SURVEY_PERCENT = 45;
export const DEMO_CLIENT_CARE_SURVEY_PERCENT = 60;
/** No seeded survey answer is newer than this, so a day's answers in a test are its own. */
export const DEMO_SURVEY_NEWEST_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const DEMO_STAFF = [
  { email: 'admin@demo.test', name: 'Alex Admin', role: 'admin', title: 'Operations Director', department: 'Operations', manager: null },
  { email: 'manager@demo.test', name: 'Morgan Manager', role: 'manager', title: 'Support Manager', department: 'Support', manager: 'admin@demo.test' },
  { email: 'agent@demo.test', name: 'Avery Agent', role: 'user', title: 'Support Engineer', department: 'Support', manager: 'manager@demo.test' },
  { email: 'dana.dev@demo.test', name: 'Dana Developer', role: 'user', title: 'Software Engineer', department: 'Development', manager: 'admin@demo.test' },
  { email: 'quinn.qa@demo.test', name: 'Quinn Tester', role: 'user', title: 'QA Analyst', department: 'Quality Assurance', manager: 'manager@demo.test' },
  { email: 'sam.sales@demo.test', name: 'Sam Seller', role: 'user', title: 'Account Executive', department: 'Sales', manager: 'admin@demo.test' },
] as const;

const COMPANY_NAMES = [
  ['Acme Utilities', 'ACME-001'], ['Globex Water', 'GLOBEX-002'], ['Initech Power', 'INIT-003'], ['Umbrella Gas', 'UMBR-004'],
  ['Stark Electric Coop', 'STARK-005'], ['Wayne County Water', 'WAYNE-006'], ['Hooli Fiber', 'HOOLI-007'], ['Vandelay Municipal', 'VAND-008'],
  ['Soylent Rural Electric', 'SOYL-009'], ['Cyberdyne Telecom', 'CYBR-010'], ['Tyrell Water District', 'TYRL-011'], ['Wonka Sewer Authority', 'WONK-012'],
  ['Gringotts Propane', 'GRIN-013'], ['Oscorp Energy', 'OSCP-014'], ['Duff Valley Water', 'DUFF-015'], ['Pied Piper Broadband', 'PIED-016'],
  ['Monarch Light & Power', 'MONA-017'], ['Nakatomi Utilities', 'NAKA-018'], ['Sterling Cooper Gas', 'STER-019'], ['Dunder Electric', 'DUND-020'],
  ['Bluth Water Works', 'BLUT-021'], ['Prestige Worldwide Power', 'PRES-022'], ['Massive Dynamic Fiber', 'MASS-023'], ['Aperture Utilities', 'APER-024'],
  ['Black Mesa Water', 'BMES-025'],
] as const;

const FIRST = ['José', 'Maria', 'Chen', 'Priya', 'Liam', 'Olivia', 'Noah', 'Emma', 'Ahmed', 'Sofia', 'Lucas', 'Hannah', 'Mateo', 'Zoë'];
const LAST = ['García', 'Smith', 'Nguyen', 'Patel', 'Johnson', 'Müller', 'Kim', 'Brown', 'Rossi', 'Dubois', 'Okafor', 'Silva'];

/**
 * Seeds the demo data set when the database has no staff user yet; answers whether it seeded. With
 * the app's upload store, the travel expense claims get their receipts as files too.
 */
export async function seedDemoIfEmpty(pool: Pool, uploads?: UploadStore): Promise<boolean> {
  // A database with its users needs nothing: every start but the first answers here, without
  // hashing eight passwords it would not use (seconds of CPU at the product's work factor).
  if (await hasStaff(pool)) return false;
  // Hashed before the transaction, so the lock is not held while they are made.
  const hashes = await Promise.all([...DEMO_STAFF, 'client-acme', 'client-globex'].map(() => hashPassword(DEMO_PASSWORD)));
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    // Another server on the same database may have seeded while these were hashed.
    if (await hasStaff(client)) return false;
    await seed(client, hashes, uploads);
    return true;
  });
}

async function hasStaff(db: Pool | PoolClient): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM staff_users LIMIT 1');
  return rows.length > 0;
}

async function seed(client: PoolClient, hashes: string[], uploads: UploadStore | undefined): Promise<void> {
  const rnd = seededRandom(2026);
  const staffIds = new Map<string, number>();
  for (const [i, s] of DEMO_STAFF.entries()) {
    const { rows } = await client.query(
      `INSERT INTO staff_users (email, name, role, title, department, manager_id, phone, password_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [s.email, s.name, s.role, s.title, s.department, s.manager ? staffIds.get(s.manager) : null, `555-01${10 + i}`, hashes[i]],
    );
    staffIds.set(s.email, rows[0].id);
  }
  const agentId = staffIds.get('agent@demo.test')!;
  const assignees = [...staffIds.values()];

  const companies: { id: number; contacts: { id: number; name: string; email: string }[] }[] = [];
  for (const [i, [name, account]] of COMPANY_NAMES.entries()) {
    const { rows } = await client.query(
      `INSERT INTO companies (name, account_number, phone, address, website, status, territory, account_manager_id, ms_plan)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        name,
        account,
        `555-02${String(i).padStart(2, '0')}`,
        `${100 + i} Main Street, Springfield`,
        `https://${account.toLowerCase()}.example.com`,
        i < 22 ? 'active' : i === 22 ? 'prospect' : 'inactive',
        rnd.pick(['North', 'South', 'East', 'West']),
        staffIds.get('sam.sales@demo.test'),
        i % 3 === 0 ? 'Managed Gold' : null,
      ],
    );
    const companyId: number = rows[0].id;
    const contacts = [];
    for (let c = 0; c < 3; c++) {
      const person = `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
      const email = `${person.normalize('NFD').replace(/[^\w ]/g, '').toLowerCase().replace(' ', '.')}.${c}@${account.toLowerCase()}.example.com`;
      const { rows: cr } = await client.query(
        'INSERT INTO contacts (company_id, name, email, phone, title) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [companyId, person, email, `555-03${String(i).padStart(2, '0')}`, rnd.pick(['Office Manager', 'Billing Clerk', 'IT Lead', 'General Manager'])],
      );
      contacts.push({ id: cr[0].id, name: person, email });
    }
    companies.push({ id: companyId, contacts });
  }

  await client.query(
    `INSERT INTO client_users (company_id, contact_id, email, name, status, password_hash) VALUES
       ($1, $2, 'client@acme.demo.test', 'Casey Client', 'active', $3),
       ($4, $5, 'client@globex.demo.test', 'Glenn Globex', 'active', $6)`,
    [companies[0]!.id, companies[0]!.contacts[0]!.id, hashes[DEMO_STAFF.length], companies[1]!.id, companies[1]!.contacts[0]!.id, hashes[DEMO_STAFF.length + 1]],
  );

  await seedTickets(client, rnd, { staffIds, agentId, assignees, companies });

  // Articles written over the past months and revised now and then, so the list shows a spread of "updated" dates.
  for (const [index, [title, category, body]] of ARTICLES.entries()) {
    const writtenDaysAgo = 30 + ((index * 37) % 240);
    const revisedDaysAgo = index % 3 === 0 ? writtenDaysAgo : 2 + ((index * 11) % Math.max(3, writtenDaysAgo - 2));
    await client.query(
      `INSERT INTO knowledge_articles (title, category, body, published, created_at, updated_at)
       VALUES ($1, $2, $3, $4, now() - make_interval(days => $5), now() - make_interval(days => $6))`,
      [title, category, body, !title.startsWith('Draft'), writtenDaysAgo, revisedDaysAgo],
    );
  }
  await seedClientPortal(client, companies.map((c) => c.id));
  await seedChanges(client, companies.map((c) => c.id), uploads);
  await seedTime(client);
  await seedPunches(client);
  await seedProjects(client, companies.map((c) => c.id));
  await seedSales(client);
  await seedQuotes(client);
  await seedOrg(client, staffIds, hashes[0]!);
  if (uploads) await seedAvatars(client, staffIds, uploads);
  await seedApprovals(client);
  await seedSchedule(client);
  await seedExpenses(client, uploads);
  await seedMail(client);
  await seedDisplays(client);
  await client.query(
    `INSERT INTO audit_log (actor_type, entity, action, detail) VALUES ('system', 'database', 'seed', '{"dataset":"demo"}')`,
  );
}

type Rnd = ReturnType<typeof seededRandom>;
type Company = { id: number; contacts: { id: number; name: string; email: string }[] };

/** "{route}" and the like filled in from FILL. */
const fill = (rnd: Rnd, text: string) => text.replace(/\{(\w+)\}/g, (_, k: keyof typeof FILL) => rnd.pick(FILL[k]));

/** A deterministic survey key in the shape of a real one (32 base64url characters). */
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const surveyKey = (rnd: Rnd) => Array.from({ length: 32 }, () => KEY_ALPHABET[rnd.int(0, 63)]).join('');

/** Q1 of a believable spread: mostly satisfied, a few unhappy (CSAT about three in four). */
const satisfaction = (rnd: Rnd) => {
  const r = rnd.next();
  return r < 0.05 ? 1 : r < 0.11 ? 2 : r < 0.25 ? 3 : r < 0.6 ? 4 : 5;
};

/**
 * Tickets with their conversations, time entries and survey answers. Times are relative to now,
 * so the desk always looks current: open tickets were raised in the last weeks and most are due
 * in the days ahead; about one in ten is overdue (and agent@demo.test's first seven are).
 */
async function seedTickets(
  client: PoolClient,
  rnd: Rnd,
  { agentId, assignees, companies }: { staffIds: Map<string, number>; agentId: number; assignees: number[]; companies: Company[] },
): Promise<void> {
  const now = Date.now();
  const support = TICKET_STORIES.filter((s) => s.queue === 'Support');
  const ticketRows = columnTable(
    'title', 'description', 'status', 'severity', 'company_id', 'contact_id', 'contact_name', 'contact_email',
    'queue', 'assignee_id', 'source', 'duedate', 'created_at', 'closed_at',
  );
  const stories: (typeof TICKET_STORIES)[number][] = [];
  for (let i = 0; i < DEMO_TICKET_COUNT - DEMO_UNASSIGNED; i++) {
    const company = i < 40 ? companies[i % 2]! : rnd.pick(companies);
    const contact = rnd.pick(company.contacts);
    const agentTicket = i < DEMO_AGENT_OVERDUE + 5;
    const story = agentTicket ? rnd.pick(support) : rnd.pick(TICKET_STORIES);
    let status: string;
    let assignee: number;
    let createdAt: number;
    let due: number;
    if (i < DEMO_AGENT_OVERDUE) {
      // agent@demo.test's overdue tickets: due one to seven days ago.
      status = (['A', 'WOP', 'WOC', 'WOT', 'A', 'A', 'WOP'] as const)[i]!;
      assignee = agentId;
      due = now - (i + 1) * DAY_MS + rnd.int(1, 12) * HOUR_MS;
      createdAt = due - rnd.int(3, 14) * DAY_MS;
    } else if (agentTicket) {
      status = 'A';
      assignee = agentId;
      due = now + (i - DEMO_AGENT_OVERDUE + 1) * DAY_MS;
      createdAt = now - rnd.int(1, 6) * DAY_MS - rnd.int(0, 23) * HOUR_MS;
    } else {
      assignee = rnd.pick(assignees.filter((id) => id !== agentId));
      status = rnd.pick(['A', 'A', 'C', 'C', 'C', 'WOP', 'WOC', 'WOT']);
      if (status === 'C') {
        createdAt = now - rnd.int(2, 180) * DAY_MS - rnd.int(0, 23) * HOUR_MS;
        due = createdAt + rnd.int(3, 21) * DAY_MS;
      } else if (rnd.int(1, 100) <= DEMO_OTHER_OVERDUE_PERCENT) {
        due = now - rnd.int(2, 240) * HOUR_MS;
        createdAt = due - rnd.int(3, 20) * DAY_MS;
      } else {
        createdAt = now - rnd.int(0, 40) * DAY_MS - rnd.int(1, 23) * HOUR_MS;
        due = now + rnd.int(6, 21 * 24) * HOUR_MS;
      }
    }
    stories.push(story);
    // In this order: the generator's draws follow it.
    ticketRows.push({
      title: fill(rnd, rnd.pick(story.titles)),
      description: fill(rnd, rnd.pick(story.descriptions)),
      status,
      severity: rnd.pick(['C', 'H', 'M', 'M', 'M', 'L', 'L']),
      company_id: company.id,
      contact_id: contact.id,
      contact_name: contact.name,
      contact_email: contact.email,
      queue: story.queue,
      assignee_id: assignee,
      source: rnd.pick(['staff', 'portal', 'portal', 'phone', 'email']),
      duedate: new Date(due).toISOString(),
      created_at: new Date(createdAt).toISOString(),
      closed_at: status === 'C' ? new Date(Math.min(now - 2 * HOUR_MS, createdAt + rnd.int(4, 15 * 24) * HOUR_MS)).toISOString() : null,
    });
  }
  // The new arrivals, from a generator of their own (the draws above stay as they were).
  const fresh = seededRandom(UNASSIGNED_SEED);
  /** The client's first message of each new arrival, by its place in the batch. */
  const firstMessages = new Map<number, string>();
  for (let k = 0; k < DEMO_UNASSIGNED; k++) {
    const company = companies[k % 2]!;
    const contact = fresh.pick(company.contacts);
    const story = fresh.pick(support);
    const createdAt = now - (k * 3 + 1) * HOUR_MS - fresh.int(5, 50) * 60_000;
    const title = fill(fresh, fresh.pick(story.titles));
    const description = fill(fresh, fresh.pick(story.descriptions));
    firstMessages.set(stories.length, description);
    stories.push(story);
    ticketRows.push({
      title,
      description,
      status: 'A',
      severity: (['H', 'M', 'C', 'L'] as const)[k % 4]!,
      company_id: company.id,
      contact_id: contact.id,
      contact_name: contact.name,
      contact_email: contact.email,
      queue: story.queue,
      assignee_id: null,
      source: fresh.pick(['portal', 'email', 'phone']),
      duedate: new Date(createdAt + fresh.int(2, 5) * DAY_MS).toISOString(),
      created_at: new Date(createdAt).toISOString(),
      closed_at: null,
    });
  }
  const { rows: tickets } = await client.query<{ id: number; assignee_id: number | null; company_id: number; contact_id: number; contact_email: string; status: string; created_at: Date; closed_at: Date | null }>(
    `INSERT INTO tickets (title, description, status, severity, company_id, contact_id, contact_name, contact_email,
                          queue, assignee_id, source, duedate, created_at, updated_at, closed_at)
     SELECT t.title, t.description, t.status, t.severity, t.company_id, t.contact_id, t.contact_name, t.contact_email,
            t.queue, t.assignee_id, t.source, t.duedate, t.created_at, t.created_at, t.closed_at
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::text[], $8::text[],
                   $9::text[], $10::int[], $11::text[], $12::timestamptz[], $13::timestamptz[], $14::timestamptz[])
         WITH ORDINALITY AS t(title, description, status, severity, company_id, contact_id, contact_name, contact_email,
              queue, assignee_id, source, duedate, created_at, closed_at, n)
      ORDER BY t.n
     RETURNING id, assignee_id, company_id, contact_id, contact_email, status, created_at, closed_at`,
    ticketRows.values(),
  );
  tickets.sort((a, b) => a.id - b.id);

  // The client users of the two demo companies answer in their own tickets.
  const { rows: clientUsers } = await client.query<{ id: number; company_id: number }>('SELECT id, company_id FROM client_users');
  const clientUserOf = new Map(clientUsers.map((u) => [u.company_id, u.id]));

  // Conversations: a first reply, the client's answer, internal notes, follow-ups; closed tickets end with a closing reply.
  const notes = columnTable('ticket_id', 'staff_user_id', 'client_user_id', 'body', 'internal', 'minutes_spent', 'created_at');
  const work = columnTable('ticket_id', 'staff_user_id', 'company_id', 'work_date', 'minutes', 'billable', 'description');
  for (const [i, t] of tickets.entries()) {
    const story = stories[i]!;
    const clientUser = clientUserOf.get(t.company_id);
    if (t.assignee_id === null) {
      // A new arrival: the client's first message, nobody has answered yet.
      notes.push({ ticket_id: t.id, staff_user_id: null, client_user_id: clientUser ?? null, body: firstMessages.get(i)!, internal: false, minutes_spent: 0, created_at: new Date(t.created_at.getTime() + 60_000).toISOString() });
      continue;
    }
    const end = t.closed_at ? t.closed_at.getTime() : now - 10 * 60_000;
    let at = t.created_at.getTime();
    const step = (maxHours: number) => {
      at = Math.min(end, at + rnd.int(15, maxHours * 60) * 60_000);
      return new Date(at).toISOString();
    };
    const add = (body: string, who: { staff?: number; client?: number }, internal: boolean, minutes: number) => {
      const createdAt = step(internal ? 6 : 30);
      notes.push({ ticket_id: t.id, staff_user_id: who.staff ?? null, client_user_id: who.client ?? null, body, internal, minutes_spent: minutes, created_at: createdAt });
      if (who.staff && minutes > 0) {
        work.push({
          ticket_id: t.id,
          staff_user_id: who.staff,
          company_id: t.company_id,
          work_date: createdAt.slice(0, 10),
          minutes,
          billable: story.queue !== 'Sales' && rnd.int(1, 10) > 2,
          description: rnd.pick(story.work),
        });
      }
    };
    add(rnd.pick(STAFF_FIRST_REPLIES), { staff: t.assignee_id }, false, rnd.pick([10, 15, 15, 20, 30]));
    if (clientUser && rnd.int(1, 10) <= 7) add(rnd.pick(CLIENT_REPLIES), { client: clientUser }, false, 0);
    if (rnd.int(1, 10) <= 6) add(rnd.pick(INTERNAL_NOTES), { staff: t.assignee_id }, true, rnd.pick([15, 20, 30, 45, 60, 90]));
    if (t.status === 'C' || rnd.int(1, 10) <= 5) add(rnd.pick(STAFF_FOLLOW_UPS), { staff: t.assignee_id }, false, rnd.pick([10, 20, 30, 60]));
    if (clientUser && t.status === 'C' && rnd.int(1, 10) <= 5) add(rnd.pick(CLIENT_REPLIES.slice(2)), { client: clientUser }, false, 0);
    if (t.status === 'C') add(rnd.pick(CLOSING_REPLIES), { staff: t.assignee_id }, false, 5);
  }
  // The notes' trigger re-reads a ticket's words per note; in one batch, the words are read once per ticket after it.
  await client.query('ALTER TABLE ticket_notes DISABLE TRIGGER ticket_notes_search_vector');
  await client.query(
    `INSERT INTO ticket_notes (ticket_id, staff_user_id, client_user_id, body, internal, minutes_spent, created_at)
     SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::boolean[], $6::int[], $7::timestamptz[])`,
    notes.values(),
  );
  await client.query('ALTER TABLE ticket_notes ENABLE TRIGGER ticket_notes_search_vector');
  await client.query('UPDATE tickets t SET search_vector = ticket_search_vector(t.id, t.title, t.description)');
  await client.query(
    `INSERT INTO time_entries (ticket_id, staff_user_id, company_id, work_date, minutes, billable, description)
     SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::date[], $5::int[], $6::boolean[], $7::text[])`,
    work.values(),
  );
  await client.query(
    `UPDATE tickets t SET updated_at = n.latest FROM (SELECT ticket_id, max(created_at) AS latest FROM ticket_notes GROUP BY ticket_id) n
      WHERE n.ticket_id = t.id AND n.latest > t.updated_at`,
  );

  // Survey answers over the last months: support surveys of closed tickets, client care surveys of contacts.
  const keys = columnTable('key', 'type', 'ticket_id', 'contact_id', 'company_id', 'email', 'created_at');
  const answers: { q1: number; q2: number | null; received: number; answers: Record<string, unknown> }[] = [];
  for (const t of tickets) {
    if (t.status !== 'C' || !t.closed_at || rnd.int(1, 100) > DEMO_SUPPORT_SURVEY_PERCENT) continue;
    const sent = t.closed_at.getTime();
    const received = sent + rnd.int(1, 72) * HOUR_MS;
    if (received > now - DEMO_SURVEY_NEWEST_MS) continue;
    const key = surveyKey(rnd);
    const q1 = satisfaction(rnd);
    keys.push({ key, type: SURVEY_TYPE_SUPPORT, ticket_id: t.id, contact_id: null, company_id: t.company_id, email: t.contact_email, created_at: new Date(sent).toISOString() });
    answers.push({
      q1,
      q2: null,
      received,
      answers: { type: SURVEY_TYPE_SUPPORT, ticket: key, Q1: q1, Q2: rnd.pick(SURVEY_COMMENTS[q1]!), Q3: q1 >= 3 ? 'Yes' : 'Not really', Q4: rnd.pick(SURVEY_IMPROVE) },
    });
  }
  for (const company of companies.slice(2)) {
    for (const contact of company.contacts) {
      if (rnd.int(1, 100) > DEMO_CLIENT_CARE_SURVEY_PERCENT) continue;
      const sent = now - rnd.int(7, 150) * DAY_MS;
      const key = surveyKey(rnd);
      const q1 = satisfaction(rnd);
      // Likelihood to recommend follows satisfaction, with some spread.
      const q2 = Math.max(0, Math.min(10, q1 * 2 + rnd.int(-2, 1)));
      keys.push({ key, type: SURVEY_TYPE_CLIENT_CARE, ticket_id: null, contact_id: contact.id, company_id: company.id, email: contact.email, created_at: new Date(sent).toISOString() });
      answers.push({
        q1,
        q2,
        received: sent + rnd.int(2, 96) * HOUR_MS,
        answers: {
          type: SURVEY_TYPE_CLIENT_CARE, ticket: key, Q1: q1, Q2: q2,
          Q3: rnd.pick(SURVEY_COMMENTS[q1]!), Q4: rnd.pick(SURVEY_IMPROVE), Q5: '', Q6: rnd.pick(FAVOURITE_TOOLS), Q7: rnd.pick(FAVOURITE_TOOLS), Q8: '',
        },
      });
    }
  }
  const { rows: keyRows } = await client.query<{ id: number }>(
    `INSERT INTO survey_keys (key, type, ticket_id, contact_id, company_id, email, created_at)
     SELECT k.key, k.type, k.ticket_id, k.contact_id, k.company_id, k.email, k.created_at
       FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::int[], $6::text[], $7::timestamptz[]) WITH ORDINALITY
         AS k(key, type, ticket_id, contact_id, company_id, email, created_at, n)
      ORDER BY k.n
     RETURNING id::int AS id`,
    keys.values(),
  );
  keyRows.sort((a, b) => a.id - b.id);
  await client.query(
    `INSERT INTO survey_responses (survey_key_id, type, q1, q2, answers, received_at)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::int[], $4::int[], $5::jsonb[], $6::timestamptz[])`,
    [
      keyRows.map((k) => k.id),
      keys.columns.type,
      answers.map((a) => a.q1),
      answers.map((a) => a.q2),
      answers.map((a) => JSON.stringify(a.answers)),
      answers.map((a) => new Date(a.received).toISOString()),
    ],
  );
}
