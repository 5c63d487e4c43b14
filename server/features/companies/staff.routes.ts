/** Companies and their contacts, for staff: create, search, view, edit; contacts add, edit, remove. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  contactSchema,
  companySearchQuerySchema,
  createCompanySchema,
  NO_SIGNUP_DOMAINS,
  updateCompanySchema,
  updateContactSchema,
  type CompanyView,
} from '@contracts/companies';
import { ERROR_CODES } from '@contracts/common/errors';
import { requireStaff, staffOf } from '@server/platform/auth/guards';
import type { AppContext } from '@server/context';
import { inTransaction } from '@server/platform/db/database';
import { ApiError, notFound, parseInput } from '@server/platform/http/errors';
import { auditStaff } from '@server/platform/audit';

const idParam = z.strictObject({
  id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive').max(2_147_483_647, 'id is too large'),
});

const SORT_SQL: Record<string, string> = {
  name: 'lower(c.name)',
  account_number: 'c.account_number',
  status: 'c.status',
  territory: 'c.territory',
  created_at: 'c.created_at',
  // The output column (a count per company): ORDER BY takes it by its bare name.
  open_tickets: 'open_tickets',
};

const COMPANY_COLUMNS = `c.id, c.name, c.account_number, c.phone, c.address, c.website, c.status, c.territory,
  c.account_manager_id, m.name AS account_manager_name, c.ms_plan, c.notes, c.created_at, c.signup_policy, c.signup_domains`;

const duplicateAccount = () =>
  new ApiError(409, ERROR_CODES.conflict, 'Another company has this account number', { account_number: 'Another company has this account number' });
const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

export function registerCompanyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const pool = ctx.database.pool;
  const staff = { preHandler: requireStaff(ctx) };

  async function checkManager(id: number | null | undefined) {
    if (!id) return;
    const { rows } = await pool.query('SELECT 1 FROM staff_users WHERE id = $1 AND active', [id]);
    if (!rows.length) throw new ApiError(400, ERROR_CODES.invalidInput, 'Invalid body: account_manager_id (No such staff user)', { account_manager_id: 'No such staff user' });
  }

  app.get('/api/v2/companies', staff, async (request) => {
    const search = parseInput(companySearchQuerySchema, request.query, 'query');
    const values: unknown[] = [];
    const conds: string[] = [];
    if (search.q) {
      values.push(`%${search.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
      conds.push(`(c.name ILIKE $${values.length} OR c.account_number ILIKE $${values.length})`);
    }
    if (search.status) {
      values.push(search.status);
      conds.push(`c.status = $${values.length}`);
    }
    const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
    const sort = search.sort?.length ? search.sort : [{ field: 'name' as const, dir: 'asc' as const }];
    const order = [...sort.map((s) => `${SORT_SQL[s.field]} ${s.dir.toUpperCase()}`), 'c.id'].join(', ');
    const { rows: count } = await pool.query(`SELECT count(*)::int AS n FROM companies c ${where}`, values);
    const { rows } = await pool.query(
      `SELECT c.id, c.name, c.account_number, c.status, c.territory, c.created_at,
              (SELECT count(*)::int FROM tickets t WHERE t.company_id = c.id AND t.status <> 'C') AS open_tickets
         FROM companies c ${where}
        ORDER BY ${order}
        LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, search.size, (search.page - 1) * search.size],
    );
    return { rows, page: search.page, size: search.size, total: count[0].n, totalExact: true };
  });

  app.post('/api/v2/companies', staff, async (request, reply) => {
    const input = parseInput(createCompanySchema, request.body);
    await checkManager(input.account_manager_id);
    const me = staffOf(request);
    try {
      const id = await inTransaction(pool, async (db) => {
        const { rows } = await db.query(
          `INSERT INTO companies (name, account_number, phone, address, website, status, territory, account_manager_id, ms_plan, notes,
                                  signup_policy, signup_domains)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
          [input.name, input.account_number, input.phone ?? null, input.address ?? null, input.website ?? null, input.status,
            input.territory ?? null, input.account_manager_id ?? null, input.ms_plan ?? null, input.notes ?? null,
            input.signup_policy, input.signup_domains],
        );
        await auditStaff(db, me.userId, 'company', rows[0].id, 'create', { name: input.name, account_number: input.account_number });
        return rows[0].id as number;
      });
      return reply.status(201).send(await loadCompany(id));
    } catch (e) {
      if (isUniqueViolation(e)) throw duplicateAccount();
      throw e;
    }
  });

  async function loadCompany(id: number): Promise<CompanyView | null> {
    const { rows } = await pool.query(
      `SELECT ${COMPANY_COLUMNS} FROM companies c LEFT JOIN staff_users m ON m.id = c.account_manager_id WHERE c.id = $1`,
      [id],
    );
    if (!rows[0]) return null;
    const { rows: contacts } = await pool.query(
      'SELECT id, company_id, name, email, phone, title FROM contacts WHERE company_id = $1 ORDER BY name, id LIMIT 1000',
      [id],
    );
    const { rows: users } = await pool.query(
      `SELECT u.id, u.company_id, c.name AS company_name, u.contact_id, u.name, u.email, u.status, u.created_at,
              (SELECT max(i.created_at) FROM password_tokens i WHERE i.client_user_id = u.id AND i.purpose = 'invite') AS last_invited_at
         FROM client_users u JOIN companies c ON c.id = u.company_id
        WHERE u.company_id = $1 ORDER BY u.name, u.id LIMIT 1000`,
      [id],
    );
    const { rows: counts } = await pool.query(
      `SELECT count(*) FILTER (WHERE status <> 'C')::int AS open,
              count(*) FILTER (WHERE status <> 'C' AND duedate < now())::int AS overdue,
              count(*)::int AS total
         FROM tickets WHERE company_id = $1`,
      [id],
    );
    return { company: rows[0], contacts, client_users: users, ticket_counts: counts[0] };
  }

  app.get('/api/v2/companies/:id', staff, async (request) => {
    const { id } = parseInput(idParam, request.params, 'path');
    const view = await loadCompany(id);
    if (!view) throw notFound('No such company');
    return view;
  });

  app.patch('/api/v2/companies/:id', staff, async (request) => {
    const { id } = parseInput(idParam, request.params, 'path');
    const input = parseInput(updateCompanySchema, request.body);
    await checkManager(input.account_manager_id);
    const me = staffOf(request);
    const fields = Object.entries(input).filter(([, v]) => v !== undefined);
    try {
      await inTransaction(pool, async (db) => {
        const { rows } = await db.query('SELECT * FROM companies WHERE id = $1 FOR UPDATE', [id]);
        if (!rows[0]) throw notFound('No such company');
        // The email-domains policy needs a domain, whichever of the two this change sends.
        const policy = input.signup_policy ?? rows[0].signup_policy;
        const domains = input.signup_domains ?? rows[0].signup_domains;
        if (policy === 'email_domains' && domains.length === 0) {
          throw new ApiError(400, ERROR_CODES.invalidInput, `Invalid body: signup_domains (${NO_SIGNUP_DOMAINS})`, { signup_domains: NO_SIGNUP_DOMAINS });
        }
        const sets = fields.map(([k], i) => `${k} = $${i + 2}`).join(', ');
        await db.query(`UPDATE companies SET ${sets} WHERE id = $1`, [id, ...fields.map(([, v]) => v)]);
        const changes = Object.fromEntries(
          fields.filter(([k, v]) => JSON.stringify(rows[0][k]) !== JSON.stringify(v)).map(([k, v]) => [k, { from: rows[0][k], to: v }]),
        );
        await auditStaff(db, me.userId, 'company', id, 'update', { changes });
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw duplicateAccount();
      throw e;
    }
    return loadCompany(id);
  });

  app.post('/api/v2/companies/:id/contacts', staff, async (request, reply) => {
    const { id } = parseInput(idParam, request.params, 'path');
    const input = parseInput(contactSchema, request.body);
    const me = staffOf(request);
    const contact = await inTransaction(pool, async (db) => {
      const { rows: company } = await db.query('SELECT id FROM companies WHERE id = $1', [id]);
      if (!company.length) throw notFound('No such company');
      const { rows } = await db.query(
        'INSERT INTO contacts (company_id, name, email, phone, title) VALUES ($1, $2, $3, $4, $5) RETURNING id, company_id, name, email, phone, title',
        [id, input.name, input.email ?? null, input.phone ?? null, input.title ?? null],
      );
      await auditStaff(db, me.userId, 'contact', rows[0].id, 'create', { company_id: id, name: input.name });
      return rows[0];
    });
    return reply.status(201).send(contact);
  });

  app.patch('/api/v2/contacts/:id', staff, async (request) => {
    const { id } = parseInput(idParam, request.params, 'path');
    const input = parseInput(updateContactSchema, request.body);
    const me = staffOf(request);
    const fields = Object.entries(input).filter(([, v]) => v !== undefined);
    return inTransaction(pool, async (db) => {
      const { rows: before } = await db.query('SELECT * FROM contacts WHERE id = $1 FOR UPDATE', [id]);
      if (!before[0]) throw notFound('No such contact');
      const sets = fields.map(([k], i) => `${k} = $${i + 2}`).join(', ');
      const { rows } = await db.query(`UPDATE contacts SET ${sets} WHERE id = $1 RETURNING id, company_id, name, email, phone, title`, [
        id,
        ...fields.map(([, v]) => v),
      ]);
      await auditStaff(db, me.userId, 'contact', id, 'update', {
        changes: Object.fromEntries(fields.map(([k, v]) => [k, { from: before[0][k], to: v }])),
      });
      return rows[0];
    });
  });

  app.delete('/api/v2/contacts/:id', staff, async (request) => {
    const { id } = parseInput(idParam, request.params, 'path');
    const me = staffOf(request);
    await inTransaction(pool, async (db) => {
      const { rows } = await db.query('DELETE FROM contacts WHERE id = $1 RETURNING company_id, name, email', [id]);
      if (!rows[0]) throw notFound('No such contact');
      await auditStaff(db, me.userId, 'contact', id, 'delete', rows[0]);
    });
    return { ok: true };
  });
}
