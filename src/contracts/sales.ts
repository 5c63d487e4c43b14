/**
 * Contracts of sales: activities (calls, letters, leads, closed sales), targets, territories,
 * marketing spend per channel, the public "how did you hear about us" (HUHY) form, and the
 * customer-acquisition-cost (CAC) arithmetic, which lives here so the server, the screen and the
 * unit tests share one copy (docs/adr/0089-sales.md).
 */
import { z } from './common/zod';
import { LIMITS, MANAGER_ROLES } from './common/constants';
import { endpoint } from './common/endpoint';
import { calendarDay, idInput, idParamsSchema, pickedId, safeText, type TextForm } from './common/input';
import { emailSchema } from './auth';
import { formatMoney } from './quote-money';
import { QUOTE_STATUSES, type QuoteStatus } from './quotes';
import { addDays } from './time';

export { ACTIVITY_KINDS, SALES_REPORTS, type ActivityKind } from './sales-kinds';
import { ACTIVITY_KINDS, type ActivityKind } from './sales-kinds';
export const ACTIVITY_LABELS: Record<ActivityKind, string> = { call: 'Call', letter: 'Letter sent', lead: 'New lead', sale: 'Closed sale' };
/** The plural a tile or a report says. */
export const ACTIVITY_PLURALS: Record<ActivityKind, string> = { call: 'Calls', letter: 'Letters sent', lead: 'New leads', sale: 'Closed sales' };

/** Targets are kept per activity kind, plus the revenue of closed sales (in cents). */
export const TARGET_KINDS = ['call', 'letter', 'lead', 'sale', 'revenue'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export const SALES_LIMITS = {
  notesMax: 2000,
  amountCentsMax: 99_999_999_99,
  /** The largest closed sale a rep may type ($1,000,000); a larger one is closed against its accepted quote. */
  saleCentsMax: 1_000_000_00,
  /** How many days before today an activity may be dated (a year). */
  activityDaysBack: 366,
  /**
   * How many days after today (UTC) an activity may be dated: the calendar day somewhere on Earth
   * (UTC+14) is at most one day after UTC's, so a rep's own today is never refused.
   */
  activityDaysAhead: 1,
  /** Answers waiting for review that the HUHY screen lists at most (oldest first). */
  huhyPendingMax: 200,
  /** Companies one bulk reassignment moves at most. */
  reassignMax: 500,
  channelsMax: 30,
  channelNameMax: 80,
  territoryNameMax: 120,
  huhyDetailMax: 1500,
  /** Public form submissions per address per window (HUHY_LIMITS.windowMinutes). */
  huhyPerAddress: 5,
  huhyWindowMinutes: 60,
  /** Months a settings grid or the CAC check covers at most. */
  monthsMax: 36,
  /** Entries the customers and activity lists answer at most per page. */
  pageSizeMax: 200,
} as const;

/** The keyboard shortcut that opens the activity dialog on every sales screen. */
export const LOG_ACTIVITY_SHORTCUT = { key: 'l', label: 'L' } as const;

/** Weighting of the open pipeline: probability per quote status, in percent (settings change it). */
export const DEFAULT_PROBABILITIES: Record<QuoteStatus, number> = { draft: 10, sent: 40, accepted: 100, declined: 0, expired: 0 };

const text = (label: string, max: number, form?: TextForm) => safeText(`${label} must be text`, label, form).trim().max(max, `${label} must be at most ${max} characters`);
const required = (label: string, max: number, missing = `${label} is required`) => text(label, max).min(1, missing);
const id = (label: string) => idInput({ label });
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** A month as YYYY-MM between 1900 and 2200. */
export const monthInput = (label: string) =>
  safeText(`${label} must be a month as YYYY-MM`, label).refine((v) => MONTH.test(v) && Number(v.slice(0, 4)) >= 1900 && Number(v.slice(0, 4)) <= 2200, `${label} must be a month as YYYY-MM`);
const cents = (label: string) =>
  z
    .number({ error: `${label} must be a number of cents` })
    .int(`${label} must be whole cents`)
    .min(0, `${label} must not be negative`)
    .max(SALES_LIMITS.amountCentsMax, `${label} is too large`);

/* What answers are made of: whole numbers (ids, counts, cents) and names. */
const int = z.number().int();
const named = z.object({ id: int, name: z.string() });

// ---------------------------------------------------------------- activities

/** What the activity dialog says of a field to fix (also the server's 400, which names the field in `fields`). */
export const ACTIVITY_MESSAGES = {
  kind: 'Pick what you did: a call, a letter, a lead or a sale',
  company: 'Pick a company',
  rep: 'Pick a rep',
  quote: 'Pick an accepted quote, or none',
  amount: 'Enter an amount, e.g. 250',
  wholeCents: 'Enter the amount in dollars and cents, e.g. 1250.00',
  negative: 'Enter an amount of 0 or more',
  saleNeedsAmount: 'Enter the amount of the sale, e.g. 250, or pick its accepted quote',
} as const;

export const activityInputSchema = z
  .strictObject({
    kind: z.enum(ACTIVITY_KINDS, { error: ACTIVITY_MESSAGES.kind }),
    companyId: pickedId(ACTIVITY_MESSAGES.company),
    /** The rep; the signed-in user when left out. */
    staffId: pickedId(ACTIVITY_MESSAGES.rep).optional(),
    occurredOn: calendarDay('Date'),
    /** A closed sale's amount in cents; with a quote, its accepted total (filled in when left out, any other amount refused). */
    amountCents: z
      .number({ error: ACTIVITY_MESSAGES.amount })
      .int(ACTIVITY_MESSAGES.wholeCents)
      .min(0, ACTIVITY_MESSAGES.negative)
      .max(SALES_LIMITS.saleCentsMax, `Amount must be at most ${formatMoney(SALES_LIMITS.saleCentsMax)}; close a larger sale against its accepted quote`)
      .optional(),
    quoteId: pickedId(ACTIVITY_MESSAGES.quote).optional(),
    notes: text('Notes', SALES_LIMITS.notesMax, 'long').default(''),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'sale' && v.amountCents !== undefined) ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'Only a closed sale has an amount' });
    if (v.kind !== 'sale' && v.quoteId !== undefined) ctx.addIssue({ code: 'custom', path: ['quoteId'], message: 'Only a closed sale references a quote' });
    if (v.kind === 'sale' && v.amountCents === undefined && v.quoteId === undefined) ctx.addIssue({ code: 'custom', path: ['amountCents'], message: ACTIVITY_MESSAGES.saleNeedsAmount });
  });
