/** Contracts of companies, their contacts and client portal users (staff side). */
import { z } from './common/zod';
import { DIRECTORY_PAGE_SIZE_MAX, LIMITS, TICKET_SEARCH } from './common/constants';
import { emailSchema } from './auth';
import { idInput, idParamsSchema, PAGE_MAX, safeText, type TextForm } from './common/input';
import { endpoint } from './common/endpoint';
import { sortParam, pagedSchema } from './tickets';

export const COMPANY_STATUSES = ['prospect', 'active', 'inactive'] as const;
/** A client user waits for approval (a self-signup), is invited (has a set-password link), active or disabled. */
export const CLIENT_USER_STATUSES = ['pending_approval', 'invited', 'active', 'disabled'] as const;
export type ClientUserStatus = (typeof CLIENT_USER_STATUSES)[number];
export const CLIENT_USER_STATUS_LABELS: Record<ClientUserStatus, string> = {
  pending_approval: 'Awaiting approval',
  invited: 'Invited',
  active: 'Active',
  disabled: 'Disabled',
};

/**
 * Who may sign up to a company's client portal with its account number (docs/adr/0030): nobody,
 * anyone once staff approve (the default), or at once an address at one of the company's email
 * domains (any other address waits for approval).
 */
export const SIGNUP_POLICIES = ['off', 'approval', 'email_domains'] as const;
export type SignupPolicy = (typeof SIGNUP_POLICIES)[number];
export const DEFAULT_SIGNUP_POLICY: SignupPolicy = 'approval';
export const SIGNUP_POLICY_LABELS: Record<SignupPolicy, string> = {
  off: 'Off: only staff invite client users',
  approval: 'Staff approve each request',
  email_domains: "At once for the company's email domains; other addresses need approval",
};
/** The most email domains a company lists. */
export const SIGNUP_DOMAINS_MAX = 20;
/** Mail services anyone can have an address at: never a company's own domain. */
export const PUBLIC_EMAIL_DOMAINS: readonly string[] = [
  'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'yahoo.com', 'ymail.com', 'icloud.com',
  'me.com', 'mac.com', 'aol.com', 'proton.me', 'protonmail.com', 'gmx.com', 'gmx.net', 'mail.com', 'yandex.com', 'zoho.com',
];

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;
/** An email domain of the company, as in the part after @ (lower case, no subdomain matching). */
export const signupDomainSchema = safeText('An email domain is text such as example.com', 'An email domain')
  .trim()
  .toLowerCase()
  .regex(DOMAIN, 'An email domain looks like example.com')
  .refine((d) => !PUBLIC_EMAIL_DOMAINS.includes(d), 'A public mail service is nobody\'s company domain');
const signupDomains = z
  .array(signupDomainSchema, { error: 'signup_domains is a list of email domains' })
  .max(SIGNUP_DOMAINS_MAX, `List at most ${SIGNUP_DOMAINS_MAX} email domains`)
  .transform((list) => [...new Set(list)]);
/** With the email-domains policy, at least one domain. */
export const NO_SIGNUP_DOMAINS = 'List at least one email domain for this sign-up policy';

const id = (what: string) => idInput({ label: what });
const opt = (what: string, max: number, form?: TextForm) =>
  safeText(`${what} must be text`, what, form)
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
const req = (what: string, max: number) =>
  safeText(`${what} is required`, what).trim().min(1, `${what} is required`).max(max, `${what} must be at most ${max} characters`);

const page = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be at least 1')
  .max(PAGE_MAX, `page must be at most ${PAGE_MAX}`)
  .default(1);
const size = z.coerce
  .number({ error: 'size must be a number' })
  .int('size must be a whole number')
  .min(1, 'size must be at least 1')
  .max(DIRECTORY_PAGE_SIZE_MAX, `size must be at most ${DIRECTORY_PAGE_SIZE_MAX}`)
  .default(TICKET_SEARCH.defaultPageSize);

export const COMPANY_SORT_FIELDS = ['name', 'account_number', 'status', 'territory', 'created_at', 'open_tickets'] as const;

