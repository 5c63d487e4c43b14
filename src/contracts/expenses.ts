/**
 * The Travel Expense form on the approval engine: a trip (purpose, destination, days, what it was
 * for) and its lines (mileage, meals, lodging, other), each with its receipts. Every line keeps its
 * original amount and currency, the rate in force on its day and that rate's day, and its amount in
 * the home currency in integer cents, rounded once per line; the claim's total is the sum of its
 * lines. The same pricing runs in the browser (while typing) and on the server (what is stored).
 */
import { attachmentSchema } from './common/attachments';
import { endpoint } from './common/endpoint';
import { calendarDay, idInput, idParamsSchema, safeText } from './common/input';
import { z } from './common/zod';
import { formatCents } from './quote-money';

/** The home currency: the quotes' money is in dollars (src/contracts/quote-money.ts, `formatMoney`). */
export const HOME_CURRENCY = 'USD';
/** The currencies a line may be paid in (each has dated rates to the home currency). */
export const EXPENSE_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'CHF', 'JPY'] as const;
export type ExpenseCurrency = (typeof EXPENSE_CURRENCIES)[number];
export const EXPENSE_KINDS = ['mileage', 'meals', 'lodging', 'other'] as const;
export type ExpenseKind = (typeof EXPENSE_KINDS)[number];
export const EXPENSE_KIND_LABELS: Record<ExpenseKind, string> = { mileage: 'Mileage', meals: 'Meals', lodging: 'Lodging', other: 'Other' };

/** A rate is a whole number of millionths: 1 EUR = 1.084500 USD is 1_084_500; a mile at $0.70 is 700_000. */
export const RATE_SCALE = 1_000_000;
/** A line above this (home cents) needs at least one receipt; mileage needs none. */
export const RECEIPT_REQUIRED_ABOVE_CENTS = 7_500;
/** A claim above this (home cents) needs a second approval (the policy's condition, migration 0041). */
export const SECOND_APPROVAL_ABOVE_CENTS = 100_000;
/** Two lines with the same amount, day and merchant, or the same receipt file, within this many days are flagged. */
export const DUPLICATE_WINDOW_DAYS = 90;
export const EXPENSE_LIMITS = {
  linesMax: 50,
  receiptsPerLine: 10,
  /** The largest amount of a line, in cents of its currency. */
  amountCentsMax: 10_000_000,
  /** The longest distance of a mileage line, in hundredths of a mile. */
  distanceHundredthsMax: 1_000_000,
  purposeMax: 200,
  destinationMax: 120,
  descriptionMax: 200,
  merchantMax: 120,
} as const;

const line = (required: string, label: string, max: number) => safeText(required, label).trim().max(max, `Keep the ${label.toLowerCase()} under ${max} characters`);

export const expenseLineInputSchema = z
  .strictObject({
    kind: z.enum(EXPENSE_KINDS, { error: 'Choose mileage, meals, lodging or other' }),
    date: calendarDay('Date', 'Pick the day of the expense'),
    description: line('Describe the expense', 'Description', EXPENSE_LIMITS.descriptionMax).default(''),
    merchant: line('Say where you paid', 'Merchant', EXPENSE_LIMITS.merchantMax).default(''),
    /** What was paid, in cents of `currency` (not for mileage). */
    amountCents: z
      .number({ error: 'Enter the amount paid' })
      .int('Enter the amount in cents')
      .min(0, 'The amount cannot be negative')
      .max(EXPENSE_LIMITS.amountCentsMax, `Keep each line under ${formatCents(EXPENSE_LIMITS.amountCentsMax)}`)
      .default(0),
    currency: z.enum(EXPENSE_CURRENCIES, { error: `Choose one of ${EXPENSE_CURRENCIES.join(', ')}` }).default(HOME_CURRENCY),
    /** Miles driven, in hundredths (mileage only). */
    distanceHundredths: z
      .number({ error: 'Enter the distance driven' })
      .int('Enter the distance in hundredths of a mile')
      .min(0, 'The distance cannot be negative')
      .max(EXPENSE_LIMITS.distanceHundredthsMax, `Keep the distance under ${EXPENSE_LIMITS.distanceHundredthsMax / 100} miles`)
      .default(0),
    billable: z.boolean({ error: 'Billable must be true or false' }).default(false),
    receiptIds: z
      .array(idInput({ message: 'Attach receipts you uploaded' }), { error: 'Receipts must be a list' })
      .max(EXPENSE_LIMITS.receiptsPerLine, `Attach at most ${EXPENSE_LIMITS.receiptsPerLine} receipts to a line`)
      .default([]),
  })
  .superRefine((l, ctx) => {
    if (l.kind === 'mileage' && l.distanceHundredths <= 0) ctx.addIssue({ code: 'custom', path: ['distanceHundredths'], message: 'Enter the distance driven' });
    if (l.kind !== 'mileage' && l.amountCents <= 0) ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'Enter the amount paid' });
    if (l.kind !== 'mileage' && !l.merchant) ctx.addIssue({ code: 'custom', path: ['merchant'], message: 'Say where you paid' });
    if (l.kind === 'mileage' && !l.description) ctx.addIssue({ code: 'custom', path: ['description'], message: 'Say where you drove' });
    if (new Set(l.receiptIds).size !== l.receiptIds.length) ctx.addIssue({ code: 'custom', path: ['receiptIds'], message: 'A receipt is attached twice' });
  });
