/**
 * Quotes and the item catalog: payload schemas, answer types and the pure rules both sides
 * share (layouts per quote type, what changed between revisions, the accepted-content digest).
 * Money lives in ./quote-money.
 */
import { emailSchema } from './auth';
import { LIMITS } from './common/constants';
import { formatDay, MESSAGE_LOCALE } from './common/dates';
import { endpoint } from './common/endpoint';
import { calendarDay, idInput, idParamsSchema, pageInput, safeText, type TextForm } from './common/input';
import { z } from './common/zod';
import { formatMoney, lineCounts, lineNetCents, quoteTotals, quoteTotalsSchema, toHundredths, type MoneyLine } from './quote-money';

export const QUOTE_TYPES = ['support', 'project', 'hardware', 'paper'] as const;
export type QuoteType = (typeof QUOTE_TYPES)[number];
export const QUOTE_TYPE_LABELS: Record<QuoteType, string> = { support: 'Support', project: 'Project', hardware: 'Hardware', paper: 'Paper' };
export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = { draft: 'Draft', sent: 'Sent', accepted: 'Accepted', declined: 'Declined', expired: 'Expired' };
/** Statuses of the open pipeline (what sales weighs): not decided yet. */
export const OPEN_QUOTE_STATUSES: readonly QuoteStatus[] = ['draft', 'sent'];

export const CATALOG_CATEGORIES = ['paper', 'hardware', 'software', 'service', 'support', 'project', 'other'] as const;
export type CatalogCategory = (typeof CATALOG_CATEGORIES)[number];

/** Bounds of quotes and the catalog. */
export const QUOTE_LIMITS = {
  linesMax: 300,
  quantityMax: 99_999.99,
  /**
   * The highest unit price or cost, in cents ($999,999.99), for catalog items and quote lines alike;
   * the columns check the same bound (migration 0020). With at most `linesMax` lines of
   * `quantityMax` each, taxed at up to 100 %, every total stays an exact integer (docs/adr/0099).
   */
  unitPriceCentsMax: 99_999_999,
  descriptionMax: 2000,
  notesMax: 5000,
  bundleItemsMax: 50,
  importRowsMax: 2000,
  importBytesMax: 200 * 1024,
  searchMax: 100,
  pageSizeMax: 100,
  /** Autosave waits this long after the last change (ms). */
  autosaveDebounceMs: 800,
  /** A failed autosave is tried again after this long, doubling, up to the max (ms). */
  retryBaseMs: 2000,
  retryMaxMs: 30_000,
  /** Days a new quote stays valid. */
  defaultValidDays: 30,
} as const;

/** The tax rate a new quote starts with (8.25 %); each quote keeps its own (docs/adr/0084). */
export const DEFAULT_QUOTE_TAX_RATE_PERCENT = 8.25;

