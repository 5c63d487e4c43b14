/**
 * Sales SQL: activities, the dashboard's figures, customers and territories, the company seen from
 * sales, settings (targets, channels, spend, probabilities), the public form's answers and the
 * inputs of the CAC check. Every change writes one audit row through the one audit writer.
 */
import { QUOTE_STATUSES, type QuoteStatus } from '@contracts/quotes';
import { ERROR_CODES } from '@contracts/common/errors';
import { formatMoney } from '@contracts/quote-money';
import {
  ACTIVITY_KINDS,
  DEFAULT_PROBABILITIES,
  SALES_LIMITS,
  SETTINGS_MESSAGES,
  activityDayProblem,
  computeCac,
  territoryTotals,
  type Activity,
  type ActivityCounts,
  type ActivitySearch,
  type CacReport,
  type HuhyAnswer,
  type HuhyOverview,
  type PendingHuhyAnswer,
  type SalesCompanyView,
  type SalesCustomer,
  type SalesDashboard,
  type SalesSettings,
  type TargetKind,
  type TerritoryOverview,
} from '@contracts/sales';
import { SYSTEM, audit, staffActor, type AuditActor } from '@server/platform/audit';
import type { StaffPrincipal } from '@server/platform/auth/sessions';
import { ApiError, invalidField, notFound } from '@server/platform/http/errors';
import { iso, type Queryable } from '@server/platform/sql';
import { acceptedQuotesOf, quotePipeline } from '@server/features/quotes';
import { assertMayLogFor } from './reps';

const n = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));
const zero = (): ActivityCounts => ({ call: 0, letter: 0, lead: 0, sale: 0, revenue: 0 });
const firstOfMonth = (month: string) => `${month}-01`;
export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);

// ---------------------------------------------------------------- activities

const ACTIVITY_SELECT = `
  SELECT a.id, a.kind, a.company_id AS "companyId", c.name AS "companyName", a.staff_id AS "staffId",
         coalesce(s.name, 'Web form') AS "staffName", to_char(a.occurred_on, 'YYYY-MM-DD') AS "occurredOn",
         a.amount_cents::float8 AS "amountCents", a.quote_id AS "quoteId",
         CASE WHEN q.id IS NULL THEN NULL WHEN q.revision > 1 THEN q.number || '-R' || q.revision ELSE q.number END AS "quoteNumber",
         ch.name AS "channelName", a.notes, ${iso('a.created_at', '"createdAt"')}
    FROM sales_activities a
    JOIN companies c ON c.id = a.company_id
    LEFT JOIN staff_users s ON s.id = a.staff_id
    LEFT JOIN quotes q ON q.id = a.quote_id
    LEFT JOIN sales_channels ch ON ch.id = a.channel_id`;

export async function listActivities(db: Queryable, search: ActivitySearch & { limit: number }): Promise<Activity[]> {
  const { rows } = await db.query<Activity>(
    `${ACTIVITY_SELECT}
      WHERE ($1::text IS NULL OR a.kind = $1) AND ($2::int IS NULL OR a.company_id = $2) AND ($3::int IS NULL OR a.staff_id = $3)
        AND ($4::date IS NULL OR (a.occurred_on >= $4::date AND a.occurred_on < $4::date + interval '1 month'))
      ORDER BY a.occurred_on DESC, a.id DESC LIMIT $5`,
    [search.kind ?? null, search.companyId ?? null, search.staffId ?? null, search.month ? firstOfMonth(search.month) : null, search.limit],
  );
  return rows;
}

/** What a page of sales may be ordered by: the day closed, the company, the rep, the amount. */
export type SalesOrder = { by: 'day' | 'company' | 'rep' | 'amount'; dir: 'asc' | 'desc' };
const SALES_ORDER_SQL: Record<SalesOrder['by'], string> = { day: 'a.occurred_on', company: 'lower(c.name)', rep: `lower(coalesce(s.name, 'Web form'))`, amount: 'a.amount_cents' };

/**
 * One page of the closed sales of some reps in a month, newest first unless `order` says otherwise,
 * and how many there are in all. Ties go by id in the same direction, so pages neither repeat nor skip a sale.
 */