export type ActivityInput = z.input<typeof activityInputSchema>;

/** The days an activity may be dated, given today (UTC): `SALES_LIMITS.activityDaysBack` back to `activityDaysAhead` ahead. */
export const activityDayWindow = (today: string) => ({ min: addDays(today, -SALES_LIMITS.activityDaysBack), max: addDays(today, SALES_LIMITS.activityDaysAhead) });

/** Why an activity's day is refused (null when it is within the window). */
export function activityDayProblem(day: string, today: string): string | null {
  const { min, max } = activityDayWindow(today);
  if (day > max) return 'Date must not be in the future';
  if (day < min) return `Date must be within the last ${SALES_LIMITS.activityDaysBack} days`;
  return null;
}

/** The reps the signed-in user may log activities for: themselves first, then their reports (all active staff for an admin). */
export const salesRepsSchema = z.object({ reps: z.array(named) });
export type SalesReps = z.infer<typeof salesRepsSchema>;

export const activitySearchSchema = z.strictObject({
  kind: z.enum(ACTIVITY_KINDS, { error: `Kind must be one of ${ACTIVITY_KINDS.join(', ')}` }).optional(),
  companyId: id('Company').optional(),
  staffId: id('Rep').optional(),
  month: monthInput('Month').optional(),
  limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be whole').min(1, 'Limit must be at least 1').max(SALES_LIMITS.pageSizeMax, `Limit must be at most ${SALES_LIMITS.pageSizeMax}`).default(100),
});
export type ActivitySearch = z.input<typeof activitySearchSchema>;