export const companySearchQuerySchema = z.strictObject({
  q: safeText('q must be text', 'q').trim().max(TICKET_SEARCH.queryMax, `q must be at most ${TICKET_SEARCH.queryMax} characters`).optional(),
  status: z.enum(COMPANY_STATUSES, { error: `status must be one of ${COMPANY_STATUSES.join(', ')}` }).optional(),
  sort: sortParam(COMPANY_SORT_FIELDS, TICKET_SEARCH.sortColumnsMax).optional(),
  page,
  size,
});
export type CompanySearchQuery = z.input<typeof companySearchQuerySchema>;

const url = safeText('Website must be text', 'Website')
  .trim()
  .max(300, 'Website must be at most 300 characters')
  .transform((v) => (v === '' ? null : v))
  // Only web addresses: a javascript: or data: "website" would run when someone follows it.
  .pipe(z.url({ protocol: /^https?$/, error: 'Website must be an http:// or https:// address' }).nullable())
  .nullable()
  .optional();

export const companyFields = {
  name: req('Name', LIMITS.title),
  account_number: req('Account number', 40).regex(/^[A-Za-z0-9-]+$/, 'Account number may hold letters, digits and dashes'),
  phone: opt('Phone', 40),
  address: opt('Address', 500),
  website: url,
  status: z.enum(COMPANY_STATUSES, { error: `Status must be one of ${COMPANY_STATUSES.join(', ')}` }).default('active'),
  territory: opt('Territory', LIMITS.name),
  account_manager_id: id('Account manager').nullable().optional(),
  ms_plan: opt('Managed-services plan', LIMITS.name),
  notes: opt('Notes', LIMITS.text, 'long'),
  signup_policy: z.enum(SIGNUP_POLICIES, { error: `signup_policy must be one of ${SIGNUP_POLICIES.join(', ')}` }).default(DEFAULT_SIGNUP_POLICY),
  signup_domains: signupDomains.default([]),
};
export const createCompanySchema = z
  .strictObject(companyFields)
  .refine((v) => v.signup_policy !== 'email_domains' || v.signup_domains.length > 0, { path: ['signup_domains'], message: NO_SIGNUP_DOMAINS });
