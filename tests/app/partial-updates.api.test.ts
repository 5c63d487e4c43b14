/**
 * A PATCH changes only what it names. For every PATCH route of the app, each field of its body is
 * sent alone to a record whose every column holds a value of its own (no defaults), and the row
 * (and what hangs off it, like a bundle's contents) must be unchanged but for that field. A new
 * PATCH route without its case here fails the first test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApiRoutes } from '@server/app';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

type Ids = Record<string, number>;
type Case = {
  /** The table of the record and, per field sent, the columns it may change (besides updated_at). */
  table: string;
  /** Makes the record (every column set) and returns its id, with other ids the bodies need. */
  prepare: (t: TestApp) => Promise<Ids & { id: number }>;
  url: (id: number) => string;
  /** One body per field, each naming that one field, with the columns it changes. */
  fields: (ids: Ids) => { body: Record<string, unknown>; columns: string[] }[];
  /** Rows hanging off the record that a PATCH of another field must leave alone. */
  related?: { sql: string; changedBy: string };
};

/** PATCH routes whose partial-update checks live with their own feature's tests. */
const ELSEWHERE: Record<string, string> = {
  'PATCH /api/v2/timeclock/punches/:id': 'a manager’s punch correction, tested by the time feature',
  'PATCH /api/v2/quality/cases/:id': 'a test case is edited whole with the version read (every field sent), tested by the quality feature',
};

const staffId = async (t: TestApp, email: string) => (await sqlOf(t).rows('SELECT id FROM staff_users WHERE email = $1', [email]))[0].id as number;

