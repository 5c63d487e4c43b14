/** Companies and their contacts: the SQL, with typed rows. */
import type { z } from 'zod';
import {
  NO_SIGNUP_DOMAINS,
  type ClientUser,
  type Company,
  type CompanyRow,
  type CompanyView,
  type Contact,
  type Paged,
  type companySearchQuerySchema,
  type contactSchema,
  type createCompanySchema,
  type updateCompanySchema,
  type updateContactSchema,
} from '@contracts/companies';
import { ERROR_CODES } from '@contracts/common/errors';
import { clientUsersOfCompany } from '@server/features/client-users';
import { audit, type AuditActor } from '@server/platform/audit';
import { ApiError, invalidField, notFound } from '@server/platform/http/errors';
import { containing, foldedLike, isoInstant, offsetOf, type Queryable } from '@server/platform/sql';

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
const CONTACT_COLUMNS = 'id, company_id, name, email, phone, title';

const duplicateAccount = () =>
  new ApiError(409, ERROR_CODES.conflict, 'Another company has this account number', { account_number: 'Another company has this account number' });
const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/** Runs a write that may reuse an account number: 409 naming the field instead of a database error. */
export async function uniqueAccountNumber<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicateAccount();
    throw e;
  }
}

/** 400 unless the account manager (when given) is an active staff user. */
export async function assertAccountManager(db: Queryable, id: number | null | undefined): Promise<void> {
  if (!id) return;
  const { rows } = await db.query('SELECT 1 FROM staff_users WHERE id = $1 AND active', [id]);
  if (!rows.length) throw invalidField('account_manager_id', 'No such staff user');
}

export async function searchCompanies(db: Queryable, search: z.output<typeof companySearchQuerySchema>): Promise<Paged<CompanyRow>> {
  const values: unknown[] = [];
  const conds: string[] = [];
  if (search.q) {
    values.push(containing(search.q));
    conds.push(`(${foldedLike('c.name', `$${values.length}`)} OR ${foldedLike('c.account_number', `$${values.length}`)})`);
  }
  if (search.status) {
    values.push(search.status);
    conds.push(`c.status = $${values.length}`);
  }
  const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
  const sort = search.sort?.length ? search.sort : [{ field: 'name' as const, dir: 'asc' as const }];
  const order = [...sort.map((s) => `${SORT_SQL[s.field]} ${s.dir.toUpperCase()}`), 'c.id'].join(', ');
  const { rows: count } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM companies c ${where}`, values);
  const { rows } = await db.query<Omit<CompanyRow, 'created_at'> & { created_at: Date }>(
    `SELECT c.id, c.name, c.account_number, c.status, c.territory, c.created_at,
            (SELECT count(*)::int FROM tickets t WHERE t.company_id = c.id AND t.status <> 'C') AS open_tickets
       FROM companies c ${where}
      ORDER BY ${order}
      LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, search.size, offsetOf(search.page, search.size)],
  );
  return { rows: rows.map((r) => ({ ...r, created_at: isoInstant(r.created_at) })), page: search.page, size: search.size, total: count[0]!.n, totalExact: true };
}

export async function insertCompany(db: Queryable, input: z.output<typeof createCompanySchema>, actor: AuditActor): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO companies (name, account_number, phone, address, website, status, territory, account_manager_id, ms_plan, notes,
                            signup_policy, signup_domains)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [input.name, input.account_number, input.phone ?? null, input.address ?? null, input.website ?? null, input.status,
      input.territory ?? null, input.account_manager_id ?? null, input.ms_plan ?? null, input.notes ?? null,
      input.signup_policy, input.signup_domains],
  );
  const id = rows[0]!.id;
  await audit(db, { actor, entity: 'company', entityId: id, action: 'create', detail: { name: input.name, account_number: input.account_number } });
  return id;
}

