/**
 * Managed-services contracts: usage this month from time entries, usage alerts (once per company,
 * month and threshold), month close. Usage counts a company's time entries that are not on a
 * ticket (the tracker, the timesheet's company rows) or are on its "Managed Services" tickets.
 * A closed month is a sent bill: time dated in it that arrives later goes on the next bill
 * (docs/adr/0100).
 */
import type { z } from 'zod';
import type { contractSchema, ContractUsage, MonthCloseFigures, MsTicket, RoundingRule, UsageThreshold } from '@contracts/time';
import { notFound } from '@server/platform/http/errors';
import { iso, type Queryable } from '@server/platform/sql';

export const MS_QUEUE = 'Managed Services';

/** The first day (YYYY-MM-01) of the month holding an instant, in UTC (contracts bill by calendar month). */
export const monthOf = (now: Date) => `${now.toISOString().slice(0, 7)}-01`;
export const previousMonth = (month: string) => {
  const d = new Date(`${month}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 10);
};

/** Whether a time entry `e` (its ticket `t`) counts against its company's contract: project time is the project's budget, not the contract's. */
const COUNTS = `((e.ticket_id IS NULL AND e.project_id IS NULL) OR t.queue = '${MS_QUEUE}')`;

/** Entries dated in a month ($1, YYYY-MM-01) that count against a contract, with the bill that carried each (null: none yet). */
const MONTH_ENTRIES = `
  SELECT e.id::int AS id, e.company_id, e.minutes, e.ms_bill_month FROM time_entries e LEFT JOIN tickets t ON t.id = e.ticket_id
   WHERE e.work_date >= $1::date AND e.work_date < ($1::date + interval '1 month') AND ${COUNTS}`;

/**
 * Late time before a month ($1): entries counting against a contract, dated in a month of it
 * closed before $1, that no bill has carried (they arrived after their month's bill). The next
 * month closed bills them (docs/adr/0100). Read per closed month, through the company-and-day index.
 */
const LATE_ENTRIES = `
  SELECT e.id::int AS id, e.company_id, e.minutes FROM ms_month_closes c
    JOIN time_entries e ON e.company_id = c.company_id AND e.work_date >= c.month AND e.work_date < (c.month + interval '1 month') AND e.ms_bill_month IS NULL
    LEFT JOIN tickets t ON t.id = e.ticket_id
   WHERE c.month < $1::date AND ${COUNTS}`;

export type ContractRow = Omit<ContractUsage, 'rollover_in_minutes' | 'used_minutes' | 'adjustment_minutes' | 'late_minutes' | 'remaining_minutes' | 'overage_minutes' | 'percent' | 'alerts' | 'closed'> & {
  account_manager_email: string | null;
};

/** Active contracts (of one company, or all) with the account manager's address. */
export async function contractRows(db: Queryable, companyId?: number): Promise<ContractRow[]> {
  const { rows } = await db.query<ContractRow>(
    `SELECT m.company_id, c.name AS company, s.name AS account_manager, s.email AS account_manager_email, m.plan, m.included_minutes,
            m.overage_rate_cents, m.rounding_minutes, m.rollover, m.rollover_cap_minutes
       FROM ms_contracts m JOIN companies c ON c.id = m.company_id LEFT JOIN staff_users s ON s.id = c.account_manager_id
      WHERE m.active AND ($1::int IS NULL OR m.company_id = $1) ORDER BY c.name`,
    [companyId ?? null],
  );
  return rows;
}

/** Contracts with their usage in a month (YYYY-MM-01): an open month's own and late time, a closed month's bill and the time that came after it. */
export async function contractsUsage(db: Queryable, month: string, companyId?: number): Promise<ContractUsage[]> {
  const contracts = await contractRows(db, companyId);
  const ids = contracts.map((c) => c.company_id);
  const { rows: own } = await db.query<{ company_id: number; minutes: number; after_bill: number }>(
    `SELECT company_id, sum(minutes)::int AS minutes, COALESCE(sum(minutes) FILTER (WHERE ms_bill_month IS DISTINCT FROM $1::date), 0)::int AS after_bill
       FROM (${MONTH_ENTRIES}) u WHERE company_id = ANY($2::int[]) GROUP BY company_id`,
    [month, ids],
  );
  const { rows: late } = await db.query<{ company_id: number; minutes: number }>(
    `SELECT company_id, sum(minutes)::int AS minutes FROM (${LATE_ENTRIES}) l WHERE company_id = ANY($2::int[]) GROUP BY company_id`,
    [month, ids],
  );
  const { rows: alerts } = await db.query<{ company_id: number; threshold: UsageThreshold }>('SELECT company_id, threshold FROM ms_usage_alerts WHERE month = $1 AND company_id = ANY($2::int[])', [month, ids]);
  const { rows: closes } = await db.query<MonthCloseFigures & { company_id: number; month: string; adjustment_minutes: number }>(
    `SELECT company_id, to_char(month, 'YYYY-MM-DD') AS month, included_minutes, rollover_in_minutes, billed_minutes, overage_minutes, overage_cents::int AS overage_cents, rollover_out_minutes, adjustment_minutes
       FROM ms_month_closes WHERE month IN ($1, $2) AND company_id = ANY($3::int[])`,
    [month, previousMonth(month), ids],
  );
  return contracts.map(({ account_manager_email: _email, ...c }) => {
    const mine = own.find((u) => u.company_id === c.company_id);
    const closed = closes.find((x) => x.company_id === c.company_id && x.month === month);
    const rolloverIn = closed?.rollover_in_minutes ?? closes.find((x) => x.company_id === c.company_id && x.month !== month)?.rollover_out_minutes ?? 0;
    // A closed month shows its bill; an open one its own time and the late time its bill would carry.
    const adjustment = closed ? closed.adjustment_minutes : (late.find((l) => l.company_id === c.company_id)?.minutes ?? 0);
    const minutes = closed ? closed.billed_minutes : (mine?.minutes ?? 0) + adjustment;
    const available = c.included_minutes + rolloverIn;
    return {
      ...c,
      rounding_minutes: c.rounding_minutes as RoundingRule,
      rollover_in_minutes: rolloverIn,
      used_minutes: minutes,
      adjustment_minutes: adjustment,
      late_minutes: closed ? (mine?.after_bill ?? 0) : 0,
      remaining_minutes: Math.max(0, available - minutes),
      overage_minutes: Math.max(0, minutes - available),
      percent: c.included_minutes > 0 ? Math.round((minutes * 1000) / c.included_minutes) / 10 : minutes > 0 ? 100 : 0,
      alerts: alerts.filter((a) => a.company_id === c.company_id).map((a) => a.threshold).sort((a, b) => a - b),
      closed: closed ? { included_minutes: closed.included_minutes, rollover_in_minutes: closed.rollover_in_minutes, billed_minutes: closed.billed_minutes, overage_minutes: closed.overage_minutes, overage_cents: closed.overage_cents, rollover_out_minutes: closed.rollover_out_minutes } : null,
    };
  });
}

/** A company's contract with this month's usage, or null when it has none (404 for no such company). */
export async function companyContract(db: Queryable, companyId: number, now: Date): Promise<ContractUsage | null> {
  if (!(await companyExists(db, companyId))) throw notFound('No such company');
  const [usage] = await contractsUsage(db, monthOf(now), companyId);
  return usage ?? null;
}

/** The contract of a company (its rounding rule), or null. */
export async function contractOf(db: Queryable, companyId: number): Promise<{ rounding_minutes: RoundingRule } | null> {
  const { rows } = await db.query<{ rounding_minutes: RoundingRule }>('SELECT rounding_minutes FROM ms_contracts WHERE company_id = $1 AND active', [companyId]);
  return rows[0] ?? null;
}

/** Whether the company exists. */
export async function companyExists(db: Queryable, companyId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM companies WHERE id = $1', [companyId]);
  return Boolean(rows[0]);
}

/** Creates or changes a company's contract (active again), and the plan shown on the company. */
export async function upsertContract(db: Queryable, companyId: number, input: z.output<typeof contractSchema>): Promise<void> {
  const values = [companyId, input.plan, Math.round(input.included_hours * 60), input.overage_rate_cents, input.rounding_minutes, input.rollover, Math.round(input.rollover_cap_hours * 60)];
  await db.query(
    `INSERT INTO ms_contracts (company_id, plan, included_minutes, overage_rate_cents, rounding_minutes, rollover, rollover_cap_minutes, active, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, true, now())
     ON CONFLICT (company_id) DO UPDATE SET plan = $2, included_minutes = $3, overage_rate_cents = $4, rounding_minutes = $5, rollover = $6,
       rollover_cap_minutes = $7, active = true, updated_at = now()`,
    values,
  );
  await db.query('UPDATE companies SET ms_plan = $2 WHERE id = $1', [companyId, input.plan]);
}

export type BillingTerms = { included_minutes: number; overage_rate_cents: number; rollover: boolean; rollover_cap_minutes: number };

/** A company's contract terms, locked (a month close), or null. */
export async function contractTermsForUpdate(db: Queryable, companyId: number): Promise<BillingTerms | null> {
  const { rows } = await db.query<BillingTerms>('SELECT included_minutes, overage_rate_cents, rollover, rollover_cap_minutes FROM ms_contracts WHERE company_id = $1 FOR UPDATE', [companyId]);
  return rows[0] ?? null;
}

/** Whether a month (YYYY-MM-01) of a company's contract is closed. */
export async function monthClosed(db: Queryable, companyId: number, month: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM ms_month_closes WHERE company_id = $1 AND month = $2', [companyId, month]);
  return Boolean(rows[0]);
}

/**
 * What a month close bills, locked as it is read (in id order, as a timesheet cell locks its own:
 * a cell changed meanwhile waits, then sees them billed): the month's entries no bill carried, and
 * the late time of earlier closed months; with the roll-over the month before left.
 */
export async function entriesToBill(db: Queryable, companyId: number, month: string): Promise<{ own: { id: number; minutes: number }[]; late: { id: number; minutes: number }[]; rolloverIn: number }> {
  const { rows: own } = await db.query<{ id: number; minutes: number }>(`${MONTH_ENTRIES} AND e.ms_bill_month IS NULL AND e.company_id = $2 ORDER BY e.id FOR UPDATE OF e`, [month, companyId]);
  const { rows: late } = await db.query<{ id: number; minutes: number }>(`${LATE_ENTRIES} AND e.company_id = $2 ORDER BY e.id FOR UPDATE OF e`, [month, companyId]);
  const { rows: prev } = await db.query<{ n: number }>('SELECT rollover_out_minutes AS n FROM ms_month_closes WHERE company_id = $1 AND month = $2', [companyId, previousMonth(month)]);
  return { own, late, rolloverIn: prev[0]?.n ?? 0 };
}

/** Records a month's bill: its entries marked with the month, and its figures. */
export async function insertMonthClose(
  db: Queryable,
  close: { companyId: number; month: string; entryIds: number[]; figures: MonthCloseFigures; adjustment: number; at: Date; by: number },
): Promise<void> {
  const { companyId, month, figures: f } = close;
  await db.query('UPDATE time_entries SET ms_bill_month = $2 WHERE id = ANY($1::int[])', [close.entryIds, month]);
  await db.query(
    `INSERT INTO ms_month_closes (company_id, month, included_minutes, rollover_in_minutes, billed_minutes, overage_minutes, overage_cents, rollover_out_minutes, adjustment_minutes, closed_at, closed_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [companyId, month, f.included_minutes, f.rollover_in_minutes, f.billed_minutes, f.overage_minutes, f.overage_cents, f.rollover_out_minutes, close.adjustment, close.at, close.by],
  );
}

/** Records a usage alert of a month once (its primary key makes "once" hold whoever runs concurrently); true when this call recorded it. */
export async function recordAlertOnce(db: Queryable, companyId: number, month: string, threshold: UsageThreshold, now: Date): Promise<boolean> {
  const { rows } = await db.query('INSERT INTO ms_usage_alerts (company_id, month, threshold, sent_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING threshold', [companyId, month, threshold, now]);
  return Boolean(rows[0]);
}

/** Open tickets of the Managed Services queue, most recently changed first. */
export async function msTickets(db: Queryable): Promise<MsTicket[]> {
  const { rows } = await db.query<MsTicket>(
    `SELECT t.id, t.title, c.name AS company, t.status, t.severity, s.name AS assignee, ${iso('t.updated_at', 'updated_at')}
       FROM tickets t LEFT JOIN companies c ON c.id = t.company_id LEFT JOIN staff_users s ON s.id = t.assignee_id
      WHERE t.queue = $1 AND t.status <> 'C' ORDER BY t.updated_at DESC LIMIT 100`,
    [MS_QUEUE],
  );
  return rows;
}