export async function salesOfRepsPage(
  db: Queryable,
  staffIds: readonly number[],
  month: string,
  page: { offset: number; limit: number },
  order: SalesOrder = { by: 'day', dir: 'desc' },
): Promise<{ rows: Activity[]; total: number }> {
  const where = `WHERE a.kind = 'sale' AND a.staff_id = ANY($1::int[]) AND a.occurred_on >= $2::date AND a.occurred_on < $2::date + interval '1 month'`;
  const dir = order.dir === 'asc' ? 'ASC' : 'DESC';
  const [list, count] = [
    await db.query<Activity>(`${ACTIVITY_SELECT} ${where} ORDER BY ${SALES_ORDER_SQL[order.by]} ${dir} NULLS LAST, a.id ${dir} OFFSET $3 LIMIT $4`, [staffIds, firstOfMonth(month), page.offset, page.limit]),
    await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sales_activities a ${where}`, [staffIds, firstOfMonth(month)]),
  ];
  return { rows: list.rows, total: count.rows[0]!.n };
}

export async function loadActivity(db: Queryable, id: number): Promise<Activity | null> {
  const { rows } = await db.query<Activity>(`${ACTIVITY_SELECT} WHERE a.id = $1`, [id]);
  return rows[0] ?? null;
}

export type NewActivity = { kind: Activity['kind']; companyId: number; staffId: number; occurredOn: string; amountCents?: number; quoteId?: number; notes: string };

/**
 * Logs an activity for a rep: the signed-in user's own, or a rep's as their manager or an admin.
 * Its day is within the contract's window around `today`. A closed sale against an accepted quote
 * of the company is that quote's total (filled in when left out, any other amount refused), and a
 * quote's sale is logged once.
 */
export async function insertActivity(db: Queryable, input: NewActivity, me: Pick<StaffPrincipal, 'userId' | 'role'>, today: string): Promise<number> {
  const dayProblem = activityDayProblem(input.occurredOn, today);
  if (dayProblem) throw invalidField('occurredOn', dayProblem);
  const company = await db.query('SELECT 1 FROM companies WHERE id = $1', [input.companyId]);
  if (!company.rows.length) throw invalidField('companyId', 'No such company');
  await assertMayLogFor(db, me, input.staffId);
  let amount = input.amountCents ?? null;
  if (input.quoteId !== undefined) {
    const accepted = await acceptedQuotesOf(db, input.companyId);
    const quote = accepted.find((q) => q.id === input.quoteId);
    if (!quote) throw invalidField('quoteId', 'Pick an accepted quote of this company');
    if (amount !== null && amount !== quote.totalCents) throw invalidField('amountCents', `${quote.number} was accepted at ${formatMoney(quote.totalCents)}: a sale against it is that amount`);
    amount = quote.totalCents;
    // Saves of one quote's sale wait for each other here, so the second one sees the first.
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [QUOTE_SALE_LOCK, input.quoteId]);
    const logged = await db.query(`SELECT 1 FROM sales_activities WHERE quote_id = $1 AND kind = 'sale'`, [input.quoteId]);
    if (logged.rows.length) throw new ApiError(409, ERROR_CODES.conflict, `The sale of ${quote.number} is already logged`, { quoteId: `The sale of ${quote.number} is already logged` });
  }
  // A lead or sale of a company that came through the public form keeps that channel.
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO sales_activities (kind, company_id, staff_id, occurred_on, amount_cents, quote_id, channel_id, notes, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, (SELECT channel_id FROM huhy_answers WHERE company_id = $2 ORDER BY created_at, id LIMIT 1), $7, $8) RETURNING id`,
    [input.kind, input.companyId, input.staffId, input.occurredOn, input.kind === 'sale' ? amount : null, input.quoteId ?? null, input.notes, me.userId],
  );
  const id = rows[0]!.id;
  await audit(db, {
    actor: staffActor(me.userId),
    entity: 'sales_activity',
    entityId: id,
    action: 'create',
    detail: { kind: input.kind, companyId: input.companyId, staffId: input.staffId, amountCents: input.kind === 'sale' ? amount : null },
  });
  return id;
}

/** The advisory lock of one quote's sale (with the quote's id). */
const QUOTE_SALE_LOCK = 'sales.quote-sale';

// ---------------------------------------------------------------- dashboard