export type ExpenseLineInput = z.input<typeof expenseLineInputSchema>;
export type ExpenseLine = z.output<typeof expenseLineInputSchema>;

export const expensePayloadSchema = z
  .strictObject({
    purpose: line('Say what the trip was for', 'Purpose', EXPENSE_LIMITS.purposeMax).min(1, 'Say what the trip was for'),
    destination: line('Say where you went', 'Destination', EXPENSE_LIMITS.destinationMax).min(1, 'Say where you went'),
    startDate: calendarDay('Start date', 'Pick the day the trip started'),
    endDate: calendarDay('End date', 'Pick the day the trip ended'),
    companyId: idInput({ message: 'Pick a company' }).optional(),
    projectId: idInput({ message: 'Pick a project' }).optional(),
    ticketId: idInput({ message: 'Pick a ticket' }).optional(),
    lines: z
      .array(expenseLineInputSchema, { error: 'Lines must be a list' })
      .min(1, 'Add at least one expense line')
      .max(EXPENSE_LIMITS.linesMax, `A claim holds at most ${EXPENSE_LIMITS.linesMax} lines`),
  })
  .superRefine((p, ctx) => {
    if (p.endDate < p.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The trip ends on or after the day it starts' });
    const seen = new Set<number>();
    p.lines.forEach((l, i) => {
      if (l.date < p.startDate || l.date > p.endDate) ctx.addIssue({ code: 'custom', path: ['lines', i, 'date'], message: 'Pick a day within the trip' });
      if (l.billable && p.companyId === undefined) ctx.addIssue({ code: 'custom', path: ['lines', i, 'billable'], message: 'Pick the company the trip was for to bill this line' });
      if (l.receiptIds.some((r) => seen.has(r))) ctx.addIssue({ code: 'custom', path: ['lines', i, 'receiptIds'], message: 'This receipt is attached to another line' });
      l.receiptIds.forEach((r) => seen.add(r));
    });
  });
export type ExpensePayloadInput = z.input<typeof expensePayloadSchema>;
export type ExpensePayload = z.output<typeof expensePayloadSchema>;

// --- Rates and pricing (both sides) -------------------------------------------------------------

/** A dated rate: `fx` converts one unit of `code` to the home currency; `mileage` pays one mile (code "mile"). */
export const expenseRateSchema = z.object({ kind: z.enum(['fx', 'mileage']), code: z.string(), validFrom: z.string(), rateMicros: z.number().int() });
export type ExpenseRate = z.infer<typeof expenseRateSchema>;
export const MILEAGE_CODE = 'mile';

/** The rate in force on a day: the latest one starting on or before it, or none. */
export function rateOn(rates: readonly ExpenseRate[], kind: ExpenseRate['kind'], code: string, day: string): ExpenseRate | null {
  let best: ExpenseRate | null = null;
  for (const r of rates) if (r.kind === kind && r.code === code && r.validFrom <= day && (!best || r.validFrom > best.validFrom)) best = r;
  return best;
}

/** `units × rate` in home cents, rounded half away from zero once (units: cents of a currency, or hundredths of a mile). */
export function toHomeCents(units: number, rateMicros: number): number {
  const n = BigInt(Math.max(0, Math.trunc(units))) * BigInt(Math.max(0, Math.trunc(rateMicros)));
  const d = BigInt(RATE_SCALE);
  return Number((n * 2n + d) / (d * 2n));
}

/** A priced line: the rate used, the day that rate took effect, and the home amount. */
export type LinePrice = { rateMicros: number; rateDay: string; homeCents: number };

/** The price of a line on its day, or null when no rate is in force then. */
export function priceLine(l: Pick<ExpenseLine, 'kind' | 'date' | 'amountCents' | 'currency' | 'distanceHundredths'>, rates: readonly ExpenseRate[]): LinePrice | null {
  if (l.kind !== 'mileage' && l.currency === HOME_CURRENCY) return { rateMicros: RATE_SCALE, rateDay: l.date, homeCents: l.amountCents };
  const rate = l.kind === 'mileage' ? rateOn(rates, 'mileage', MILEAGE_CODE, l.date) : rateOn(rates, 'fx', l.currency, l.date);
  if (!rate) return null;
  return { rateMicros: rate.rateMicros, rateDay: rate.validFrom, homeCents: toHomeCents(l.kind === 'mileage' ? l.distanceHundredths : l.amountCents, rate.rateMicros) };
}

/** A claim's total: the sum of its lines' rounded home amounts (never rounded again). */
export const claimTotal = (lines: readonly { homeCents: number }[]) => lines.reduce((sum, l) => sum + l.homeCents, 0);

/** Whether a line needs a receipt it does not have (blocks submission). */
export const missesReceipt = (l: Pick<ExpenseLine, 'kind' | 'receiptIds'>, homeCents: number) => l.kind !== 'mileage' && homeCents > RECEIPT_REQUIRED_ABOVE_CENTS && l.receiptIds.length === 0;
export const RECEIPT_MISSING = `Attach a receipt: lines over ${formatCents(RECEIPT_REQUIRED_ABOVE_CENTS)} ${HOME_CURRENCY} need one`;
export const NO_RATE = 'No rate is in force on this day; pick another day or currency';

/** A line as stored with the request: its input, its price, and what the approver should know. */
/** A receipt as a stored line names it (its name and whether it is an image), so the claim's readers need not ask for each. */
export type StoredReceipt = Pick<Receipt, 'id' | 'name' | 'mime_type' | 'size_bytes' | 'image'>;
export type StoredExpenseLine = ExpenseLine & LinePrice & { flags: string[]; receipts?: StoredReceipt[] };
/** The payload as stored: the lines priced, the total, the home currency, the company's name when it names one. */
export type StoredExpensePayload = Omit<ExpensePayload, 'lines'> & { lines: StoredExpenseLine[]; totalCents: number; currency: typeof HOME_CURRENCY; companyName?: string };

// --- Receipts and exports -------------------------------------------------------------------------

export const receiptSchema = attachmentSchema;
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptsSchema = z.object({ receipts: z.array(receiptSchema) });

export const receiptQuerySchema = z.strictObject({
  variant: z.enum(['original', 'thumbnail'], { error: 'variant must be original or thumbnail' }).default('original'),
});

export const exportQuerySchema = z.strictObject({
  from: calendarDay('From').optional(),
  to: calendarDay('To').optional(),
});

/** The columns of the CSV export, in order. */
export const EXPENSE_CSV_COLUMNS = ['Claim', 'Requester', 'Purpose', 'Destination', 'Line', 'Kind', 'Date', 'Merchant', 'Description', 'Amount', 'Currency', 'Rate', 'Rate date', `Amount (${HOME_CURRENCY})`, 'Billable', 'Quote'] as const;

const TAG = 'Forms';
export const EXPENSES = {
  rates: endpoint({
    method: 'GET',
    path: '/api/v2/forms/expenses/rates',
    audience: 'staff',
    tag: TAG,
    summary: 'The dated exchange and mileage rates a travel expense line is priced with',
    response: z.array(expenseRateSchema),
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/v2/forms/expenses/receipts',
    audience: 'staff',
    tag: TAG,
    summary: 'Upload receipts (images or PDF, as multipart/form-data) to attach to the lines of a travel expense claim',
    body: z.strictObject({}),
    status: 201,
    upload: true,
    response: receiptsSchema,
  }),
  receipt: endpoint({
    method: 'GET',
    path: '/api/v2/forms/expenses/receipts/:id',
    audience: 'staff',
    tag: TAG,
    summary: 'A receipt (or its thumbnail): for its uploader and whoever may see a claim it is attached to',
    params: idParamsSchema,
    query: receiptQuerySchema,
    produces: 'application/octet-stream',
  }),
  csv: endpoint({
    method: 'GET',
    path: '/api/v2/forms/expenses/export.csv',
    audience: 'staff',
    tag: TAG,
    summary: 'The lines of the approved travel expense claims the caller may see, as CSV',
    query: exportQuerySchema,
    produces: 'text/csv',
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/api/v2/forms/expenses/:id/pdf',
    audience: 'staff',
    tag: TAG,
    summary: 'An approved travel expense claim as a PDF, with its receipts as thumbnails',
    params: idParamsSchema,
    produces: 'application/pdf',
  }),
} as const;