const CASES: Record<string, Case> = {
  'PATCH /api/v2/catalog/:id': {
    table: 'catalog_items',
    prepare: async (t) => {
      const part = async (sku: string) => (await sqlOf(t).rows(`INSERT INTO catalog_items (sku, name, category, unit_price_cents) VALUES ($1, $1, 'hardware', 100) RETURNING id`, [sku]))[0].id as number;
      const [a, b, c] = [await part('PATCH-PART-A'), await part('PATCH-PART-B'), await part('PATCH-PART-C')];
      const [row] = await sqlOf(t).rows(
        `INSERT INTO catalog_items (sku, name, description, category, unit_price_cents, unit_cost_cents, taxable, active)
         VALUES ('PATCH-KIT', 'Desk kit', 'Kept description', 'hardware', 4200, 2100, false, false) RETURNING id`,
      );
      await sqlOf(t).rows('INSERT INTO catalog_bundle_items (bundle_id, item_id, quantity) VALUES ($1, $2, 2), ($1, $3, 1)', [row.id, a, b]);
      return { id: row.id, other: c };
    },
    url: (id) => `/api/v2/catalog/${id}`,
    fields: ({ other }) => [
      { body: { sku: 'PATCH-KIT-2' }, columns: ['sku'] },
      { body: { name: 'Desk kit, renamed' }, columns: ['name'] },
      { body: { description: 'New description' }, columns: ['description'] },
      { body: { category: 'other' }, columns: ['category'] },
      { body: { unitPriceCents: 4300 }, columns: ['unit_price_cents'] },
      { body: { unitCostCents: 2200 }, columns: ['unit_cost_cents'] },
      { body: { taxable: true }, columns: ['taxable'] },
      { body: { active: true }, columns: ['active'] },
      { body: { bundle: [{ itemId: other!, quantity: 3 }] }, columns: [] },
    ],
    related: { sql: 'SELECT item_id, quantity FROM catalog_bundle_items WHERE bundle_id = $1 ORDER BY item_id', changedBy: 'bundle' },
  },
  'PATCH /api/v2/ticket-views/:id': {
    table: 'ticket_saved_views',
    prepare: async (t) => {
      const [row] = await sqlOf(t).rows(
        `INSERT INTO ticket_saved_views (staff_id, name, filters) VALUES ($1, 'Kept view', '{"status":"WOC"}'::jsonb) RETURNING id`,
        [await staffId(t, 'admin@demo.test')],
      );
      return { id: row.id };
    },
    url: (id) => `/api/v2/ticket-views/${id}`,
    fields: () => [{ body: { name: 'Renamed view' }, columns: ['name'] }],
  },
  'PATCH /api/v2/companies/:id': {
    table: 'companies',
    prepare: async (t) => {
      const manager = await staffId(t, 'manager@demo.test');
      const [row] = await sqlOf(t).rows(
        `INSERT INTO companies (name, account_number, phone, address, website, status, territory, account_manager_id, ms_plan, notes, signup_policy, signup_domains)
         VALUES ('Patchworks', 'PATCH-1', '555-0100', '1 Main St', 'https://patch.example.com', 'inactive', 'North', $1, 'Gold', 'Kept notes', 'email_domains', '{patch.example.com}')
         RETURNING id`,
        [manager],
      );
      return { id: row.id, agent: await staffId(t, 'agent@demo.test') };
    },
    url: (id) => `/api/v2/companies/${id}`,
    fields: ({ agent }) => [
      { body: { name: 'Patchworks Ltd' }, columns: ['name'] },
      { body: { account_number: 'PATCH-2' }, columns: ['account_number'] },
      { body: { phone: '555-0199' }, columns: ['phone'] },
      { body: { address: '2 Main St' }, columns: ['address'] },
      { body: { website: 'https://patchworks.example.com' }, columns: ['website'] },
      { body: { status: 'active' }, columns: ['status'] },
      { body: { territory: 'South' }, columns: ['territory'] },
      { body: { account_manager_id: agent }, columns: ['account_manager_id'] },
      { body: { ms_plan: 'Silver' }, columns: ['ms_plan'] },
      { body: { notes: 'New notes' }, columns: ['notes'] },
      { body: { signup_policy: 'approval' }, columns: ['signup_policy'] },
      { body: { signup_domains: ['patchworks.example.com'] }, columns: ['signup_domains'] },
    ],
  },
  'PATCH /api/v2/contacts/:id': {
    table: 'contacts',
    prepare: async (t) => {
      const [row] = await sqlOf(t).rows(`INSERT INTO contacts (company_id, name, email, phone, title) VALUES (1, 'Cara Patch', 'cara@patch.test', '555-0101', 'Office manager') RETURNING id`);
      return { id: row.id };
    },
    url: (id) => `/api/v2/contacts/${id}`,
    fields: () => [
      { body: { name: 'Cara Patchett' }, columns: ['name'] },
      { body: { email: 'cara.p@patch.test' }, columns: ['email'] },
      { body: { phone: '555-0102' }, columns: ['phone'] },
      { body: { title: 'Director' }, columns: ['title'] },
    ],
  },
  'PATCH /api/v2/projects/:id': {
    table: 'projects',
    prepare: async (t) => {
      const [row] = await sqlOf(t).rows(
        `INSERT INTO projects (name, company_id, owner_id, status, start_date, due_date, budget_hours, description, wip_limits)
         VALUES ('Patch project', 1, $1, 'active', '2026-02-01', '2026-03-31', 40, 'Kept description', '{"review": 2}') RETURNING id`,
        [await staffId(t, 'manager@demo.test')],
      );
      return { id: row.id, agent: await staffId(t, 'agent@demo.test') };
    },
    url: (id) => `/api/v2/projects/${id}`,
    fields: ({ agent }) => [
      { body: { name: 'Patch project, renamed' }, columns: ['name'] },
      { body: { company_id: 2 }, columns: ['company_id'] },
      { body: { owner_id: agent }, columns: ['owner_id'] },
      { body: { status: 'on_hold' }, columns: ['status'] },
      { body: { start_date: '2026-01-15' }, columns: ['start_date'] },
      { body: { due_date: '2026-04-30' }, columns: ['due_date'] },
      { body: { budget_hours: 12.5 }, columns: ['budget_hours'] },
      { body: { description: 'New description' }, columns: ['description'] },
      { body: { wip_limits: { in_progress: 3 } }, columns: ['wip_limits'] },
    ],
  },
  'PATCH /api/v2/tasks/:id': {
    table: 'tasks',
    prepare: async (t) => {
      const [project] = await sqlOf(t).rows(`INSERT INTO projects (name, company_id, owner_id) VALUES ('Patch tasks', 1, $1) RETURNING id`, [await staffId(t, 'agent@demo.test')]);
      const sprint = async (name: string) =>
        (await sqlOf(t).rows(`INSERT INTO sprints (project_id, name, start_date, end_date) VALUES ($1, $2, '2026-02-02', '2026-02-13') RETURNING id`, [project.id, name]))[0].id as number;
      const [first, second] = [await sprint('Sprint A'), await sprint('Sprint B')];
      const [ticketA, ticketB] = (await sqlOf(t).rows('SELECT id FROM tickets ORDER BY id LIMIT 2')).map((r) => r.id as number);
      const [row] = await sqlOf(t).rows(
        `INSERT INTO tasks (project_id, title, description, board_column, rank, assignee_id, estimate, sprint_id, ticket_id)
         VALUES ($1, 'Patch task', 'Kept description', 'todo', 'V', $2, 3, $3, $4) RETURNING id`,
        [project.id, await staffId(t, 'manager@demo.test'), first, ticketA],
      );
      return { id: row.id, sprint: second, ticket: ticketB!, agent: await staffId(t, 'agent@demo.test') };
    },
    url: (id) => `/api/v2/tasks/${id}`,
    fields: ({ sprint, ticket, agent }) => [
      { body: { title: 'Patch task, renamed' }, columns: ['title'] },
      { body: { description: 'New description' }, columns: ['description'] },
      { body: { assignee_id: agent }, columns: ['assignee_id'] },
      { body: { estimate: 5 }, columns: ['estimate'] },
      { body: { sprint_id: sprint }, columns: ['sprint_id'] },
      { body: { ticket_id: ticket }, columns: ['ticket_id'] },
    ],
  },
  'PATCH /api/v2/tickets/:id': {
    table: 'tickets',
    prepare: async (t) => {
      const [row] = await sqlOf(t).rows(
        `UPDATE tickets SET status = 'A', severity = 'H', queue = 'Support', assignee_id = $1, duedate = now() + interval '3 days', paused_since = NULL
          WHERE id = (SELECT min(id) FROM tickets WHERE status = 'A') RETURNING id`,
        [await staffId(t, 'manager@demo.test')],
      );
      return { id: row.id, agent: await staffId(t, 'agent@demo.test') };
    },
    url: (id) => `/api/v2/tickets/${id}`,
    fields: ({ agent }) => [
      { body: { severity: 'L' }, columns: ['severity'] },
      { body: { queue: 'Programming' }, columns: ['queue'] },
      { body: { assignee_id: agent }, columns: ['assignee_id', 'assignee_name'] },
      { body: { duedate: '2027-01-05T17:00:00.000Z' }, columns: ['duedate'] },
      // Waiting on the customer pauses the ticket's clock.
      { body: { status: 'WOC' }, columns: ['status', 'paused_since'] },
    ],
  },
  'PATCH /api/v2/forms/kudos/values/:id': {
    table: 'kudo_values',
    prepare: async (t) => ({ id: (await sqlOf(t).rows(`INSERT INTO kudo_values (name, position, active) VALUES ('Patch value', 42, false) RETURNING id`))[0].id as number }),
    url: (id) => `/api/v2/forms/kudos/values/${id}`,
    fields: () => [
      { body: { name: 'Patch value, renamed' }, columns: ['name'] },
      { body: { active: true }, columns: ['active'] },
    ],
  },
  'PATCH /api/v2/forms/expenses/rates/:id': {
    table: 'expense_rates',
    prepare: async (t) => ({ id: (await sqlOf(t).rows(`INSERT INTO expense_rates (kind, code, valid_from, rate_micros) VALUES ('fx', 'CHF', '2039-01-01', 900000) RETURNING id`))[0].id as number }),
    url: (id) => `/api/v2/forms/expenses/rates/${id}`,
    fields: () => [{ body: { rateMicros: 910_000 }, columns: ['rate_micros'] }],
  },
};