export async function probabilities(db: Queryable): Promise<Record<QuoteStatus, number>> {
  const { rows } = await db.query<{ status: QuoteStatus; percent: number }>('SELECT status, percent FROM sales_probabilities');
  const out = { ...DEFAULT_PROBABILITIES };
  for (const r of rows) out[r.status] = r.percent;
  return out;
}

export async function dashboard(db: Queryable, month: string): Promise<SalesDashboard> {
  const from = firstOfMonth(month);
  const { rows: acts } = await db.query<{ staff_id: number | null; kind: string; count: number; revenue: number }>(
    `SELECT staff_id, kind, count(*)::int AS count, coalesce(sum(amount_cents), 0)::float8 AS revenue
       FROM sales_activities WHERE occurred_on >= $1::date AND occurred_on < $1::date + interval '1 month' GROUP BY 1, 2`,
    [from],
  );
  const { rows: targets } = await db.query<{ staff_id: number; kind: TargetKind; monthly: number }>('SELECT staff_id, kind, monthly::float8 AS monthly FROM sales_targets');
  const ids = [...new Set([...acts.map((a) => a.staff_id).filter((x): x is number => x !== null), ...targets.map((t) => t.staff_id)])];
  const { rows: staff } = await db.query<{ id: number; name: string }>('SELECT id, name FROM staff_users WHERE id = ANY($1::int[]) ORDER BY name', [ids]);
  const reps = staff.map((s) => {
    const actual = zero();
    const target = zero();
    for (const a of acts.filter((x) => x.staff_id === s.id)) {
      actual[a.kind as keyof ActivityCounts] = a.count;
      if (a.kind === 'sale') actual.revenue = a.revenue;
    }
    for (const t of targets.filter((x) => x.staff_id === s.id)) target[t.kind] = t.monthly;
    return { staffId: s.id, name: s.name, actual, target };
  });
  const total = { actual: zero(), target: zero() };
  for (const a of acts) {
    total.actual[a.kind as keyof ActivityCounts] += a.count;
    if (a.kind === 'sale') total.actual.revenue += a.revenue;
  }
  for (const t of targets) if (staff.some((s) => s.id === t.staff_id)) total.target[t.kind] += t.monthly;
  const { rows: daily } = await db.query<SalesDashboard['daily'][number]>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS day,
            count(a.id) FILTER (WHERE a.kind = 'call')::int AS call, count(a.id) FILTER (WHERE a.kind = 'letter')::int AS letter,
            count(a.id) FILTER (WHERE a.kind = 'lead')::int AS lead, count(a.id) FILTER (WHERE a.kind = 'sale')::int AS sale
       FROM generate_series($1::date, $1::date + interval '1 month' - interval '1 day', interval '1 day') AS d
       LEFT JOIN sales_activities a ON a.occurred_on = d::date
      GROUP BY d ORDER BY d`,
    [from],
  );
  const pipe = await quotePipeline(db);
  const prob = await probabilities(db);
  const byStatus = pipe.byStatus.map((b) => ({ ...b, probability: prob[b.status], weightedCents: Math.round((b.totalCents * prob[b.status]) / 100) }));
  const open = byStatus.filter((b) => b.status === 'draft' || b.status === 'sent');
  const leaderboard = reps
    .map((r) => ({ staffId: r.staffId, name: r.name, revenue: r.actual.revenue, sales: r.actual.sale, calls: r.actual.call }))
    .sort((a, b) => b.revenue - a.revenue || b.sales - a.sales || b.calls - a.calls || a.name.localeCompare(b.name));
  return {
    month,
    reps,
    total,
    daily,
    pipeline: { byStatus, openCents: pipe.openCents, weightedCents: open.reduce((a, b) => a + b.weightedCents, 0) },
    leaderboard,
  };
}

// ---------------------------------------------------------------- customers and territories

const CUSTOMER_SELECT = `
  SELECT c.id, c.name, c.account_number AS "accountNumber", c.status, nullif(c.territory, '') AS territory, m.name AS "accountManager",
         (SELECT to_char(max(a.occurred_on), 'YYYY-MM-DD') FROM sales_activities a WHERE a.company_id = c.id) AS "lastActivityOn",
         (SELECT coalesce(sum(a.amount_cents), 0)::float8 FROM sales_activities a WHERE a.company_id = c.id AND a.kind = 'sale') AS "lifetimeCents",
         (SELECT coalesce(sum(q.total_cents), 0)::float8 FROM quotes q WHERE q.company_id = c.id AND NOT q.superseded AND q.number IS NOT NULL AND q.status IN ('draft', 'sent')) AS "pipelineCents",
         (SELECT ch.name FROM huhy_answers h JOIN sales_channels ch ON ch.id = h.channel_id WHERE h.company_id = c.id ORDER BY h.created_at, h.id LIMIT 1) AS channel
    FROM companies c LEFT JOIN staff_users m ON m.id = c.account_manager_id`;

export async function customers(db: Queryable, filter: { q?: string; territory?: string } = {}): Promise<SalesCustomer[]> {
  const { rows } = await db.query<SalesCustomer>(
    `${CUSTOMER_SELECT}
      WHERE ($1::text IS NULL OR c.name ILIKE '%' || $1 || '%' OR c.account_number ILIKE '%' || $1 || '%')
        AND ($2::text IS NULL OR lower(c.territory) = lower($2))
      ORDER BY c.name, c.id LIMIT 5000`,
    [filter.q?.replace(/[\\%_]/g, (x) => `\\${x}`) || null, filter.territory ?? null],
  );
  return rows;
}

export async function territoryOverview(db: Queryable): Promise<TerritoryOverview> {
  const list = await customers(db);
  const { rows: terr } = await db.query<{ id: number; name: string; ownerId: number | null; ownerName: string | null }>(
    `SELECT t.id, t.name, t.owner_id AS "ownerId", s.name AS "ownerName" FROM sales_territories t LEFT JOIN staff_users s ON s.id = t.owner_id ORDER BY t.name`,
  );
  const { rows: staff } = await db.query<{ id: number; name: string }>('SELECT id, name FROM staff_users WHERE active ORDER BY name');
  return {
    ...territoryTotals(terr, list),
    customers: list,
    staff,
  };
}

/** Moves companies into a territory (null: out of every territory); one audit row per company moved. */
export async function reassign(db: Queryable, companyIds: number[], territoryId: number | null, actor: AuditActor): Promise<number> {
  let name: string | null = null;
  if (territoryId !== null) {
    const { rows } = await db.query<{ name: string }>('SELECT name FROM sales_territories WHERE id = $1', [territoryId]);
    if (!rows.length) throw invalidField('territoryId', 'No such territory');
    name = rows[0]!.name;
  }
  const ids = [...new Set(companyIds)];
  const { rows: found } = await db.query<{ id: number; territory: string | null }>('SELECT id, territory FROM companies WHERE id = ANY($1::int[]) FOR UPDATE', [ids]);
  if (found.length !== ids.length) throw invalidField('companyIds', 'Some of these companies do not exist');
  const moved = found.filter((c) => (c.territory ?? null) !== name);
  await db.query('UPDATE companies SET territory = $2 WHERE id = ANY($1::int[])', [moved.map((c) => c.id), name]);
  for (const c of moved) await audit(db, { actor, entity: 'company', entityId: c.id, action: 'territory', detail: { from: c.territory, to: name } });
  return moved.length;
}

const TERRITORY_NAME_TAKEN = 'A territory with this name exists';
/** A territory name is unique without regard to case: 409 naming the field, whether the other one was there before or saved at the same moment. */
const territoryNameTaken = () => new ApiError(409, ERROR_CODES.conflict, TERRITORY_NAME_TAKEN, { name: TERRITORY_NAME_TAKEN });
const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/** Runs a territory write; the unique index on the lower-cased name answers 409 instead of a database error. */
async function uniqueTerritoryName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e)) throw territoryNameTaken();
    throw e;
  }
}

export async function createTerritory(db: Queryable, input: { name: string; ownerId: number | null }, actor: AuditActor): Promise<number> {
  const dup = await db.query('SELECT 1 FROM sales_territories WHERE lower(name) = lower($1)', [input.name]);
  if (dup.rows.length) throw territoryNameTaken();
  await assertStaff(db, input.ownerId, 'ownerId');
  const { rows } = await uniqueTerritoryName(() => db.query<{ id: number }>('INSERT INTO sales_territories (name, owner_id) VALUES ($1, $2) RETURNING id', [input.name, input.ownerId]));
  await audit(db, { actor, entity: 'sales_territory', entityId: rows[0]!.id, action: 'create', detail: input });
  return rows[0]!.id;
}

/** Renames a territory (its companies follow) and sets its owner. */
export async function updateTerritory(db: Queryable, id: number, input: { name: string; ownerId: number | null }, actor: AuditActor): Promise<void> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM sales_territories WHERE id = $1 FOR UPDATE', [id]);
  if (!rows.length) throw notFound('No such territory');
  const dup = await db.query('SELECT 1 FROM sales_territories WHERE lower(name) = lower($1) AND id <> $2', [input.name, id]);
  if (dup.rows.length) throw territoryNameTaken();
  await assertStaff(db, input.ownerId, 'ownerId');
  await uniqueTerritoryName(() => db.query('UPDATE sales_territories SET name = $2, owner_id = $3 WHERE id = $1', [id, input.name, input.ownerId]));
  await db.query('UPDATE companies SET territory = $2 WHERE lower(territory) = lower($1)', [rows[0]!.name, input.name]);
  await audit(db, { actor, entity: 'sales_territory', entityId: id, action: 'update', detail: { from: rows[0]!.name, ...input } });
}

async function assertStaff(db: Queryable, id: number | null, field: string) {
  if (id === null) return;
  const { rows } = await db.query('SELECT 1 FROM staff_users WHERE id = $1', [id]);
  if (!rows.length) throw invalidField(field, 'No such staff user');
}

export async function companyView(db: Queryable, id: number): Promise<SalesCompanyView | null> {
  const { rows } = await db.query<SalesCustomer>(`${CUSTOMER_SELECT} WHERE c.id = $1`, [id]);
  if (!rows.length) return null;
  const { rows: contacts } = await db.query<SalesCompanyView['contacts'][number]>('SELECT id, name, email, phone, title FROM contacts WHERE company_id = $1 ORDER BY name, id', [id]);
  const activities = await db.query<Activity>(`${ACTIVITY_SELECT} WHERE a.company_id = $1 ORDER BY a.occurred_on DESC, a.id DESC LIMIT 200`, [id]);
  return { company: rows[0]!, activities: activities.rows, contacts, pipeline: await quotePipeline(db, { companyId: id }), acceptedQuotes: await acceptedQuotesOf(db, id) };
}

// ---------------------------------------------------------------- settings

export async function loadSettings(db: Queryable, months: string[]): Promise<SalesSettings> {
  const { rows: reps } = await db.query<{ id: number; name: string }>('SELECT id, name FROM staff_users WHERE active ORDER BY name');
  const { rows: targets } = await db.query<{ staffId: number; kind: TargetKind; monthly: number }>('SELECT staff_id AS "staffId", kind, monthly::float8 AS monthly FROM sales_targets ORDER BY staff_id, kind');
  const { rows: channels } = await db.query<SalesSettings['channels'][number]>('SELECT id, name, offered, position FROM sales_channels ORDER BY position, id');
  const { rows: spend } = await db.query<SalesSettings['spend'][number]>(
    `SELECT channel_id AS "channelId", to_char(month, 'YYYY-MM') AS month, cents::float8 AS cents FROM sales_spend WHERE to_char(month, 'YYYY-MM') = ANY($1::text[]) ORDER BY month, channel_id`,
    [months],
  );
  return { reps, targets, channels, spend, probabilities: await probabilities(db) };
}

export async function saveTargets(db: Queryable, targets: { staffId: number; kind: TargetKind; monthly: number }[], actor: AuditActor): Promise<void> {
  const ids = [...new Set(targets.map((t) => t.staffId))];
  const { rows } = await db.query<{ id: number }>('SELECT id FROM staff_users WHERE id = ANY($1::int[])', [ids]);
  const missing = targets.findIndex((t) => !rows.some((r) => r.id === t.staffId));
  if (missing >= 0) throw invalidField(`targets.${missing}.staffId`, 'No such rep');
  for (const t of targets) {
    await db.query(
      `INSERT INTO sales_targets (staff_id, kind, monthly) VALUES ($1, $2, $3) ON CONFLICT (staff_id, kind) DO UPDATE SET monthly = EXCLUDED.monthly`,
      [t.staffId, t.kind, t.monthly],
    );
  }
  await audit(db, { actor, entity: 'sales_settings', entityId: null, action: 'targets', detail: { count: targets.length } });
}

export async function saveSpend(db: Queryable, spend: { channelId: number; month: string; cents: number }[], actor: AuditActor): Promise<void> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM sales_channels');
  const missing = spend.findIndex((s) => !rows.some((r) => r.id === s.channelId));
  if (missing >= 0) throw invalidField(`spend.${missing}.channelId`, 'No such channel');
  for (const s of spend) {
    await db.query(`INSERT INTO sales_spend (channel_id, month, cents) VALUES ($1, $2, $3) ON CONFLICT (channel_id, month) DO UPDATE SET cents = EXCLUDED.cents`, [
      s.channelId,
      firstOfMonth(s.month),
      s.cents,
    ]);
  }
  await audit(db, { actor, entity: 'sales_settings', entityId: null, action: 'spend', detail: { count: spend.length } });
}

/** Saves the channel list: known ids are renamed or switched on/off the form, new names are added; the order is the list's. */
export async function saveChannels(db: Queryable, channels: { id?: number; name: string; offered: boolean }[], actor: AuditActor): Promise<void> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM sales_channels');
  const missing = channels.findIndex((c) => c.id !== undefined && !rows.some((r) => r.id === c.id));
  if (missing >= 0) throw invalidField(`channels.${missing}.id`, 'No such channel');
  const kept = channels.flatMap((c) => (c.id ? [c.id] : []));
  // Free the names first so a swap of two names does not trip the unique index.
  await db.query(`UPDATE sales_channels SET name = '#' || id || ' ' || name WHERE id = ANY($1::int[])`, [kept]);
  for (const [i, c] of channels.entries()) {
    if (c.id) await db.query('UPDATE sales_channels SET name = $2, offered = $3, position = $4 WHERE id = $1', [c.id, c.name, c.offered, i + 1]);
    else {
      const dup = await db.query('SELECT 1 FROM sales_channels WHERE lower(name) = lower($1)', [c.name]);
      if (dup.rows.length) throw invalidField(`channels.${i}.name`, SETTINGS_MESSAGES.channelNamesDiffer);
      const { rows: added } = await db.query<{ id: number }>('INSERT INTO sales_channels (name, offered, position) VALUES ($1, $2, $3) RETURNING id', [c.name, c.offered, i + 1]);
      kept.push(added[0]!.id);
    }
  }
  // A channel left out of the list is no longer offered (its history stays).
  await db.query('UPDATE sales_channels SET offered = false, position = 1000 + id WHERE NOT (id = ANY($1::int[])) AND position < 1000', [kept]);
  await audit(db, { actor, entity: 'sales_settings', entityId: null, action: 'channels', detail: { channels: channels.map((c) => c.name) } });
}

export async function saveProbabilities(db: Queryable, input: Record<QuoteStatus, number>, actor: AuditActor): Promise<void> {
  for (const status of QUOTE_STATUSES) {
    await db.query('INSERT INTO sales_probabilities (status, percent) VALUES ($1, $2) ON CONFLICT (status) DO UPDATE SET percent = EXCLUDED.percent', [status, input[status]]);
  }
  await audit(db, { actor, entity: 'sales_settings', entityId: null, action: 'probabilities', detail: input });
}

// ---------------------------------------------------------------- HUHY

export async function offeredChannels(db: Queryable): Promise<{ id: number; name: string }[]> {
  const { rows } = await db.query<{ id: number; name: string }>('SELECT id, name FROM sales_channels WHERE offered ORDER BY position, id');
  return rows;
}

/**
 * Stores an answer of the public form as waiting for review: it is nobody's contact, no company is
 * made or changed, and no lead is logged until staff confirm it (`confirmHuhy`). The same answer
 * (company name, case, spaces and punctuation aside, and email) waiting already is a 409.
 */
export async function submitHuhy(db: Queryable, input: { company: string; name: string; email: string; channelId: number; detail: string }): Promise<number> {
  const channel = await db.query('SELECT 1 FROM sales_channels WHERE id = $1 AND offered', [input.channelId]);
  if (!channel.rows.length) throw invalidField('channelId', 'Pick one of the listed channels');
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO huhy_answers (company_name, contact_name, email, channel_id, detail) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (sales_company_key(company_name), lower(email)) WHERE status = 'pending' DO NOTHING RETURNING id`,
    [input.company, input.name, input.email, input.channelId, input.detail],
  );
  if (!rows[0]) throw new ApiError(409, ERROR_CODES.conflict, HUHY_ALREADY_RECEIVED);
  await audit(db, { actor: SYSTEM, entity: 'huhy_answer', entityId: rows[0].id, action: 'create', detail: { channelId: input.channelId } });
  return rows[0].id;
}