export const activitySchema = z.object({
  id: int,
  kind: z.enum(ACTIVITY_KINDS),
  companyId: int,
  companyName: z.string(),
  staffId: int.nullable(),
  /** The rep, or "Web form" for a lead from the public form. */
  staffName: z.string(),
  occurredOn: z.string(),
  amountCents: int.nullable(),
  quoteId: int.nullable(),
  quoteNumber: z.string().nullable(),
  channelName: z.string().nullable(),
  notes: z.string(),
  createdAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
export const activityListSchema = z.object({ activities: z.array(activitySchema) });

// ---------------------------------------------------------------- dashboard

const activityCountsSchema = z.object({ call: int, letter: int, lead: int, sale: int, revenue: int });
export type ActivityCounts = z.infer<typeof activityCountsSchema>;
const quoteStatus = z.enum(QUOTE_STATUSES);
export const salesDashboardSchema = z.object({
  month: z.string(),
  reps: z.array(z.object({ staffId: int, name: z.string(), actual: activityCountsSchema, target: activityCountsSchema })),
  total: z.object({ actual: activityCountsSchema, target: activityCountsSchema }),
  /** Per day of the month, all reps: counts of each kind (for the chart). */
  daily: z.array(z.object({ day: z.string(), call: int, letter: int, lead: int, sale: int })),
  pipeline: z.object({
    byStatus: z.array(z.object({ status: quoteStatus, count: int, totalCents: int, probability: int, weightedCents: int })),
    openCents: int,
    weightedCents: int,
  }),
  /** Reps by closed revenue this month, then by closed sales, then calls. */
  leaderboard: z.array(z.object({ staffId: int, name: z.string(), revenue: int, sales: int, calls: int })),
});
export type SalesDashboard = z.infer<typeof salesDashboardSchema>;
export type RepFigures = SalesDashboard['reps'][number];

export const dashboardQuerySchema = z.strictObject({ month: monthInput('Month').optional() });

/** Share of a target reached, in percent (null without a target). */
export const attainment = (actual: number, target: number) => (target > 0 ? Math.round((actual / target) * 1000) / 10 : null);

// ---------------------------------------------------------------- customers and territories

export const COMPANY_STATUSES = ['prospect', 'active', 'inactive'] as const;

export const salesCustomerSchema = z.object({
  id: int,
  name: z.string(),
  accountNumber: z.string(),
  status: z.enum(COMPANY_STATUSES),
  territory: z.string().nullable(),
  accountManager: z.string().nullable(),
  lastActivityOn: z.string().nullable(),
  lifetimeCents: int,
  pipelineCents: int,
  channel: z.string().nullable(),
});
export type SalesCustomer = z.infer<typeof salesCustomerSchema>;
export const customerListSchema = z.object({ customers: z.array(salesCustomerSchema) });

export const customerSearchSchema = z.strictObject({
  q: text('Search', 100).optional(),
  territory: text('Territory', SALES_LIMITS.territoryNameMax).optional(),
});

const sumsSchema = z.object({ companies: int, lifetimeCents: int, pipelineCents: int });
type Sums = z.infer<typeof sumsSchema>;
export const territorySchema = z.object({ id: int, name: z.string(), ownerId: int.nullable(), ownerName: z.string().nullable(), ...sumsSchema.shape });
export type Territory = z.infer<typeof territorySchema>;
/** Territories and the companies outside any of them, with the grand totals they add up to. */
export const territoryOverviewSchema = z.object({
  territories: z.array(territorySchema),
  unassigned: sumsSchema,
  totals: sumsSchema,
  customers: z.array(salesCustomerSchema),
  staff: z.array(named),
});
export type TerritoryOverview = z.infer<typeof territoryOverviewSchema>;

const sumOf = (of: readonly Pick<SalesCustomer, 'lifetimeCents' | 'pipelineCents'>[]): Sums => ({
  companies: of.length,
  lifetimeCents: of.reduce((a, c) => a + c.lifetimeCents, 0),
  pipelineCents: of.reduce((a, c) => a + c.pipelineCents, 0),
});

/**
 * Each territory's totals, the companies in none (no territory, or a name no territory has), and
 * the grand totals; territory names match without regard to case, so every company counts once.
 */
export function territoryTotals<T extends { name: string }>(territories: readonly T[], customers: readonly Pick<SalesCustomer, 'territory' | 'lifetimeCents' | 'pipelineCents'>[]) {
  const known = new Set(territories.map((t) => t.name.toLowerCase()));
  return {
    territories: territories.map((t) => ({ ...t, ...sumOf(customers.filter((c) => c.territory?.toLowerCase() === t.name.toLowerCase())) })),
    unassigned: sumOf(customers.filter((c) => !c.territory || !known.has(c.territory.toLowerCase()))),
    totals: sumOf(customers),
  };
}

export const reassignSchema = z.strictObject({
  companyIds: z
    .array(id('Company'), { error: 'Companies must be a list' })
    .min(1, 'Pick at least one company')
    .max(SALES_LIMITS.reassignMax, `At most ${SALES_LIMITS.reassignMax} companies at once`),
  /** The territory, or null to take the companies out of every territory. */
  territoryId: id('Territory').nullable(),
});
export type ReassignInput = z.input<typeof reassignSchema>;

export const territoryInputSchema = z.strictObject({
  name: required('Name', SALES_LIMITS.territoryNameMax),
  ownerId: id('Owner').nullable().default(null),
});
export type TerritoryInput = z.input<typeof territoryInputSchema>;

/** A company seen from sales: the company, its activity timeline, quotes, contacts and accepted quotes to close against. */
export const salesCompanyViewSchema = z.object({
  company: salesCustomerSchema,
  activities: z.array(activitySchema),
  contacts: z.array(z.object({ id: int, name: z.string(), email: z.string().nullable(), phone: z.string().nullable(), title: z.string().nullable() })),
  pipeline: z.object({ byStatus: z.array(z.object({ status: quoteStatus, count: int, totalCents: int })), openCents: int }),
  acceptedQuotes: z.array(z.object({ id: int, number: z.string(), totalCents: int, decidedAt: z.string() })),
});
export type SalesCompanyView = z.infer<typeof salesCompanyViewSchema>;

// ---------------------------------------------------------------- settings

export const channelSchema = z.object({ id: int, name: z.string(), offered: z.boolean(), position: int });
export type Channel = z.infer<typeof channelSchema>;
export const salesSettingsSchema = z.object({
  reps: z.array(named),
  targets: z.array(z.object({ staffId: int, kind: z.enum(TARGET_KINDS), monthly: int })),
  channels: z.array(channelSchema),
  spend: z.array(z.object({ channelId: int, month: z.string(), cents: int })),
  probabilities: z.record(quoteStatus, int),
});
export type SalesSettings = z.infer<typeof salesSettingsSchema>;

export const targetsInputSchema = z.strictObject({
  targets: z
    .array(
      z.strictObject({
        staffId: id('Rep'),
        kind: z.enum(TARGET_KINDS, { error: `Kind must be one of ${TARGET_KINDS.join(', ')}` }),
        monthly: z.number({ error: 'Target must be a number' }).int('Target must be whole').min(0, 'Target must not be negative').max(SALES_LIMITS.amountCentsMax, 'Target is too large'),
      }),
      { error: 'Targets must be a list' },
    )
    .max(1000, 'Too many targets'),
});
export type TargetsInput = z.input<typeof targetsInputSchema>;

export const spendInputSchema = z.strictObject({
  spend: z
    .array(z.strictObject({ channelId: id('Channel'), month: monthInput('Month'), cents: cents('Spend') }), { error: 'Spend must be a list' })
    .max(SALES_LIMITS.channelsMax * SALES_LIMITS.monthsMax, 'Too many spend entries'),
});
export type SpendInput = z.input<typeof spendInputSchema>;

/** What the settings' channel and probability fields say of a value to fix (also the server's 400). */
export const SETTINGS_MESSAGES = {
  channelName: 'Name the channel',
  channelNamesDiffer: 'Give each channel a different name',
  percentage: 'Enter a percentage from 0 to 100, e.g. 40',
} as const;

export const channelsInputSchema = z
  .strictObject({
    channels: z
      .array(z.strictObject({ id: id('Channel').optional(), name: required('Channel name', SALES_LIMITS.channelNameMax, SETTINGS_MESSAGES.channelName), offered: z.boolean({ error: 'Offered must be true or false' }) }), {
        error: 'Channels must be a list',
      })
      .min(1, 'Keep at least one channel')
      .max(SALES_LIMITS.channelsMax, `At most ${SALES_LIMITS.channelsMax} channels`),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.channels.forEach((c, i) => {
      const key = c.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['channels', i, 'name'], message: SETTINGS_MESSAGES.channelNamesDiffer });
      seen.add(key);
    });
  });
