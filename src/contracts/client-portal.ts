import { z } from './common/zod';
import { emailSchema } from './auth';
import { PRIORITY_MESSAGE, SEVERITY_CODES, type Severity } from './common/codes';
import { CLIENT_PAGE_SIZE, LIMITS, PAPER_QUANTITY_MAX, PO_NUMBER_MAX, SHIP_TO_MAX } from './common/constants';
import { endpoint } from './common/endpoint';
import { idParamsSchema, pageQuery, pickedId, safeText, type TextForm } from './common/input';
import { attachmentSchema } from './common/attachments';

/**
 * Client portal payloads, shared by the API and the browser: the client users' own account calls
 * (signup and the password links, `CLIENT_ACCOUNTS`) and the signed-in portal's data
 * (`CLIENT_PORTAL`). The portal's tickets are the tickets feature's endpoints; their answers are
 * described here, since the dashboard shows them too.
 */

const text = (label: string, max: number, form?: TextForm, missing = `${label} is required`) =>
  safeText(missing, label, form)
    .trim()
    .min(1, missing)
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

/** What the sign-up form says of a field left empty (also the server's 400, which names the field). */
export const SIGNUP_MESSAGES = { accountNumber: "Enter your company's account number", name: 'Tell us your name' } as const;
export const signupRequestSchema = z.strictObject({
  accountNumber: text('Account number', ACCOUNT_NUMBER_MAX, 'line', SIGNUP_MESSAGES.accountNumber).transform((v) => v.toUpperCase()),
  name: text('Name', LIMITS.name, 'line', SIGNUP_MESSAGES.name),
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
export const acceptedResponseSchema = z.object({ accepted: z.literal(true), message: z.string() });
export type AcceptedResponse = z.infer<typeof acceptedResponseSchema>;
/** The answer of a password set or reset through a link. */
export const passwordSetResponseSchema = z.object({ done: z.literal(true) });
/**
 * The signup answer, the same whatever the account number, the company's sign-up policy or the
 * email: it promises nothing that would tell them apart (docs/adr/0030).
 */
export const SIGNUP_ACCEPTED_MESSAGE =
  "Thank you. If the account number is right and your company takes sign-ups, we will email you a link to activate your account: at once for an address at the company's own email domain, otherwise once your request is approved.";
export const FORGOT_PASSWORD_MESSAGE = 'If an account uses this email, we sent it a link to reset the password.';
export const TOKEN_INVALID_MESSAGE = 'This link has expired or was already used.';

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

/** A page of one of the portal's lists: its items, how many there are in all, and which page of what size. */
export const clientPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type Page<T> = Omit<z.infer<ReturnType<typeof clientPageSchema>>, 'items'> & { items: T[] };

/** A ticket of the client's company as the portal lists it. */
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
/** An entry of a ticket's public thread (internal notes never reach a client user). */
export const clientNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.string(),
  fromClient: z.boolean(),
  created_at: z.string(),
  /** Files attached to the reply or public note. */
  attachments: z.array(attachmentSchema),
});
export type ClientNote = z.infer<typeof clientNoteSchema>;
export const clientTicketDetailSchema = clientTicketSchema.extend({
  description: z.string(),
  contact_email: z.string().nullable(),
  /** Files of the ticket itself (chosen when it was raised), apart from those of its replies. */
  attachments: z.array(attachmentSchema),
  notes: z.array(clientNoteSchema),
});
export type ClientTicketDetail = z.infer<typeof clientTicketDetailSchema>;
/** The id of what a client created (a ticket, a reply, a paper order, a change request). */
export const createdSchema = z.object({ id: z.number().int() });

const severity = z.enum(SEVERITY_CODES as [Severity, ...Severity[]], { error: PRIORITY_MESSAGE });

/** What the portal's new-ticket form says of a field left empty, in a client's words (also the server's 400). */
export const CLIENT_TICKET_MESSAGES = { title: 'Give your ticket a short title', description: 'Tell us what happened' } as const;

