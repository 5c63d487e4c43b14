/** Contracts of companies, their contacts and client portal users (staff side). */
import { z } from './common/zod';
import { DIRECTORY_PAGE_SIZE_MAX, LIMITS, TICKET_SEARCH } from './common/constants';
import { emailSchema } from './auth';
import { idInput, PAGE_MAX, safeText, type TextForm } from './common/input';
import { sortParam } from './tickets';

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

export type Company = {
  id: number;
  name: string;
  account_number: string;
  phone: string | null;
  address: string | null;
  website: string | null;
  status: (typeof COMPANY_STATUSES)[number];
  territory: string | null;
  account_manager_id: number | null;
  account_manager_name: string | null;
  ms_plan: string | null;
  notes: string | null;
  created_at: string;
  signup_policy: SignupPolicy;
  signup_domains: string[];
};
export type CompanyRow = Pick<Company, 'id' | 'name' | 'account_number' | 'status' | 'territory' | 'created_at'> & { open_tickets: number };
export type Contact = { id: number; company_id: number; name: string; email: string | null; phone: string | null; title: string | null };
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
export type CompanyView = {
  company: Company;
  contacts: Contact[];
  client_users: ClientUser[];
  ticket_counts: { open: number; overdue: number; total: number };
};
/** The answer to declining a sign-up request: the request is gone. */
export const declinedSignupSchema = z.object({ id: z.number().int(), declined: z.literal(true) });
export type DeclinedSignup = z.infer<typeof declinedSignupSchema>;
export type Paged<T> = { rows: T[]; page: number; size: number; total: number; totalExact: boolean };