export type ChannelsInput = z.input<typeof channelsInputSchema>;

export const probabilitiesInputSchema = z.strictObject(
  Object.fromEntries(QUOTE_STATUSES.map((s) => [s, z.number({ error: SETTINGS_MESSAGES.percentage }).int(SETTINGS_MESSAGES.percentage).min(0, SETTINGS_MESSAGES.percentage).max(100, SETTINGS_MESSAGES.percentage)])) as Record<
    QuoteStatus,
    z.ZodNumber
  >,
);
export type ProbabilitiesInput = z.input<typeof probabilitiesInputSchema>;

// ---------------------------------------------------------------- HUHY (public form)

/** The honeypot field of the public form: people never see it, bots fill it. */
export const HUHY_HONEYPOT = 'website';

/** What the public form says to a prospect of a field left empty (also the server's 400). */
export const HUHY_MESSAGES = { company: "Tell us your company's name", name: 'Tell us your name', channel: 'Pick how you heard about us' } as const;

export const huhyInputSchema = z.strictObject({
  company: required('Company', LIMITS.title, HUHY_MESSAGES.company),
  name: required('Name', LIMITS.name, HUHY_MESSAGES.name),
  email: emailSchema,
  channelId: pickedId(HUHY_MESSAGES.channel),
  detail: text('Tell us more', SALES_LIMITS.huhyDetailMax, 'long').default(''),
  [HUHY_HONEYPOT]: safeText('Website must be text', 'Website').max(500).optional(),
});
export type HuhyInput = z.input<typeof huhyInputSchema>;