const HUHY_ALREADY_RECEIVED = 'We already have your answer for this company; someone from our team will be in touch soon.';
const ALREADY_REVIEWED = 'This answer was already reviewed';
/** Confirmations that create a company of one name wait for each other here (with the hash of the name's key). */
const COMPANY_NAME_LOCK = 'sales.company-name';

type PendingRow = { id: number; company_name: string; contact_name: string; email: string; channel_id: number; detail: string; day: string; status: string };

/** The answer, locked for its review: 404 when there is none, 409 when it was reviewed already. */
async function pendingAnswer(db: Queryable, id: number): Promise<PendingRow> {
  const { rows } = await db.query<PendingRow>(
    `SELECT id, company_name, contact_name, email, channel_id, detail, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, status
       FROM huhy_answers WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!rows[0]) throw notFound('No such answer');
  if (rows[0].status !== 'pending') throw new ApiError(409, ERROR_CODES.conflict, ALREADY_REVIEWED);
  return rows[0];
}

/**
 * Confirms a waiting answer: to the company staff picked, or (null) as a new prospect named as the
 * answer typed it, refused with 409 when a company of that name (case, spaces and punctuation
 * aside) exists. The person becomes a contact of the company (unless one with the email is there),
 * and a lead of the answer's channel is logged on the day it came in, as "Web form".
 */
export async function confirmHuhy(db: Queryable, id: number, companyId: number | null, actor: AuditActor): Promise<number> {
  const answer = await pendingAnswer(db, id);
  let target = companyId;
  if (target === null) {
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext(sales_company_key($2)))', [COMPANY_NAME_LOCK, answer.company_name]);
    const { rows: same } = await db.query<{ name: string }>('SELECT name FROM companies WHERE sales_company_key(name) = sales_company_key($1) ORDER BY id LIMIT 1', [answer.company_name]);
    if (same[0]) {
      const message = `A company named ${same[0].name} exists: add the answer to it`;
      throw new ApiError(409, ERROR_CODES.conflict, message, { companyId: message });
    }
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO companies (name, account_number, status, notes) VALUES ($1, $2, 'prospect', $3) RETURNING id`,
      [answer.company_name, `WEB-${answer.id}`, 'Came in through "How did you hear about us?"'],
    );
    target = rows[0]!.id;
  } else {
    const { rows } = await db.query('SELECT 1 FROM companies WHERE id = $1', [target]);
    if (!rows.length) throw invalidField('companyId', 'No such company');
  }
  const contact = await db.query('SELECT 1 FROM contacts WHERE company_id = $1 AND lower(email) = lower($2)', [target, answer.email]);
  if (!contact.rows.length) await db.query('INSERT INTO contacts (company_id, name, email) VALUES ($1, $2, $3)', [target, answer.contact_name, answer.email]);
  await db.query(`UPDATE huhy_answers SET status = 'confirmed', company_id = $2, reviewed_by = $3, reviewed_at = now() WHERE id = $1`, [id, target, actorId(actor)]);
  await db.query(
    `INSERT INTO sales_activities (kind, company_id, staff_id, occurred_on, channel_id, huhy_id, notes, created_by) VALUES ('lead', $1, NULL, $2, $3, $4, $5, $6)`,
    [target, answer.day, answer.channel_id, id, answer.detail, actorId(actor)],
  );
  await audit(db, { actor, entity: 'huhy_answer', entityId: id, action: 'confirm', detail: { companyId: target, created: companyId === null } });
  return target;
}

