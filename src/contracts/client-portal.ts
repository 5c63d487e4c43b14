import { z } from './common/zod';
import { emailSchema } from './auth';
import { SEVERITY_CODES, type Severity } from './common/codes';
import { CLIENT_PAGE_SIZE, LIMITS, PAPER_QUANTITY_MAX, PO_NUMBER_MAX, SHIP_TO_MAX } from './common/constants';
import { idInput, pageQuery, safeText, type TextForm } from './common/input';

/** Client portal payloads, shared by the API and the browser. */

const text = (label: string, max: number, form?: TextForm) =>
  safeText(`${label} is required`, label, form)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number, form?: TextForm) =>
  safeText(`${label} must be text`, label, form)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** A new password: bounded here; the server also refuses common ones. */
export const newPasswordSchema = safeText('Password is required', 'Password', 'secret')
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

export const ACCOUNT_NUMBER_MAX = 40;
export const PASSWORD_TOKEN_MAX = 128;

export const signupRequestSchema = z.strictObject({
  accountNumber: text('Account number', ACCOUNT_NUMBER_MAX).transform((v) => v.toUpperCase()),
  name: text('Name', LIMITS.name),
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const setPasswordRequestSchema = z.strictObject({
  token: text('Token', PASSWORD_TOKEN_MAX),
  password: newPasswordSchema,
});
export type SetPasswordRequest = z.input<typeof setPasswordRequestSchema>;

/** The one answer of signup and forgot-password, whatever the account. */
export type AcceptedResponse = { accepted: true; message: string };
/**
 * The signup answer, the same whatever the account number, the company's sign-up policy or the
 * email: it promises nothing that would tell them apart (docs/adr/0030).
 */
export const SIGNUP_ACCEPTED_MESSAGE =
  "Thank you. If the account number is right and your company takes sign-ups, we will email you a link to activate your account: at once for an address at the company's own email domain, otherwise once your request is approved.";
export const FORGOT_PASSWORD_MESSAGE = 'If an account uses this email, we sent it a link to reset the password.';
export const TOKEN_INVALID_MESSAGE = 'This link has expired or was already used.';

const idParam = idInput();

const pageFields = pageQuery(CLIENT_PAGE_SIZE);

export const CLIENT_TICKET_SORTS = ['id', 'title', 'status', 'severity', 'created_at', 'updated_at'] as const;
export const clientTicketListQuerySchema = z.strictObject({
  ...pageFields,
  q: safeText('Search must be text', 'Search').trim().max(200, 'Search must be at most 200 characters').optional(),
  status: z.enum(['open', 'closed', 'all'], { error: 'Must be open, closed or all' }).default('all'),
  sort: z.enum(CLIENT_TICKET_SORTS, { error: 'Unknown sort column' }).default('created_at'),
  dir: z.enum(['asc', 'desc'], { error: 'Must be asc or desc' }).default('desc'),
});
export type ClientTicketListQuery = z.input<typeof clientTicketListQuerySchema>;

export const pageQuerySchema = z.strictObject(pageFields);

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export const clientTicketSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.string(),
  severity: z.string(),
  contact_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClientTicket = z.infer<typeof clientTicketSchema>;
export const clientNoteSchema = z.object({ id: z.number().int(), body: z.string(), author: z.string(), fromClient: z.boolean(), created_at: z.string() });
export type ClientNote = z.infer<typeof clientNoteSchema>;
export const clientTicketDetailSchema = clientTicketSchema.extend({ description: z.string(), contact_email: z.string().nullable(), notes: z.array(clientNoteSchema) });
export type ClientTicketDetail = z.infer<typeof clientTicketDetailSchema>;

const severity = z.enum(SEVERITY_CODES as [Severity, ...Severity[]], { error: 'Must be C, H, M or L' });

export const createClientTicketSchema = z.strictObject({
  title: text('Title', LIMITS.title),
  description: text('Description', LIMITS.text, 'long'),
  severity: severity.default('M'),
  contactName: optionalText('Contact', LIMITS.name),
  contactEmail: z
    .union([z.literal(''), emailSchema])
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type CreateClientTicket = z.input<typeof createClientTicketSchema>;

export const replySchema = z.strictObject({ body: text('Reply', LIMITS.text, 'long') });
export type ReplyRequest = z.input<typeof replySchema>;

export const contactSupportSchema = z.strictObject({
  subject: text('Subject', LIMITS.title),
  message: text('Message', LIMITS.text, 'long'),
});
export type ContactSupportRequest = z.input<typeof contactSupportSchema>;
export type SupportInfo = { phone: string; hours: string };

export type PaperProduct = { id: number; sku: string; name: string; description: string; unit_price_cents: number };
export const PAPER_ORDER_STATUSES = ['received', 'processing', 'shipped'] as const;
export type PaperOrder = {
  id: number;
  product_id: number;
  product_name: string;
  quantity: number;
  po_number: string | null;
  ship_to: string;
  status: (typeof PAPER_ORDER_STATUSES)[number];
  created_at: string;
};
export const createPaperOrderSchema = z.strictObject({
  productId: idParam,
  quantity: z.coerce
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(PAPER_QUANTITY_MAX, `Quantity must be at most ${PAPER_QUANTITY_MAX}`),
  poNumber: optionalText('PO number', PO_NUMBER_MAX),
  shipTo: text('Ship-to address', SHIP_TO_MAX),
});
export type CreatePaperOrder = z.input<typeof createPaperOrderSchema>;

export const articleListQuerySchema = z.strictObject({
  ...pageFields,
  q: safeText('Search must be text', 'Search').trim().max(200, 'Search must be at most 200 characters').optional(),
  category: safeText('Category must be text', 'Category').trim().max(120, 'Category must be at most 120 characters').optional(),
});
export type ArticleListQuery = z.input<typeof articleListQuerySchema>;
export type ArticleSummary = { id: number; title: string; category: string; updated_at: string };
export type Article = ArticleSummary & { body: string };
export type ArticleList = Page<ArticleSummary> & { categories: string[] };

export const SCR_STATUSES = ['submitted', 'under_review', 'approved', 'in_development', 'in_qa', 'released', 'rejected'] as const;
export const SCR_STATUS_LABELS: Record<(typeof SCR_STATUSES)[number], string> = {
  submitted: 'Submitted',
  under_review: 'Under review',
  approved: 'Approved',
  in_development: 'In development',
  in_qa: 'In QA',
  released: 'Released',
  rejected: 'Rejected',
};
export const SCR_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type Scr = {
  id: number;
  title: string;
  description: string;
  business_reason: string | null;
  priority: (typeof SCR_PRIORITIES)[number];
  status: (typeof SCR_STATUSES)[number];
  created_at: string;
  updated_at: string;
};
export const createScrSchema = z.strictObject({
  title: text('Title', LIMITS.title),
  description: text('Description', LIMITS.text, 'long'),
  businessReason: optionalText('Business reason', LIMITS.text, 'long'),
  priority: z.enum(SCR_PRIORITIES, { error: 'Must be low, medium, high or critical' }).default('medium'),
});
export type CreateScr = z.input<typeof createScrSchema>;

export type ClientDashboard = {
  openTickets: ClientTicket[];
  openTicketCount: number;
  recentReplies: { ticket_id: number; ticket_title: string; body: string; author: string; created_at: string }[];
  openScrs: Scr[];
};