const text = (label: string, max: number, form?: TextForm) => safeText(`${label} must be text`, label, form).trim().max(max, `${label} must be at most ${max} characters`);
const required = (label: string, max: number, form?: TextForm) => text(label, max, form).min(1, `${label} is required`);
const twoDecimals = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${label} takes at most two decimals`);
const cents = (label: string) =>
  z
    .number({ error: `${label} must be a number of cents` })
    .int(`${label} must be whole cents`)
    .min(0, `${label} must not be negative`)
    .max(QUOTE_LIMITS.unitPriceCentsMax, `${label} must be at most ${formatMoney(QUOTE_LIMITS.unitPriceCentsMax)}`);

// ---------------------------------------------------------------- catalog

/** A catalog item's fields, without defaults: an edit names only what it changes. */
const catalogFields = {
  sku: required('SKU', 40).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'SKU may hold letters, digits, dots, dashes and underscores'),
  name: required('Name', LIMITS.title),
  description: text('Description', QUOTE_LIMITS.descriptionMax, 'long'),
  category: z.enum(CATALOG_CATEGORIES, { error: `Category must be one of ${CATALOG_CATEGORIES.join(', ')}` }),
  unitPriceCents: cents('Unit price'),
  unitCostCents: cents('Unit cost'),
  taxable: z.boolean({ error: 'Taxable must be true or false' }),
  active: z.boolean({ error: 'Active must be true or false' }),
  bundle: z
    .array(z.strictObject({ itemId: idInput({ label: 'Bundle item' }), quantity: z.number().int('Bundle quantity must be whole').min(1, 'Bundle quantity must be at least 1').max(10000) }), {
      error: 'Bundle must be a list',
    })
    .max(QUOTE_LIMITS.bundleItemsMax, `A bundle holds at most ${QUOTE_LIMITS.bundleItemsMax} items`),
};
/** A new item: what it does not name starts empty, taxable and active. */
export const catalogItemInputSchema = z.strictObject({
  ...catalogFields,
  description: catalogFields.description.default(''),
  taxable: catalogFields.taxable.default(true),
  active: catalogFields.active.default(true),
  bundle: catalogFields.bundle.default([]),
});
export type CatalogItemInput = z.input<typeof catalogItemInputSchema>;
/** An edit changes only the fields it names (no defaults: a missing field keeps its value). */
export const catalogUpdateSchema = z.strictObject(catalogFields).partial().refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type CatalogUpdateInput = z.input<typeof catalogUpdateSchema>;

export const CATALOG_SORT_FIELDS = ['sku', 'name', 'category', 'unit_price_cents', 'unit_cost_cents', 'active'] as const;
const sortOf = <F extends readonly [string, ...string[]]>(fields: F) =>
  safeText('sort must be text', 'sort')
    .max(200, 'sort is too long')
    .transform((v, ctx) => {
      const out: { field: F[number]; dir: 'asc' | 'desc' }[] = [];
      for (const part of v.split(',').map((s) => s.trim()).filter(Boolean)) {
        const [field, dir = 'asc'] = part.split(':');
        if (!fields.includes(field as F[number]) || (dir !== 'asc' && dir !== 'desc')) {
          ctx.addIssue({ code: 'custom', message: `sort must be field:asc or field:desc with a field of ${fields.join(', ')}` });
          return z.NEVER;
        }
        out.push({ field: field as F[number], dir });
      }
      return out.slice(0, 3);
    });
const size = z.coerce.number({ error: 'size must be a number' }).int('size must be a whole number').min(1, 'size must be at least 1').max(QUOTE_LIMITS.pageSizeMax, `size must be at most ${QUOTE_LIMITS.pageSizeMax}`).default(10);
const boolParam = (label: string) => z.enum(['true', 'false'], { error: `${label} must be true or false` }).transform((v) => v === 'true');

export const catalogSearchSchema = z.strictObject({
  q: text('q', QUOTE_LIMITS.searchMax).optional(),
  category: z.enum(CATALOG_CATEGORIES, { error: `category must be one of ${CATALOG_CATEGORIES.join(', ')}` }).optional(),
  active: boolParam('active').optional(),
  sort: sortOf(CATALOG_SORT_FIELDS).optional(),
  page: pageInput().default(1),
  size,
});

export const bundlePartSchema = z.object({ itemId: z.number().int(), sku: z.string(), name: z.string(), quantity: z.number().int() });
export type BundlePart = z.infer<typeof bundlePartSchema>;
/** A catalog item as the API answers it. */
export const catalogItemSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  unit_price_cents: z.number().int(),
  unit_cost_cents: z.number().int(),
  taxable: z.boolean(),
  active: z.boolean(),
  /** On a quote, a paper order or in a bundle: deactivated, never deleted. */
  used: z.boolean(),
  bundle: z.array(bundlePartSchema),
});
export type CatalogItem = z.infer<typeof catalogItemSchema>;

/** A page of a list: its rows, the page asked for, and how many rows there are in all. */
const pageOf = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), page: z.number().int(), size: z.number().int(), total: z.number().int(), totalExact: z.boolean() });
export const catalogPageSchema = pageOf(catalogItemSchema);
export type CatalogPage = z.infer<typeof catalogPageSchema>;

/** The catalog's CSV columns, in this order, for export and import. */
export const CATALOG_CSV_HEADERS = ['sku', 'name', 'description', 'category', 'unit_price', 'unit_cost', 'taxable', 'active'] as const;
export const catalogImportSchema = z.strictObject({
  csv: safeText('csv is required', 'csv', 'long').min(1, 'csv is required').max(QUOTE_LIMITS.importBytesMax, 'The file is too large (200 KB at most)'),
  commit: z.boolean({ error: 'commit must be true or false' }).default(false),
});
export const catalogImportRowSchema = z.object({
  /** The line of the file (the header is line 1). */
  line: z.number().int(),
  sku: z.string(),
  name: z.string(),
  category: z.string(),
  unitPriceCents: z.number().int().nullable(),
  unitCostCents: z.number().int().nullable(),
  taxable: z.boolean(),
  active: z.boolean(),
  /** 'create' or 'update' (an existing SKU). */
  action: z.enum(['create', 'update']),
  errors: z.record(z.string(), z.string()),
});
export type CatalogImportRow = z.infer<typeof catalogImportRowSchema>;
export const catalogImportResultSchema = z.object({
  rows: z.array(catalogImportRowSchema),
  valid: z.boolean(),
  committed: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  fileErrors: z.array(z.string()),
});
export type CatalogImportResult = z.infer<typeof catalogImportResultSchema>;
/** What a deletion answers. */
export const deletedSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------- quotes

export const quoteLineInputSchema = z.strictObject({
  kind: z.enum(['item', 'heading'], { error: 'Line kind must be item or heading' }),
  catalogItemId: idInput({ label: 'Catalog item' }).nullable().default(null),
  sku: text('SKU', 40).default(''),
  description: text('Description', QUOTE_LIMITS.descriptionMax, 'long').default(''),
  quantity: twoDecimals('Quantity', 0, QUOTE_LIMITS.quantityMax).default(1),
  unitPriceCents: cents('Unit price').default(0),
  discountPercent: twoDecimals('Discount', 0, 100).default(0),
  taxable: z.boolean().default(true),
  optional: z.boolean().default(false),
  chosen: z.boolean().default(false),
});
export type QuoteLineInput = z.input<typeof quoteLineInputSchema>;

export const quoteDraftSchema = z.strictObject({
  type: z.enum(QUOTE_TYPES, { error: `Type must be one of ${QUOTE_TYPES.join(', ')}` }),
  companyId: idInput({ label: 'Company' }).nullable().default(null),
  /** A new client captured on the quote: becomes a prospect company on save. */
  clientName: text('Client name', LIMITS.title).default(''),
  contactName: text('Contact name', LIMITS.name).default(''),
  contactEmail: z.union([z.literal(''), emailSchema], { error: 'Contact email must be an email address' }).default(''),
  title: text('Title', LIMITS.title).default(''),
  validUntil: calendarDay('Valid until'),
  notes: text('Notes', QUOTE_LIMITS.notesMax, 'long').default(''),
  terms: text('Terms', QUOTE_LIMITS.notesMax, 'long').default(''),
  taxRatePercent: twoDecimals('Tax rate', 0, 100).default(DEFAULT_QUOTE_TAX_RATE_PERCENT),
  lines: z.array(quoteLineInputSchema, { error: 'Lines must be a list' }).max(QUOTE_LIMITS.linesMax, `A quote holds at most ${QUOTE_LIMITS.linesMax} lines`).default([]),
});
export type QuoteDraftInput = z.input<typeof quoteDraftSchema>;
export type QuoteDraft = z.output<typeof quoteDraftSchema>;
/**
 * `keep`: the person saved explicitly (Save now), so the draft is worth keeping and gets its number;
 * an autosave leaves a new draft unnumbered (docs/adr/0124-quote-numbers-on-keep.md).
 */
const keep = z.boolean({ error: 'keep must be true or false' }).default(false);
/** A new quote: its first draft, kept (numbered) only when saved explicitly. */
export const quoteCreateSchema = quoteDraftSchema.extend({ keep });
export type QuoteCreateInput = z.input<typeof quoteCreateSchema>;
/** A save of a draft names the version it started from; the answer carries the next one. */
export const quoteSaveSchema = quoteDraftSchema.extend({ baseVersion: z.number().int().min(1).optional(), keep });
export type QuoteSaveInput = z.input<typeof quoteSaveSchema>;
/** A send names the version of the quote the sender looked at; a quote saved since answers 409. */
export const quoteSendSchema = z.strictObject({
  version: z
    .number({ error: 'Version must be the number of the version you looked at' })
    .int('Version must be a whole number')
    .min(1, 'Version must be at least 1'),
});
export type QuoteSendInput = z.input<typeof quoteSendSchema>;

export const QUOTE_SORT_FIELDS = ['number', 'company', 'type', 'status', 'total_cents', 'valid_until', 'owner', 'updated_at'] as const;
export const quoteSearchSchema = z.strictObject({
  q: text('q', QUOTE_LIMITS.searchMax).optional(),
  status: z.enum(QUOTE_STATUSES, { error: `status must be one of ${QUOTE_STATUSES.join(', ')}` }).optional(),
  type: z.enum(QUOTE_TYPES, { error: `type must be one of ${QUOTE_TYPES.join(', ')}` }).optional(),
  company: idInput({ label: 'company' }).optional(),
  /** Part of the company's (or captured client's) name. */
  companyName: text('companyName', QUOTE_LIMITS.searchMax).optional(),
  sort: sortOf(QUOTE_SORT_FIELDS).optional(),
  page: pageInput().default(1),
  size,
});
export const quoteStatusSchema = z.strictObject({
  status: z.enum(['accepted', 'declined'], { error: 'status must be accepted or declined' }),
  note: text('Note', 1000, 'long').default(''),
});

const quoteStatus = z.enum(QUOTE_STATUSES);
const quoteType = z.enum(QUOTE_TYPES);
const decisionKind = z.enum(['accepted', 'declined']);

/** A line of a quote as the API answers it. */
export const quoteLineSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  kind: z.enum(['item', 'heading']),
  catalogItemId: z.number().int().nullable(),
  sku: z.string(),
  description: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number().int(),
  discountPercent: z.number(),
  taxable: z.boolean(),
  optional: z.boolean(),
  chosen: z.boolean(),
  /** After discount, rounded; 0 for a heading. */
  netCents: z.number().int(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;
/** A row of the quotes list. */
export const quoteRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  company: z.string(),
  company_id: z.number().int().nullable(),
  type: quoteType,
  status: quoteStatus,
  total_cents: z.number().int(),
  valid_until: z.string(),
  owner: z.string(),
  updated_at: z.string(),
});
export type QuoteRow = z.infer<typeof quoteRowSchema>;
export const quotePageSchema = pageOf(quoteRowSchema);
export type QuotePage = z.infer<typeof quotePageSchema>;
export const quoteSchema = z.object({
  id: z.number().int(),
  /** Empty while the draft is unnumbered (autosaved only, never kept or sent): see `isNumbered`. */
  number: z.string(),
  baseNumber: z.string(),
  revision: z.number().int(),
  rootId: z.number().int(),
  companyId: z.number().int().nullable(),
  companyName: z.string(),
  companyCreated: z.boolean(),
  clientName: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  type: quoteType,
  status: quoteStatus,
  superseded: z.boolean(),
  title: z.string(),
  validUntil: z.string(),
  notes: z.string(),
  terms: z.string(),
  taxRatePercent: z.number(),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  ownerId: z.number().int(),
  ownerName: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteDecisionSchema = z.object({
  decision: decisionKind,
  name: z.string(),
  reason: z.string(),
  address: z.string(),
  contentHash: z.string().nullable(),
  chosenLines: z.array(z.number().int()),
  totalCents: z.number().int(),
  decidedAt: z.string(),
});
export type QuoteDecision = z.infer<typeof quoteDecisionSchema>;
export const quoteRevisionRefSchema = z.object({ id: z.number().int(), number: z.string(), revision: z.number().int(), status: quoteStatus });
export type QuoteRevisionRef = z.infer<typeof quoteRevisionRefSchema>;
export const quoteViewSchema = z.object({
  quote: quoteSchema,
  lines: z.array(quoteLineSchema),
  totals: quoteTotalsSchema,
  decision: quoteDecisionSchema.nullable(),
  revisions: z.array(quoteRevisionRefSchema),
  /** What changed against the previous revision (empty for the first). */
  changes: z.array(z.string()),
  /** Sent, accepted, declined or expired, or a revision replaced by a newer one: not editable. */
  readOnly: z.boolean(),
});
export type QuoteView = z.infer<typeof quoteViewSchema>;
export const pipelineStatusSchema = z.object({ status: quoteStatus, count: z.number().int(), totalCents: z.number().int() });
export type PipelineStatus = z.infer<typeof pipelineStatusSchema>;
export const quotePipelineSchema = z.object({ byStatus: z.array(pipelineStatusSchema), openCents: z.number().int() });
export type QuotePipeline = z.infer<typeof quotePipelineSchema>;

/** The pipeline as a chart (value by status), the same on /sales/quotes and the sales dashboard. */
export function pipelineChart(p: QuotePipeline) {
  return {
    kind: 'bar' as const,
    title: 'Pipeline value by status',
    summary: `Open pipeline (draft and sent): ${formatMoney(p.openCents)} over ${p.byStatus.filter((b) => b.status === 'draft' || b.status === 'sent').reduce((a, b) => a + b.count, 0)} quotes.`,
    unit: 'money' as const,
    currency: 'USD',
    categories: p.byStatus.map((b) => QUOTE_STATUS_LABELS[b.status]),
    categoryLabel: 'Status',
    valueLabel: 'Quote value',
    series: [{ name: 'Value', values: p.byStatus.map((b) => b.totalCents), drill: p.byStatus.map((b) => b.status) }],
    markers: [],
  };
}

/** A quote as its reader sees it: on screen, on the client's page and in the PDF. */
export const quoteDocumentSchema = z.object({
  number: z.string(),
  type: quoteType,
  title: z.string(),
  companyName: z.string(),
  contactName: z.string(),
  validUntil: z.string(),
  notes: z.string(),
  terms: z.string(),
  taxRatePercent: z.number(),
  lines: z.array(quoteLineSchema),
  totals: quoteTotalsSchema,
});
export type QuoteDocumentData = z.infer<typeof quoteDocumentSchema>;

/** The client's decision as their page shows it. */
export const publicDecisionSchema = quoteDecisionSchema.pick({ decision: true, name: true, decidedAt: true, totalCents: true });
/** What the client sees through the emailed link. */
export const publicQuoteSchema = quoteDocumentSchema.extend({ status: quoteStatus, decision: publicDecisionSchema.nullable() });
export type PublicQuote = z.infer<typeof publicQuoteSchema>;
/** What an acceptance or a decline through the link answers. */
export const quoteDecidedSchema = z.object({ decision: publicDecisionSchema });
export type QuoteDecided = z.infer<typeof quoteDecidedSchema>;
export const QUOTE_KEY_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
export const quoteKeyParamsSchema = z.strictObject({ key: safeText('key', 'key').max(64) });
export const quoteAcceptSchema = z.strictObject({
  name: required('Name', LIMITS.name),
  chosenLineIds: z.array(idInput({ label: 'Line' })).max(QUOTE_LIMITS.linesMax).default([]),
  /** The total the client saw, so a changed quote is never accepted blind. */
  expectedTotalCents: z.number().int().min(0).optional(),
});
export const quoteDeclineSchema = z.strictObject({
  name: required('Name', LIMITS.name),
  reason: required('Reason', 2000, 'long'),
});

/** The layout tester's sample quote: one type (hardware unless named). */
export const quoteSampleQuerySchema = z.strictObject({
  type: z.enum(QUOTE_TYPES, { error: `type must be one of ${QUOTE_TYPES.join(', ')}` }).default('hardware'),
});

// ---------------------------------------------------------------- endpoints

const TAG = 'Quotes';
/** Every endpoint of quotes and the item catalog (docs/adr/0105-typed-endpoints.md). */
export const QUOTES = {
  catalogSearch: endpoint({
    method: 'GET',
    path: '/api/v2/catalog',
    audience: 'staff',
    tag: TAG,
    summary: 'A page of catalog items, searched, filtered and sorted',
    query: catalogSearchSchema,
    response: catalogPageSchema,
  }),
  catalogExport: endpoint({ method: 'GET', path: '/api/v2/catalog/export', audience: 'staff', tag: TAG, summary: 'The whole catalog as CSV', produces: 'text/csv' }),
  catalogImport: endpoint({
    method: 'POST',
    path: '/api/v2/catalog/import',
    audience: 'staff',
    tag: TAG,
    summary: 'Checks every row of a catalog CSV; with commit, writes them all or nothing',
    body: catalogImportSchema,
    response: catalogImportResultSchema,
  }),
  catalogCreate: endpoint({
    method: 'POST',
    path: '/api/v2/catalog',
    audience: 'staff',
    tag: TAG,
    summary: 'Adds an item (or a bundle of items) to the catalog',
    body: catalogItemInputSchema,
    status: 201,
    idempotent: true,
    response: catalogItemSchema,
  }),
  catalogUpdate: endpoint({
    method: 'PATCH',
    path: '/api/v2/catalog/:id',
    audience: 'staff',
    tag: TAG,
    summary: 'Changes the fields of a catalog item it names (deactivates it with active: false)',
    params: idParamsSchema,
    body: catalogUpdateSchema,
    response: catalogItemSchema,
  }),
  catalogDelete: endpoint({
    method: 'DELETE',
    path: '/api/v2/catalog/:id',
    audience: 'staff',
    tag: TAG,
    summary: 'Deletes a catalog item that no quote, order or bundle ever used',
    params: idParamsSchema,
    response: deletedSchema,
  }),
  search: endpoint({
    method: 'GET',
    path: '/api/v2/quotes',
    audience: 'staff',
    tag: TAG,
    summary: 'A page of quotes (latest revisions), searched, filtered and sorted',
    query: quoteSearchSchema,
    response: quotePageSchema,
  }),
  pipeline: endpoint({ method: 'GET', path: '/api/v2/quotes/pipeline', audience: 'staff', tag: TAG, summary: 'Quotes by status with their value', response: quotePipelineSchema }),
  samplePdf: endpoint({
    method: 'GET',
    path: '/api/v2/quotes/sample-pdf',
    audience: 'staff',
    tag: TAG,
    summary: "The PDF of the layout tester's 200-line sample quote",
    query: quoteSampleQuerySchema,
    produces: 'application/pdf',
  }),
  sample: endpoint({
    method: 'GET',
    path: '/api/v2/quotes/sample',
    audience: 'staff',
    tag: TAG,
    summary: "The layout tester's 200-line sample quote as the client's page shows it",
    query: quoteSampleQuerySchema,
    response: publicQuoteSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v2/quotes',
    audience: 'staff',
    tag: TAG,
    summary: 'Creates a draft quote: unnumbered until kept (keep: true) or sent; a new client becomes a prospect company when it is kept',
    body: quoteCreateSchema,
    status: 201,
    idempotent: true,
    response: quoteViewSchema,
  }),
  view: endpoint({ method: 'GET', path: '/api/v2/quotes/:id', audience: 'staff', tag: TAG, summary: 'A quote with its lines, totals, decision and revisions', params: idParamsSchema, response: quoteViewSchema }),
  save: endpoint({
    method: 'PUT',
    path: '/api/v2/quotes/:id',
    audience: 'staff',
    tag: TAG,
    summary: 'Saves a draft (autosave, or kept with keep: true, which numbers it); a newer save since its base version answers 409',
    params: idParamsSchema,
    body: quoteSaveSchema,
    response: quoteViewSchema,
  }),
  send: endpoint({
    method: 'POST',
    path: '/api/v2/quotes/:id/send',
    audience: 'staff',
    tag: TAG,
    summary: 'Sends the version of a draft the sender looked at: emails the client a link and schedules its expiry',
    params: idParamsSchema,
    body: quoteSendSchema,
    response: quoteViewSchema,
  }),
  revise: endpoint({
    method: 'POST',
    path: '/api/v2/quotes/:id/revise',
    audience: 'staff',
    tag: TAG,
    summary: 'Makes the next revision (a draft) of a sent or decided quote; the old link stops working',
    params: idParamsSchema,
    status: 201,
    idempotent: true,
    response: quoteViewSchema,
  }),
  decide: endpoint({
    method: 'POST',
    path: '/api/v2/quotes/:id/status',
    audience: 'staff',
    tag: TAG,
    summary: 'Records a decision the client gave another way (phone, signed paper)',
    params: idParamsSchema,
    body: quoteStatusSchema,
    response: quoteViewSchema,
  }),
  discard: endpoint({
    method: 'DELETE',
    path: '/api/v2/quotes/:id',
    audience: 'staff',
    tag: TAG,
    summary: 'Discards a draft that was never kept (it has no number yet); a numbered quote answers 409',
    params: idParamsSchema,
    response: deletedSchema,
  }),
  pdf: endpoint({ method: 'GET', path: '/api/v2/quotes/:id/pdf', audience: 'staff', tag: TAG, summary: 'A quote as a PDF', params: idParamsSchema, produces: 'application/pdf' }),
  publicView: endpoint({
    method: 'GET',
    path: '/api/v2/public/quotes/:key',
    audience: 'public',
    tag: TAG,
    summary: "The client's page of a sent quote, by the key of the emailed link",
    params: quoteKeyParamsSchema,
    response: publicQuoteSchema,
  }),
  publicAccept: endpoint({
    method: 'POST',
    path: '/api/v2/public/quotes/:key/accept',
    audience: 'public',
    tag: TAG,
    summary: 'The client accepts the quote by name, with the optional lines they chose',
    params: quoteKeyParamsSchema,
    body: quoteAcceptSchema,
    response: quoteDecidedSchema,
  }),
  publicDecline: endpoint({
    method: 'POST',
    path: '/api/v2/public/quotes/:key/decline',
    audience: 'public',
    tag: TAG,
    summary: 'The client declines the quote by name, with a reason',
    params: quoteKeyParamsSchema,
    body: quoteDeclineSchema,
    response: quoteDecidedSchema,
  }),
} as const;

// ---------------------------------------------------------------- rules both sides share

/** A line as money sees it. */
export const moneyLine = (l: Pick<QuoteLine, 'kind' | 'quantity' | 'unitPriceCents' | 'discountPercent' | 'taxable' | 'optional' | 'chosen'>): MoneyLine => ({
  kind: l.kind,
  quantityHundredths: toHundredths(l.quantity),
  unitPriceCents: l.unitPriceCents,
  discountBp: Math.round(l.discountPercent * 100),
  taxable: l.taxable,
  optional: l.optional,
  chosen: l.chosen,
});
export const netOf = (l: Parameters<typeof moneyLine>[0]) => lineNetCents(moneyLine(l));
export const totalsOf = (lines: readonly Parameters<typeof moneyLine>[0][], taxRatePercent: number) =>
  quoteTotals(lines.map(moneyLine), Math.round(taxRatePercent * 100));
export { lineCounts };

/** Which columns a quote of each type shows, on screen and in the PDF (docs/adr/0085-quote-layouts-by-type.md). */
export type QuoteLayout = {
  heading: string;
  showSku: boolean;
  showDiscount: boolean;
  quantityLabel: string;
  priceLabel: string;
  /** A sentence under the title. */
  intro: string;
};
export const QUOTE_LAYOUTS: Record<QuoteType, QuoteLayout> = {
  support: { heading: 'Support quote', showSku: false, showDiscount: true, quantityLabel: 'Hours', priceLabel: 'Rate', intro: 'Support services and hours as described below.' },
  project: { heading: 'Project quote', showSku: false, showDiscount: true, quantityLabel: 'Qty', priceLabel: 'Unit price', intro: 'Project work by phase; each heading starts a phase.' },
  hardware: { heading: 'Hardware quote', showSku: true, showDiscount: true, quantityLabel: 'Qty', priceLabel: 'Unit price', intro: 'Equipment and licences, delivered and installed as listed.' },
  paper: { heading: 'Paper quote', showSku: true, showDiscount: false, quantityLabel: 'Cases', priceLabel: 'Per case', intro: 'Paper supplies by the case.' },
};
export const isQuoteType = (v: string | null | undefined): v is QuoteType => QUOTE_TYPES.includes(v as QuoteType);

type ComparableLine = Pick<QuoteLine, 'kind' | 'catalogItemId' | 'sku' | 'description' | 'quantity' | 'unitPriceCents' | 'discountPercent' | 'optional' | 'taxable'>;
const lineKey = (l: ComparableLine) => `${l.kind}|${l.catalogItemId ?? ''}|${l.description.trim().toLowerCase()}`;
const nameOf = (l: ComparableLine) => (l.description.split('\n')[0] ?? '').slice(0, 80) || l.sku || 'untitled line';
const money = (c: number) => `$${(c / 100).toFixed(2)}`;

/** What changed from one revision to the next, as sentences a person reads. */
export function revisionChanges(
  before: { lines: readonly ComparableLine[]; totalCents: number; validUntil: string; taxRatePercent: number },
  after: { lines: readonly ComparableLine[]; totalCents: number; validUntil: string; taxRatePercent: number },
): string[] {
  const out: string[] = [];
  const old = new Map<string, ComparableLine[]>();
  for (const l of before.lines) old.set(lineKey(l), [...(old.get(lineKey(l)) ?? []), l]);
  for (const l of after.lines) {
    const same = old.get(lineKey(l));
    const prev = same?.shift();
    if (!prev) {
      out.push(l.kind === 'heading' ? `Added section "${nameOf(l)}"` : `Added "${nameOf(l)}"`);
      continue;
    }
    if (l.kind === 'heading') continue;
    if (prev.quantity !== l.quantity) out.push(`"${nameOf(l)}": quantity ${prev.quantity} → ${l.quantity}`);
    if (prev.unitPriceCents !== l.unitPriceCents) out.push(`"${nameOf(l)}": unit price ${money(prev.unitPriceCents)} → ${money(l.unitPriceCents)}`);
    if (prev.discountPercent !== l.discountPercent) out.push(`"${nameOf(l)}": discount ${prev.discountPercent}% → ${l.discountPercent}%`);
    if (prev.optional !== l.optional) out.push(`"${nameOf(l)}": ${l.optional ? 'now optional' : 'no longer optional'}`);
    if (prev.taxable !== l.taxable) out.push(`"${nameOf(l)}": ${l.taxable ? 'now taxable' : 'no longer taxable'}`);
  }
  for (const rest of old.values()) for (const l of rest) out.push(l.kind === 'heading' ? `Removed section "${nameOf(l)}"` : `Removed "${nameOf(l)}"`);
  if (before.taxRatePercent !== after.taxRatePercent) out.push(`Tax rate ${before.taxRatePercent}% → ${after.taxRatePercent}%`);
  if (before.validUntil !== after.validUntil) out.push(`Valid until ${before.validUntil} → ${after.validUntil}`);
  if (before.totalCents !== after.totalCents) out.push(`Total ${money(before.totalCents)} → ${money(after.totalCents)}`);
  return out;
}

/** The quote's display number: Q-1001 for the first revision, Q-1001-R2 for the next; empty for an unnumbered draft. */
export const displayNumber = (base: string | null, revision: number) => (!base ? '' : revision > 1 ? `${base}-R${revision}` : base);
/** A quote has its number once it was kept (saved explicitly) or sent; until then it is a draft that can be discarded. */
export const isNumbered = (q: Pick<Quote, 'number'>) => q.number !== '';
/** What an unnumbered draft is called where a number would show. */
export const UNNUMBERED_QUOTE = 'New draft';

// ---------------------------------------------------------------- the client's mail

/** What the mail of a sent quote needs to know about it. */
export type QuoteMailFacts = Pick<Quote, 'number' | 'companyName' | 'contactName' | 'contactEmail' | 'totalCents' | 'validUntil'>;
/** The greeting of a quote's mail: the contact by name, or a neutral one without a name. */
export const quoteGreeting = (contactName: string) => (contactName.trim() ? `Hello ${contactName.trim()},` : 'Hello,');
/**
 * The mail a sent quote gives its contact, with the link to their page (`link`): one template for
 * the server's outbox and the preview the sender confirms.
 */
export function quoteMail(q: QuoteMailFacts, link: string): { to: string; subject: string; body: string } {
  return {
    to: q.contactEmail,
    subject: `Quote ${q.number} from Client Care`,
    body: [
      quoteGreeting(q.contactName),
      ``,
      `Your quote ${q.number} for ${q.companyName} is ready: ${formatMoney(q.totalCents)}, valid until ${formatDay(q.validUntil, MESSAGE_LOCALE)}.`,
      `Review it, choose any optional items and accept or decline it here:`,
      link,
      ``,
      `The link works until the quote expires.`,
    ].join('\n'),
  };
}

/** The text a client accepts, made canonical: its SHA-256 is recorded with the acceptance. */
export function acceptedContent(q: { number: string; revision: number; taxRatePercent: number }, lines: readonly QuoteLine[], chosen: ReadonlySet<number>): string {
  const effective = lines.map((l) => ({ ...l, chosen: l.optional ? chosen.has(l.id) : false }));
  const totals = totalsOf(effective, q.taxRatePercent);
  return JSON.stringify({
    number: q.number,
    revision: q.revision,
    taxRatePercent: q.taxRatePercent,
    lines: effective
      .filter((l) => l.kind === 'item' && (!l.optional || l.chosen))
      .map((l) => [l.id, l.sku, l.description, l.quantity, l.unitPriceCents, l.discountPercent, l.taxable, l.optional, netOf(l)]),
    totals,
  });
}
export const countedLines = <L extends Pick<QuoteLine, 'kind' | 'optional' | 'chosen'>>(lines: readonly L[]) => lines.filter((l) => lineCounts(l));