/**
 * A public answer waits for review; staff confirm it (to a company, which makes the person its
 * contact and logs a lead) or discard it. Until confirmed it is nobody's contact and no mail-out
 * reaches it (docs/adr/0098).
 */
export const HUHY_STATUSES = ['pending', 'confirmed', 'discarded'] as const;
export type HuhyStatus = (typeof HUHY_STATUSES)[number];
export const HUHY_STATUS_LABELS: Record<HuhyStatus, string> = { pending: 'Waiting for review', confirmed: 'Confirmed', discarded: 'Discarded' };

export const huhyAnswerSchema = z.object({
  id: int,
  createdAt: z.string(),
  company: z.string(),
  companyId: int.nullable(),
  name: z.string(),
  email: z.string(),
  channel: z.string(),
  detail: z.string(),
  /** Discarded answers are never listed. */
  status: z.enum(['pending', 'confirmed'] as const satisfies readonly HuhyStatus[]),
});
export type HuhyAnswer = z.infer<typeof huhyAnswerSchema>;
/** An answer waiting for review, with the company whose name matches what was typed (case, spaces and punctuation aside). */
export const pendingHuhyAnswerSchema = huhyAnswerSchema.extend({ match: z.object({ id: int, name: z.string(), status: z.enum(COMPANY_STATUSES) }).nullable() });
export type PendingHuhyAnswer = z.infer<typeof pendingHuhyAnswerSchema>;

/** Confirms an answer: to an existing company (its id), or as a new prospect named as typed (null). */
export const huhyConfirmSchema = z.strictObject({ companyId: id('Company').nullable() });
export type HuhyConfirmInput = z.input<typeof huhyConfirmSchema>;

export const huhyOverviewSchema = z.object({
  /** Answers waiting for review, oldest first (at most `SALES_LIMITS.huhyPendingMax`). */
  pending: z.array(pendingHuhyAnswerSchema),
  /** The newest answers, waiting or confirmed (discarded ones are gone). */
  answers: z.array(huhyAnswerSchema),
  channels: z.array(z.string()),
  /** Answers per month and channel over the last year (months ascending), waiting or confirmed. */
  byMonth: z.array(z.object({ month: z.string(), counts: z.record(z.string(), int) })),
  totals: z.record(z.string(), int),
});
export type HuhyOverview = z.infer<typeof huhyOverviewSchema>;