describe.each(BACKENDS)('partial updates on %s', (backend) => {
  let t: TestApp;
  let admin: Api;
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await apiAs(t, 'admin');
  });
  afterAll(() => t?.close());

  it('has a case for every PATCH route of the app', () => {
    const patches = listApiRoutes(t.app).filter((r) => r.startsWith('PATCH '));
    expect(patches.filter((r) => !(r in CASES) && !(r in ELSEWHERE))).toEqual([]);
    expect([...Object.keys(CASES), ...Object.keys(ELSEWHERE)].filter((r) => !patches.includes(r))).toEqual([]);
  });

  for (const [route, c] of Object.entries(CASES)) {
    it(`${route} changes only the field it names`, async () => {
      const ids = await c.prepare(t);
      const row = async () => {
        const [r] = await sqlOf(t).rows(`SELECT * FROM ${c.table} WHERE id = $1`, [ids.id]);
        delete r.updated_at;
        return r as Record<string, unknown>;
      };
      const related = () => (c.related ? sqlOf(t).rows(c.related.sql, [ids.id]) : Promise.resolve([]));
      for (const { body, columns } of c.fields(ids)) {
        const [field] = Object.keys(body);
        const before = await row();
        const beforeRelated = await related();
        const res = await admin.patch(c.url(ids.id), body);
        expect(res.statusCode, `${field}: ${res.body}`).toBe(200);
        const after = await row();
        const unchanged = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).filter(([k]) => !columns.includes(k)));
        expect(unchanged(after), `PATCH ${field} changed other columns`).toEqual(unchanged(before));
        for (const column of columns) expect(after[column], `PATCH ${field} did not change ${column}`).not.toEqual(before[column]);
        if (c.related && field !== c.related.changedBy) expect(await related(), `PATCH ${field} changed related rows`).toEqual(beforeRelated);
        if (c.related && field === c.related.changedBy) expect(await related()).not.toEqual(beforeRelated);
      }
    });
  }
});