/** Discards a waiting answer: it stays in the table for the record, counted nowhere and shown nowhere. */
export async function discardHuhy(db: Queryable, id: number, actor: AuditActor): Promise<void> {
  await pendingAnswer(db, id);
  await db.query(`UPDATE huhy_answers SET status = 'discarded', reviewed_by = $2, reviewed_at = now() WHERE id = $1`, [id, actorId(actor)]);
  await audit(db, { actor, entity: 'huhy_answer', entityId: id, action: 'discard' });
}

const actorId = (actor: AuditActor) => (actor.type === 'staff' ? actor.id : null);

const HUHY_SELECT = `
  SELECT h.id, ${iso('h.created_at', '"createdAt"')}, h.company_name AS company, h.company_id AS "companyId", h.contact_name AS name, h.email, ch.name AS channel, h.detail, h.status
    FROM huhy_answers h JOIN sales_channels ch ON ch.id = h.channel_id`;

export async function huhyOverview(db: Queryable): Promise<HuhyOverview> {
  const { rows: pending } = await db.query<PendingHuhyAnswer>(
    `SELECT p.*, (SELECT json_build_object('id', c.id, 'name', c.name, 'status', c.status) FROM companies c
                   WHERE sales_company_key(c.name) = sales_company_key(p.company) ORDER BY c.id LIMIT 1) AS match
       FROM (${HUHY_SELECT} WHERE h.status = 'pending' ORDER BY h.created_at, h.id LIMIT $1) p
      ORDER BY p."createdAt", p.id`,
    [SALES_LIMITS.huhyPendingMax],
  );
  const { rows: answers } = await db.query<HuhyAnswer>(`${HUHY_SELECT} WHERE h.status <> 'discarded' ORDER BY h.created_at DESC, h.id DESC LIMIT 500`);
  const { rows: months } = await db.query<{ month: string; channel: string; count: number }>(
    `SELECT to_char(date_trunc('month', h.created_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, ch.name AS channel, count(*)::int AS count
       FROM huhy_answers h JOIN sales_channels ch ON ch.id = h.channel_id
      WHERE h.created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') - interval '11 months' AND h.status <> 'discarded'
      GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const { rows: channels } = await db.query<{ name: string }>('SELECT name FROM sales_channels ORDER BY position, id');
  const monthList = [...new Set(months.map((m) => m.month))];
  const totals: Record<string, number> = {};
  for (const m of months) totals[m.channel] = (totals[m.channel] ?? 0) + m.count;
  return {
    pending,
    answers,
    channels: channels.map((c) => c.name).filter((c) => totals[c]),
    byMonth: monthList.map((month) => ({ month, counts: Object.fromEntries(months.filter((m) => m.month === month).map((m) => [m.channel, m.count])) })),
    totals,
  };
}

// ---------------------------------------------------------------- CAC

/** The CAC check's inputs from the database, computed by the one `computeCac`. */
export async function cacReport(db: Queryable, from: string, to: string, asOf: string): Promise<CacReport> {
  const { rows: channels } = await db.query<{ id: number; name: string }>('SELECT id, name FROM sales_channels ORDER BY position, id');
  const { rows: spend } = await db.query<{ channelId: number; month: string; cents: number }>(`SELECT channel_id AS "channelId", to_char(month, 'YYYY-MM') AS month, cents::float8 AS cents FROM sales_spend`);
  // A company's channel is that of its first answer on the public form (or of its first tagged lead).
  const { rows: sales } = await db.query<{ companyId: number; companyName: string; channelId: number | null; month: string; cents: number }>(
    `SELECT a.company_id AS "companyId", c.name AS "companyName",
            coalesce((SELECT h.channel_id FROM huhy_answers h WHERE h.company_id = a.company_id ORDER BY h.created_at, h.id LIMIT 1),
                     (SELECT l.channel_id FROM sales_activities l WHERE l.company_id = a.company_id AND l.channel_id IS NOT NULL ORDER BY l.occurred_on, l.id LIMIT 1)) AS "channelId",
            to_char(a.occurred_on, 'YYYY-MM') AS month, a.amount_cents::float8 AS cents
       FROM sales_activities a JOIN companies c ON c.id = a.company_id WHERE a.kind = 'sale'`,
  );
  return computeCac({ channels, spend: spend.map((s) => ({ ...s, cents: n(s.cents) })), sales, from, to, asOf });
}

export { ACTIVITY_KINDS };