/** A company's page: details, contacts, client users and ticket counts (overdue at `now`). */
export async function loadCompany(db: Queryable, id: number, now: Date): Promise<CompanyView | null> {
  const { rows } = await db.query<Omit<Company, 'created_at'> & { created_at: Date }>(
    `SELECT ${COMPANY_COLUMNS} FROM companies c LEFT JOIN staff_users m ON m.id = c.account_manager_id WHERE c.id = $1`,
    [id],
  );
  if (!rows[0]) return null;
  const { rows: contacts } = await db.query<Contact>(`SELECT ${CONTACT_COLUMNS} FROM contacts WHERE company_id = $1 ORDER BY name, id LIMIT 1000`, [id]);
  // The driver reads the users' instants as Dates (their row type says text): written below as the answer writes them.
  const users = (await clientUsersOfCompany(db, id)) as (Omit<ClientUser, 'created_at' | 'last_invited_at'> & { created_at: Date | string; last_invited_at: Date | string | null })[];
  const { rows: counts } = await db.query<CompanyView['ticket_counts']>(
    `SELECT count(*) FILTER (WHERE status <> 'C')::int AS open,
            count(*) FILTER (WHERE status <> 'C' AND duedate < $2)::int AS overdue,
            count(*)::int AS total
       FROM tickets WHERE company_id = $1`,
    [id, now],
  );
  return {
    company: { ...rows[0], created_at: isoInstant(rows[0].created_at) },
    contacts,
    client_users: users.map((u) => ({ ...u, created_at: isoInstant(u.created_at), last_invited_at: isoInstant(u.last_invited_at) })),
    ticket_counts: counts[0]!,
  };
}

/** The changed fields of a row: what each was and became. */
const changesOf = (before: Record<string, unknown>, fields: [string, unknown][]) =>
  Object.fromEntries(fields.map(([k, v]) => [k, { from: before[k], to: v }]));

/** Only the fields the change sets, as `column = $n` pairs after the id. */
const setClause = (fields: [string, unknown][]) => fields.map(([k], i) => `${k} = $${i + 2}`).join(', ');

export async function updateCompany(db: Queryable, id: number, input: z.output<typeof updateCompanySchema>, actor: AuditActor): Promise<void> {
  const fields = Object.entries(input).filter(([, v]) => v !== undefined);
  const { rows } = await db.query<Company & Record<string, unknown>>('SELECT * FROM companies WHERE id = $1 FOR UPDATE', [id]);
  const before = rows[0];
  if (!before) throw notFound('No such company');
  // The email-domains policy needs a domain, whichever of the two this change sends.
  const policy = input.signup_policy ?? before.signup_policy;
  const domains = input.signup_domains ?? before.signup_domains;
  if (policy === 'email_domains' && domains.length === 0) {
    throw new ApiError(400, ERROR_CODES.invalidInput, `Invalid body: signup_domains (${NO_SIGNUP_DOMAINS})`, { signup_domains: NO_SIGNUP_DOMAINS });
  }
  await db.query(`UPDATE companies SET ${setClause(fields)} WHERE id = $1`, [id, ...fields.map(([, v]) => v)]);
  const changed = fields.filter(([k, v]) => JSON.stringify(before[k]) !== JSON.stringify(v));
  await audit(db, { actor, entity: 'company', entityId: id, action: 'update', detail: { changes: changesOf(before, changed) } });
}

export async function addContact(db: Queryable, companyId: number, input: z.output<typeof contactSchema>, actor: AuditActor): Promise<Contact> {
  const { rows: company } = await db.query('SELECT id FROM companies WHERE id = $1', [companyId]);
  if (!company.length) throw notFound('No such company');
  const { rows } = await db.query<Contact>(
    `INSERT INTO contacts (company_id, name, email, phone, title) VALUES ($1, $2, $3, $4, $5) RETURNING ${CONTACT_COLUMNS}`,
    [companyId, input.name, input.email ?? null, input.phone ?? null, input.title ?? null],
  );
  const contact = rows[0]!;
  await audit(db, { actor, entity: 'contact', entityId: contact.id, action: 'create', detail: { company_id: companyId, name: input.name } });
  return contact;
}

export async function updateContact(db: Queryable, id: number, input: z.output<typeof updateContactSchema>, actor: AuditActor): Promise<Contact> {
  const fields = Object.entries(input).filter(([, v]) => v !== undefined);
  const { rows: before } = await db.query<Contact & Record<string, unknown>>('SELECT * FROM contacts WHERE id = $1 FOR UPDATE', [id]);
  if (!before[0]) throw notFound('No such contact');
  const { rows } = await db.query<Contact>(`UPDATE contacts SET ${setClause(fields)} WHERE id = $1 RETURNING ${CONTACT_COLUMNS}`, [id, ...fields.map(([, v]) => v)]);
  await audit(db, { actor, entity: 'contact', entityId: id, action: 'update', detail: { changes: changesOf(before[0], fields) } });
  return rows[0]!;
}

export async function removeContact(db: Queryable, id: number, actor: AuditActor): Promise<void> {
  const { rows } = await db.query<{ company_id: number; name: string; email: string | null }>('DELETE FROM contacts WHERE id = $1 RETURNING company_id, name, email', [id]);
  if (!rows[0]) throw notFound('No such contact');
  await audit(db, { actor, entity: 'contact', entityId: id, action: 'delete', detail: rows[0] });
}