export type CreateCompanyInput = z.input<typeof createCompanySchema>;
export const updateCompanySchema = z
  .strictObject({
    ...companyFields,
    status: companyFields.status.removeDefault().optional(),
    name: companyFields.name.optional(),
    account_number: companyFields.account_number.optional(),
    signup_policy: companyFields.signup_policy.removeDefault().optional(),
    signup_domains: signupDomains.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Send at least one field to change' });
export type UpdateCompanyInput = z.input<typeof updateCompanySchema>;

const optionalEmail = safeText('Email must be text', 'Email')
  .trim()
  .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters`)
  .transform((v) => (v === '' ? null : v.toLowerCase()))
  .pipe(z.email('Invalid email address').nullable())
  .nullable()
  .optional();

export const contactSchema = z.strictObject({
  name: req('Name', LIMITS.name),
  email: optionalEmail,
  phone: opt('Phone', 40),
  title: opt('Title', LIMITS.name),
});
export type ContactInput = z.input<typeof contactSchema>;
export const updateContactSchema = contactSchema
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Send at least one field to change' });

export const CLIENT_USER_SORT_FIELDS = ['name', 'email', 'company', 'status', 'last_invited_at', 'created_at'] as const;

export const clientUserQuerySchema = z.strictObject({
  q: safeText('q must be text', 'q').trim().max(TICKET_SEARCH.queryMax, `q must be at most ${TICKET_SEARCH.queryMax} characters`).optional(),
  company: id('company').optional(),
  status: z.enum(CLIENT_USER_STATUSES, { error: `status must be one of ${CLIENT_USER_STATUSES.join(', ')}` }).optional(),
  sort: sortParam(CLIENT_USER_SORT_FIELDS, TICKET_SEARCH.sortColumnsMax).optional(),
  page,
  size,
});

export const inviteClientUserSchema = z.strictObject({
  company_id: id('Company'),
  contact_id: id('Contact').nullable().optional(),
  name: req('Name', LIMITS.name),
  email: emailSchema,
});
export type InviteClientUserInput = z.input<typeof inviteClientUserSchema>;

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  account_number: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  status: z.enum(COMPANY_STATUSES),
  territory: z.string().nullable(),
  account_manager_id: z.number().int().nullable(),
  account_manager_name: z.string().nullable(),
  ms_plan: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  signup_policy: z.enum(SIGNUP_POLICIES),
  signup_domains: z.array(z.string()),
});
export type Company = z.infer<typeof companySchema>;
/** A row of the company list: its open tickets counted. */
export const companyRowSchema = companySchema
  .pick({ id: true, name: true, account_number: true, status: true, territory: true, created_at: true })
  .extend({ open_tickets: z.number().int() });
export type CompanyRow = z.infer<typeof companyRowSchema>;
/** A contact of a company, as stored (the answer of adding or changing one). */
export const contactRowSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
});
export type Contact = z.infer<typeof contactRowSchema>;
/** A client portal user as staff see it (the directory, a company's page, the answers of invite, approve, disable …). */
export const clientUserEntrySchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  contact_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  status: z.enum(CLIENT_USER_STATUSES),
  created_at: z.string(),
  last_invited_at: z.string().nullable(),
});
export type ClientUser = z.infer<typeof clientUserEntrySchema>;
/** A company's page: details, contacts, client users and ticket counts. */
export const companyViewSchema = z.object({
  company: companySchema,
  contacts: z.array(contactRowSchema),
  client_users: z.array(clientUserEntrySchema),
  ticket_counts: z.object({ open: z.number().int(), overdue: z.number().int(), total: z.number().int() }),
});
export type CompanyView = z.infer<typeof companyViewSchema>;
/** The answer to declining a sign-up request: the request is gone. */
export const declinedSignupSchema = z.object({ id: z.number().int(), declined: z.literal(true) });
export type DeclinedSignup = z.infer<typeof declinedSignupSchema>;
export type Paged<T> = { rows: T[]; page: number; size: number; total: number; totalExact: boolean };

/** What removing a contact answers. */
export const removedSchema = z.object({ ok: z.literal(true) });

/** Companies and their contacts, for staff. */
export const COMPANIES = {
  search: endpoint({
    method: 'GET',
    path: '/api/v2/companies',
    audience: 'staff',
    tag: 'Companies',
    summary: 'Search companies by name or account number, filtered by status and sorted, a page at a time',
    query: companySearchQuerySchema,
    response: pagedSchema(companyRowSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v2/companies',
    audience: 'staff',
    tag: 'Companies',
    summary: 'Add a company (its account number unique)',
    body: createCompanySchema,
    status: 201,
    idempotent: true,
    response: companyViewSchema,
  }),
  view: endpoint({
    method: 'GET',
    path: '/api/v2/companies/:id',
    audience: 'staff',
    tag: 'Companies',
    summary: "A company's page: details, contacts, client users and ticket counts",
    params: idParamsSchema,
    response: companyViewSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v2/companies/:id',
    audience: 'staff',
    tag: 'Companies',
    summary: "Change a company's details or sign-up policy (only the fields sent)",
    params: idParamsSchema,
    body: updateCompanySchema,
    response: companyViewSchema,
  }),
  addContact: endpoint({
    method: 'POST',
    path: '/api/v2/companies/:id/contacts',
    audience: 'staff',
    tag: 'Companies',
    summary: 'Add a contact to a company',
    params: idParamsSchema,
    body: contactSchema,
    status: 201,
    idempotent: true,
    response: contactRowSchema,
  }),
  updateContact: endpoint({
    method: 'PATCH',
    path: '/api/v2/contacts/:id',
    audience: 'staff',
    tag: 'Companies',
    summary: "Change a contact's details (only the fields sent)",
    params: idParamsSchema,
    body: updateContactSchema,
    response: contactRowSchema,
  }),
  removeContact: endpoint({
    method: 'DELETE',
    path: '/api/v2/contacts/:id',
    audience: 'staff',
    tag: 'Companies',
    summary: 'Remove a contact',
    params: idParamsSchema,
    response: removedSchema,
  }),
} as const;
