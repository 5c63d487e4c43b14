import type { Pool, PoolClient } from 'pg';
import { QUEUES } from '@contracts/home';
import { hashPassword } from '@server/platform/auth/passwords';
import { inTransaction } from '@server/platform/db/database';
import { seedClientPortal } from './client-portal';
import { seededRandom } from './random';
import { seedTime } from './time';

export const DEMO_PASSWORD = 'care-demo-2026';
const SEED_LOCK_KEY = 7_202_612;
export const DEMO_TICKET_COUNT = 500;
/** Overdue open tickets assigned to agent@demo.test. */
export const DEMO_AGENT_OVERDUE = 7;
const DAY_MS = 86_400_000;

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
const SUBJECTS = [
  'Billing run failed for cycle', 'Cannot print bills on new printer', 'Meter reads not importing', 'Password reset for office user',
  'Late fee calculation wrong', 'Payment portal timeout', 'Request new report for board meeting', 'Server backup warning',
  'Firewall rule change', 'Add user to billing system', 'Paper order arrived damaged', 'Autopay file rejected by bank',
  'Usage graph shows zero', 'Email alerts not sending', 'Upgrade to latest release', 'Work order screen slow',
];
const DETAILS = [
  'Started this morning after the update.', 'Happens for every account in route 4.', 'The customer called twice about it.',
  'Screenshot attached in the email thread.', 'Only on the front desk workstation.', 'Needs to be fixed before the billing cycle.',
];

const ARTICLES = [
  ['Getting started with the client portal', 'Portal', '# Welcome\n\nUse **Tickets** to raise and follow requests for your company.\n\n- Create a ticket\n- Reply to our team\n- Track status'],
  ['How to reset your password', 'Portal', 'Open **Forgot password** on the login page and enter your email. The link is valid for 60 minutes.'],
  ['Running a billing cycle', 'Billing', '1. Import meter reads\n2. Review exceptions\n3. Calculate bills\n4. Print or email bills'],
  ['Fixing rejected autopay files', 'Billing', 'A rejected file usually means the bank routing number changed. Check the **ACH settings** screen.'],
  ['Ordering pre-printed bill paper', 'Paper', 'Order paper from **Order Paper**. Allow 5 business days for delivery.'],
  ['Backup warnings explained', 'Managed Services', 'A backup warning means the nightly job finished with skipped files; our team checks each one.'],
  ['Draft: new release notes', 'Releases', 'Not yet published.'],
] as const;

/** Seeds the demo data set when the database has no staff user yet; answers whether it seeded. */
export async function seedDemoIfEmpty(pool: Pool): Promise<boolean> {
  const hashes = await Promise.all([...DEMO_STAFF, 'client-acme', 'client-globex'].map(() => hashPassword(DEMO_PASSWORD)));
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const { rows } = await client.query('SELECT 1 FROM staff_users LIMIT 1');
    if (rows.length) return false;
    await seed(client, hashes);
    return true;
  });
}

async function seed(client: PoolClient, hashes: string[]): Promise<void> {
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

  const now = Date.now();
  const cols: Record<string, unknown[]> = {
    title: [], description: [], status: [], severity: [], company_id: [], contact_id: [], contact_name: [], contact_email: [],
    queue: [], assignee_id: [], source: [], duedate: [], created_at: [], closed_at: [],
  };
  for (let i = 0; i < DEMO_TICKET_COUNT; i++) {
    const company = i < 40 ? companies[i % 2]! : rnd.pick(companies);
    const contact = rnd.pick(company.contacts);
    const createdAt = now - rnd.int(1, 180) * DAY_MS - rnd.int(0, 86_399) * 1000;
    // The first tickets are agent's overdue ones; the next few agent's open ones due later.
    let status: string;
    let assignee: number;
    let due: number;
    if (i < DEMO_AGENT_OVERDUE) {
      status = (['A', 'WOP', 'WOC', 'WOT', 'A', 'A', 'WOP'] as const)[i]!;
      assignee = agentId;
      due = now - (i + 1) * DAY_MS;
    } else if (i < DEMO_AGENT_OVERDUE + 5) {
      status = 'A';
      assignee = agentId;
      due = now + (i + 1) * DAY_MS;
    } else {
      assignee = rnd.pick(assignees.filter((id) => id !== agentId));
      status = rnd.pick(['A', 'A', 'C', 'C', 'C', 'WOP', 'WOC', 'WOT']);
      due = createdAt + rnd.int(1, 30) * DAY_MS;
    }
    cols.title!.push(`${rnd.pick(SUBJECTS)} #${1000 + i}`);
    cols.description!.push(`${rnd.pick(DETAILS)} ${rnd.pick(DETAILS)}`);
    cols.status!.push(status);
    cols.severity!.push(rnd.pick(['C', 'H', 'M', 'M', 'L', 'L']));
    cols.company_id!.push(company.id);
    cols.contact_id!.push(contact.id);
    cols.contact_name!.push(contact.name);
    cols.contact_email!.push(contact.email);
    cols.queue!.push(i < DEMO_AGENT_OVERDUE + 5 ? 'Support' : rnd.pick(QUEUES));
    cols.assignee_id!.push(assignee);
    cols.source!.push(rnd.pick(['staff', 'portal', 'phone', 'email']));
    cols.duedate!.push(new Date(due).toISOString());
    cols.created_at!.push(new Date(createdAt).toISOString());
    cols.closed_at!.push(status === 'C' ? new Date(Math.min(now, createdAt + rnd.int(1, 20) * DAY_MS)).toISOString() : null);
  }
  const { rows: ticketRows } = await client.query(
    `INSERT INTO tickets (title, description, status, severity, company_id, contact_id, contact_name, contact_email,
                          queue, assignee_id, source, duedate, created_at, updated_at, closed_at)
     SELECT t.title, t.description, t.status, t.severity, t.company_id, t.contact_id, t.contact_name, t.contact_email,
            t.queue, t.assignee_id, t.source, t.duedate, t.created_at, t.created_at, t.closed_at
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::text[], $8::text[],
                   $9::text[], $10::int[], $11::text[], $12::timestamptz[], $13::timestamptz[], $14::timestamptz[])
         AS t(title, description, status, severity, company_id, contact_id, contact_name, contact_email,
              queue, assignee_id, source, duedate, created_at, closed_at)
     RETURNING id, assignee_id`,
    Object.values(cols),
  );

  // A short thread on the first tickets: a public reply and an internal note each.
  for (const t of ticketRows.slice(0, 60)) {
    await client.query(
      `INSERT INTO ticket_notes (ticket_id, staff_user_id, body, internal, minutes_spent) VALUES
         ($1, $2, 'Thanks for reporting this; we are looking into it.', false, 10),
         ($1, $2, 'Internal: checked the logs, likely the nightly import job.', true, 20)`,
      [t.id, t.assignee_id],
    );
  }

  for (const [title, category, body] of ARTICLES) {
    await client.query('INSERT INTO knowledge_articles (title, category, body, published) VALUES ($1, $2, $3, $4)', [
      title,
      category,
      body,
      !title.startsWith('Draft'),
    ]);
  }
  await seedClientPortal(client, companies.map((c) => c.id));
  await seedTime(client);
  await client.query(
    `INSERT INTO audit_log (actor_type, entity, action, detail) VALUES ('system', 'database', 'seed', '{"dataset":"demo"}')`,
  );
}