/** The channels the public form offers, in their order. */
export const huhyChannelsSchema = z.object({ channels: z.array(named) });

// ---------------------------------------------------------------- CAC

export const cacQuerySchema = z
  .strictObject({ from: monthInput('From').optional(), to: monthInput('To').optional() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'To must be on or after From' });

/** One closed sale as the CAC sees it. */
export type CacSale = { companyId: number; companyName: string; channelId: number | null; month: string; cents: number };
export type CacSpend = { channelId: number; month: string; cents: number };
export type CacChannel = { id: number; name: string };

const cacCustomerSchema = z.object({ companyId: int, companyName: z.string(), firstMonth: z.string(), revenueCents: int, monthsAsCustomer: int });
export type CacCustomer = z.infer<typeof cacCustomerSchema>;
const cacRowSchema = z.object({
  channelId: int,
  channel: z.string(),
  month: z.string(),
  spendCents: int,
  newCustomers: z.array(cacCustomerSchema),
  /** Spend ÷ new customers; null when there is no new customer ("no new customers"). */
  cacCents: int.nullable(),
  /** Average monthly revenue of those customers since their first sale, up to the month of the check. */
  avgMonthlyRevenueCents: int.nullable(),
  /** CAC ÷ average monthly revenue (one decimal); null without customers or revenue. */
  paybackMonths: z.number().nullable(),
});
export type CacRow = z.infer<typeof cacRowSchema>;
export const cacReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  asOf: z.string(),
  rows: z.array(cacRowSchema),
  byChannel: z.array(z.object({ channelId: int, channel: z.string(), spendCents: int, customers: int, cacCents: int.nullable() })),
});
export type CacReport = z.infer<typeof cacReportSchema>;

const monthOf = (day: string) => day.slice(0, 7);
/** Months from a to b inclusive ("2026-01" to "2026-03" is 3). */
export const monthsBetween = (a: string, b: string) => (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7)) + 1;

/**
 * The CAC of each channel and month: new customers are companies whose first closed sale falls in
 * the month, attributed to the channel that brought them (by channel id, so renaming a channel
 * keeps its history). A customer with sales in several months counts once, in its first. A
 * channel with spend and no new customer has no CAC (null, "no new customers"); without spend a
 * new customer costs 0. Payback months = CAC ÷ the customers' average monthly revenue from their
 * first month up to `asOf`.
 */
export function computeCac(input: { channels: CacChannel[]; spend: CacSpend[]; sales: CacSale[]; from: string; to: string; asOf: string }): CacReport {
  const { channels, spend, sales, from, to, asOf } = input;
  const name = new Map(channels.map((c) => [c.id, c.name]));
  const byCompany = new Map<number, CacSale[]>();
  for (const s of sales) byCompany.set(s.companyId, [...(byCompany.get(s.companyId) ?? []), { ...s, month: monthOf(s.month) }]);
  const customers: (CacCustomer & { channelId: number | null })[] = [];
  for (const list of byCompany.values()) {
    const firstMonth = list.reduce((m, s) => (s.month < m ? s.month : m), list[0]!.month);
    const upTo = list.filter((s) => s.month <= asOf);
    const first = list.find((s) => s.month === firstMonth)!;
    customers.push({
      companyId: first.companyId,
      companyName: first.companyName,
      channelId: list.find((s) => s.channelId !== null)?.channelId ?? null,
      firstMonth,
      revenueCents: upTo.reduce((a, s) => a + s.cents, 0),
      monthsAsCustomer: Math.max(1, monthsBetween(firstMonth, asOf)),
    });
  }
  const keys = new Map<string, { channelId: number; month: string }>();
  for (const s of spend) if (s.month >= from && s.month <= to && name.has(s.channelId)) keys.set(`${s.channelId}|${s.month}`, { channelId: s.channelId, month: s.month });
  for (const c of customers) if (c.channelId !== null && name.has(c.channelId) && c.firstMonth >= from && c.firstMonth <= to) keys.set(`${c.channelId}|${c.firstMonth}`, { channelId: c.channelId, month: c.firstMonth });
  const rows: CacRow[] = [...keys.values()]
    .map(({ channelId, month }) => {
      const spendCents = spend.filter((s) => s.channelId === channelId && s.month === month).reduce((a, s) => a + s.cents, 0);
      const newCustomers = customers
        .filter((c) => c.channelId === channelId && c.firstMonth === month)
        .map(({ channelId: _c, ...c }) => c)
        .sort((a, b) => a.companyName.localeCompare(b.companyName));
      const cacCents = newCustomers.length ? Math.round(spendCents / newCustomers.length) : null;
      const avg = newCustomers.length ? Math.round(newCustomers.reduce((a, c) => a + c.revenueCents / c.monthsAsCustomer, 0) / newCustomers.length) : null;
      const paybackMonths = cacCents !== null && avg ? Math.round((cacCents / avg) * 10) / 10 : cacCents === 0 ? 0 : null;
      return { channelId, channel: name.get(channelId)!, month, spendCents, newCustomers, cacCents, avgMonthlyRevenueCents: avg, paybackMonths };
    })
    .sort((a, b) => (a.month === b.month ? a.channel.localeCompare(b.channel) : a.month.localeCompare(b.month)));
  const byChannel = channels
    .map((c) => {
      const of = rows.filter((r) => r.channelId === c.id);
      const spendCents = of.reduce((a, r) => a + r.spendCents, 0);
      const count = of.reduce((a, r) => a + r.newCustomers.length, 0);
      return { channelId: c.id, channel: c.name, spendCents, customers: count, cacCents: count ? Math.round(spendCents / count) : null };
    })
    .filter((c) => c.spendCents > 0 || c.customers > 0);
  return { from, to, asOf, rows, byChannel };
}