export const createClientTicketSchema = z.strictObject({
  title: text('Title', LIMITS.title, 'line', CLIENT_TICKET_MESSAGES.title),
  description: text('Description', LIMITS.text, 'long', CLIENT_TICKET_MESSAGES.description),
  severity: severity.default('M'),
  contactName: optionalText('Contact', LIMITS.name),
  contactEmail: z
    .union([z.literal(''), emailSchema])
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type CreateClientTicket = z.input<typeof createClientTicketSchema>;

/** What the reply box says when it is empty (also the server's 400, which names the field `body`). */
export const REPLY_MESSAGES = { body: 'Write your reply' } as const;
export const replySchema = z.strictObject({ body: text('Reply', LIMITS.text, 'long', REPLY_MESSAGES.body) });
export type ReplyRequest = z.input<typeof replySchema>;

export const contactSupportSchema = z.strictObject({
  subject: text('Subject', LIMITS.title),
  message: text('Message', LIMITS.text, 'long'),
});
export type ContactSupportRequest = z.input<typeof contactSupportSchema>;
export const supportInfoSchema = z.object({ phone: z.string(), hours: z.string() });
export type SupportInfo = z.infer<typeof supportInfoSchema>;

export const paperProductSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  unit_price_cents: z.number().int(),
});
export type PaperProduct = z.infer<typeof paperProductSchema>;
export const PAPER_ORDER_STATUSES = ['received', 'processing', 'shipped'] as const;
export const paperOrderSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  po_number: z.string().nullable(),
  ship_to: z.string(),
  status: z.enum(PAPER_ORDER_STATUSES),
  created_at: z.string(),
});
export type PaperOrder = z.infer<typeof paperOrderSchema>;
/** What the paper order form says of a product not chosen (also the server's 400). */
export const PAPER_ORDER_MESSAGES = { product: 'Pick the product to order' } as const;

export const createPaperOrderSchema = z.strictObject({
  productId: pickedId(PAPER_ORDER_MESSAGES.product),
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
export const articleSummarySchema = z.object({ id: z.number().int(), title: z.string(), category: z.string(), updated_at: z.string() });
export type ArticleSummary = z.infer<typeof articleSummarySchema>;
export const articleSchema = articleSummarySchema.extend({ body: z.string() });
export type Article = z.infer<typeof articleSchema>;
/** A page of published articles, and every category that has one. */
export const articleListSchema = clientPageSchema(articleSummarySchema).extend({ categories: z.array(z.string()) });
export type ArticleList = z.infer<typeof articleListSchema>;

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
export const scrSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  business_reason: z.string().nullable(),
  priority: z.enum(SCR_PRIORITIES),
  status: z.enum(SCR_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Scr = z.infer<typeof scrSchema>;
/** What the change request form says of a field to fix (also the server's 400, which names the field). */
export const SCR_MESSAGES = { title: 'Give your request a short title', description: 'Describe the change you need', priority: 'Pick a priority' } as const;
export const createScrSchema = z.strictObject({
  title: text('Title', LIMITS.title, 'line', SCR_MESSAGES.title),
  description: text('Description', LIMITS.text, 'long', SCR_MESSAGES.description),
  businessReason: optionalText('Business reason', LIMITS.text, 'long'),
  priority: z.enum(SCR_PRIORITIES, { error: SCR_MESSAGES.priority }).default('medium'),
});
export type CreateScr = z.input<typeof createScrSchema>;

/** The team's latest reply on one of the company's tickets (its first 300 characters). */
export const recentReplySchema = z.object({ ticket_id: z.number().int(), ticket_title: z.string(), body: z.string(), author: z.string(), created_at: z.string() });
export const clientDashboardSchema = z.object({
  openTickets: z.array(clientTicketSchema),
  openTicketCount: z.number().int(),
  recentReplies: z.array(recentReplySchema),
  openScrs: z.array(scrSchema),
});
export type ClientDashboard = z.infer<typeof clientDashboardSchema>;

/** The client users' own account calls: anyone may make them (the answers tell nothing about who has an account). */
export const CLIENT_ACCOUNTS = {
  signup: endpoint({
    method: 'POST',
    path: '/api/v2/client/signup',
    audience: 'public',
    tag: 'Client users',
    summary: "Asks for a client portal account with the company's account number; the same answer whatever happens next",
    body: signupRequestSchema,
    status: 202,
    response: acceptedResponseSchema,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/v2/client/forgot-password',
    audience: 'public',
    tag: 'Client users',
    summary: 'Mails a password-reset link to the account with this email, if there is one; the same answer either way',
    body: forgotPasswordRequestSchema,
    status: 202,
    response: acceptedResponseSchema,
  }),
  setPassword: endpoint({
    method: 'POST',
    path: '/api/v2/client/set-password',
    audience: 'public',
    tag: 'Client users',
    summary: "Sets the password with an invitation's or an activation's link, which activates the account",
    body: setPasswordRequestSchema,
    response: passwordSetResponseSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/v2/client/reset-password',
    audience: 'public',
    tag: 'Client users',
    summary: 'Sets a new password with a reset link; every session of the account ends',
    body: setPasswordRequestSchema,
    response: passwordSetResponseSchema,
  }),
} as const;

/** The signed-in client user's portal: every answer is their own company's (another company's record answers 404). */
export const CLIENT_PORTAL = {
  dashboard: endpoint({
    method: 'GET',
    path: '/api/v2/client/dashboard',
    audience: 'client',
    tag: 'Client portal',
    summary: "The company's open tickets, the team's latest replies and the open change requests",
    response: clientDashboardSchema,
  }),
  supportInfo: endpoint({
    method: 'GET',
    path: '/api/v2/client/support-info',
    audience: 'client',
    tag: 'Client portal',
    summary: "Support's phone number and hours",
    response: supportInfoSchema,
  }),
  contactSupport: endpoint({
    method: 'POST',
    path: '/api/v2/client/contact-support',
    audience: 'client',
    tag: 'Client portal',
    summary: 'Sends a message to support, which raises a ticket',
    body: contactSupportSchema,
    status: 201,
    response: createdSchema,
    idempotent: true,
  }),
  paperProducts: endpoint({
    method: 'GET',
    path: '/api/v2/client/paper/products',
    audience: 'client',
    tag: 'Client portal',
    summary: 'The paper products a client may order',
    response: z.object({ items: z.array(paperProductSchema) }),
  }),
  paperOrders: endpoint({
    method: 'GET',
    path: '/api/v2/client/paper/orders',
    audience: 'client',
    tag: 'Client portal',
    summary: "A page of the company's paper orders, newest first",
    query: pageQuerySchema,
    response: clientPageSchema(paperOrderSchema),
  }),
  paperOrder: endpoint({
    method: 'GET',
    path: '/api/v2/client/paper/orders/:id',
    audience: 'client',
    tag: 'Client portal',
    summary: 'One paper order of the company',
    params: idParamsSchema,
    response: paperOrderSchema,
  }),
  orderPaper: endpoint({
    method: 'POST',
    path: '/api/v2/client/paper/orders',
    audience: 'client',
    tag: 'Client portal',
    summary: 'Orders paper for the company',
    body: createPaperOrderSchema,
    status: 201,
    response: createdSchema,
    idempotent: true,
  }),
  articles: endpoint({
    method: 'GET',
    path: '/api/v2/client/articles',
    audience: 'client',
    tag: 'Client portal',
    summary: 'A page of the published help articles, by category and text',
    query: articleListQuerySchema,
    response: articleListSchema,
  }),
  article: endpoint({
    method: 'GET',
    path: '/api/v2/client/articles/:id',
    audience: 'client',
    tag: 'Client portal',
    summary: 'One published help article (a draft answers 404)',
    params: idParamsSchema,
    response: articleSchema,
  }),
  scrs: endpoint({
    method: 'GET',
    path: '/api/v2/client/scrs',
    audience: 'client',
    tag: 'Client portal',
    summary: "A page of the company's software change requests, newest first",
    query: pageQuerySchema,
    response: clientPageSchema(scrSchema),
  }),
  scr: endpoint({
    method: 'GET',
    path: '/api/v2/client/scrs/:id',
    audience: 'client',
    tag: 'Client portal',
    summary: 'One software change request of the company',
    params: idParamsSchema,
    response: scrSchema,
  }),
  createScr: endpoint({
    method: 'POST',
    path: '/api/v2/client/scrs',
    audience: 'client',
    tag: 'Client portal',
    summary: 'Files a software change request for the company',
    body: createScrSchema,
    status: 201,
    response: createdSchema,
    idempotent: true,
  }),
} as const;