/** What a CAC cell reads: money, or "no new customers" (never infinity or NaN). */
export const NO_NEW_CUSTOMERS = 'no new customers';

// ---------------------------------------------------------------- endpoints

const TAG = 'Sales';
const idOnly = z.object({ id: int });

export const SALES = {
  dashboard: endpoint({
    method: 'GET',
    path: '/api/v2/sales/dashboard',
    audience: 'staff',
    tag: TAG,
    summary: "A month's activities and targets per rep, the daily counts, the weighted pipeline and the leaderboard",
    query: dashboardQuerySchema,
    response: salesDashboardSchema,
  }),
  activities: endpoint({
    method: 'GET',
    path: '/api/v2/sales/activities',
    audience: 'staff',
    tag: TAG,
    summary: 'Activities by kind, company, rep and month, newest first',
    query: activitySearchSchema,
    response: activityListSchema,
  }),
  log: endpoint({
    method: 'POST',
    path: '/api/v2/sales/activities',
    audience: 'staff',
    tag: TAG,
    summary: "Logs a call, letter, lead or closed sale (another rep's as their manager or an admin)",
    body: activityInputSchema,
    status: 201,
    idempotent: true,
    response: activitySchema,
  }),
  reps: endpoint({
    method: 'GET',
    path: '/api/v2/sales/reps',
    audience: 'staff',
    tag: TAG,
    summary: 'The reps the caller may log activities for, themselves first',
    response: salesRepsSchema,
  }),
  customers: endpoint({
    method: 'GET',
    path: '/api/v2/sales/customers',
    audience: 'staff',
    tag: TAG,
    summary: 'Companies with their territory, last activity, lifetime revenue and open pipeline',
    query: customerSearchSchema,
    response: customerListSchema,
  }),
  company: endpoint({
    method: 'GET',
    path: '/api/v2/sales/companies/:id',
    audience: 'staff',
    tag: TAG,
    summary: 'A company seen from sales: its activities, contacts, pipeline and accepted quotes',
    params: idParamsSchema,
    response: salesCompanyViewSchema,
  }),
  territories: endpoint({
    method: 'GET',
    path: '/api/v2/sales/territories',
    audience: 'staff',
    tag: TAG,
    summary: 'Territories with their totals, the companies in none, and the grand totals',
    response: territoryOverviewSchema,
  }),
  reassign: endpoint({
    method: 'POST',
    path: '/api/v2/sales/territories/reassign',
    audience: 'staff',
    tag: TAG,
    summary: 'Moves companies into a territory, or out of every territory',
    body: reassignSchema,
    response: z.object({ moved: int }),
  }),
  createTerritory: endpoint({
    method: 'POST',
    path: '/api/v2/sales/territories',
    audience: 'staff',
    roles: MANAGER_ROLES,
    tag: TAG,
    summary: 'Adds a territory',
    body: territoryInputSchema,
    status: 201,
    idempotent: true,
    response: idOnly,
  }),
  updateTerritory: endpoint({
    method: 'PUT',
    path: '/api/v2/sales/territories/:id',
    audience: 'staff',
    roles: MANAGER_ROLES,
    tag: TAG,
    summary: 'Renames a territory (its companies follow) and sets its owner',
    params: idParamsSchema,
    body: territoryInputSchema,
    response: idOnly,
  }),
  huhy: endpoint({
    method: 'GET',
    path: '/api/v2/sales/huhy',
    audience: 'staff',
    tag: TAG,
    summary: 'Answers of the public "how did you hear about us" form: those waiting for review, the newest, and counts per month and channel',
    response: huhyOverviewSchema,
  }),
  confirmHuhy: endpoint({
    method: 'POST',
    path: '/api/v2/sales/huhy/:id/confirm',
    audience: 'staff',
    tag: TAG,
    summary: 'Confirms a waiting answer to a company (or a new prospect): the person becomes its contact and a lead is logged',
    params: idParamsSchema,
    body: huhyConfirmSchema,
    response: z.object({ companyId: int }),
  }),
  discardHuhy: endpoint({
    method: 'POST',
    path: '/api/v2/sales/huhy/:id/discard',
    audience: 'staff',
    tag: TAG,
    summary: 'Discards a waiting answer',
    params: idParamsSchema,
    response: idOnly,
  }),
  cac: endpoint({
    method: 'GET',
    path: '/api/v2/sales/cac',
    audience: 'staff',
    tag: TAG,
    summary: 'Customer acquisition cost and payback per channel and month',
    query: cacQuerySchema,
    response: cacReportSchema,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/api/v2/sales/settings',
    audience: 'staff',
    tag: TAG,
    summary: 'Targets, channels, marketing spend of the last twelve months and pipeline probabilities',
    response: salesSettingsSchema,
  }),
  saveTargets: endpoint({
    method: 'PUT',
    path: '/api/v2/sales/settings/targets',
    audience: 'staff',
    roles: MANAGER_ROLES,
    tag: TAG,
    summary: 'Saves monthly targets per rep and kind',
    body: targetsInputSchema,
    response: salesSettingsSchema,
  }),
  saveSpend: endpoint({
    method: 'PUT',
    path: '/api/v2/sales/settings/spend',
    audience: 'staff',
    roles: MANAGER_ROLES,
    tag: TAG,
    summary: 'Saves marketing spend per channel and month',
    body: spendInputSchema,
    response: salesSettingsSchema,
  }),
  saveChannels: endpoint({
    method: 'PUT',
    path: '/api/v2/sales/settings/channels',
    audience: 'staff',
    roles: MANAGER_ROLES,
    tag: TAG,
    summary: 'Saves the channel list: names, order and which ones the public form offers',
    body: channelsInputSchema,
    response: salesSettingsSchema,
  }),
  saveProbabilities: endpoint({
    method: 'PUT',
    path: '/api/v2/sales/settings/probabilities',
    audience: 'staff',
    roles: MANAGER_ROLES,
    tag: TAG,
    summary: 'Saves the probability of each quote status that weights the pipeline',
    body: probabilitiesInputSchema,
    response: salesSettingsSchema,
  }),
  huhyChannels: endpoint({
    method: 'GET',
    path: '/api/v2/public/huhy/channels',
    audience: 'public',
    tag: TAG,
    summary: 'The channels the public "how did you hear about us" form offers',
    response: huhyChannelsSchema,
  }),
  huhySubmit: endpoint({
    method: 'POST',
    path: '/api/v2/public/huhy',
    audience: 'public',
    tag: TAG,
    summary: 'Sends an answer of the public form; it waits for review (limited per address)',
    body: huhyInputSchema,
    status: 201,
    response: z.object({ ok: z.literal(true) }),
  }),
} as const;
