/** Contracts of companies, their contacts and client portal users (staff side). */
import { z } from 'zod';
import { DIRECTORY_PAGE_SIZE_MAX, LIMITS, TICKET_SEARCH } from './constants';
import { emailSchema } from './auth';
import { sortParam } from './staff-tickets';

export const COMPANY_STATUSES = ['prospect', 'active', 'inactive'] as const;
export const CLIENT_USER_STATUSES = ['invited', 'active', 'disabled'] as const;

const id = (what: string) => z.coerce.number({ error: `${what} must be a number` }).int(`${what} must be a whole number`).positive(`${what} must be positive`).max(2_147_483_647, `${what} is too large`);
const opt = (what: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
const req = (what: string, max: number) =>
  z.string({ error: `${what} is required` }).trim().min(1, `${what} is required`).max(max, `${what} must be at most ${max} characters`);

const page = z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').default(1);
const size = z.coerce
  .number({ error: 'size must be a number' })
  .int('size must be a whole number')
  .min(1, 'size must be at least 1')
  .max(DIRECTORY_PAGE_SIZE_MAX, `size must be at most ${DIRECTORY_PAGE_SIZE_MAX}`)
  .default(TICKET_SEARCH.defaultPageSize);

export const COMPANY_SORT_FIELDS = ['name', 'account_number', 'status', 'territory', 'created_at', 'open_tickets'] as const;

export const companySearchQuerySchema = z.strictObject({
  q: z.string().trim().max(TICKET_SEARCH.queryMax, `q must be at most ${TICKET_SEARCH.queryMax} characters`).optional(),
  status: z.enum(COMPANY_STATUSES, { error: `status must be one of ${COMPANY_STATUSES.join(', ')}` }).optional(),
  sort: sortParam(COMPANY_SORT_FIELDS, TICKET_SEARCH.sortColumnsMax).optional(),
  page,
  size,
});

const url = z
  .string()
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
  notes: opt('Notes', LIMITS.text),
};
export const createCompanySchema = z.strictObject(companyFields);
export type CreateCompanyInput = z.input<typeof createCompanySchema>;
export const updateCompanySchema = z
  .strictObject({ ...companyFields, status: companyFields.status.removeDefault().optional(), name: companyFields.name.optional(), account_number: companyFields.account_number.optional() })
  .refine((v) => Object.keys(v).length > 0, { message: 'Send at least one field to change' });
export type UpdateCompanyInput = z.input<typeof updateCompanySchema>;

const optionalEmail = z
  .string()
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
  q: z.string().trim().max(TICKET_SEARCH.queryMax, `q must be at most ${TICKET_SEARCH.queryMax} characters`).optional(),
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
};
export type CompanyRow = Pick<Company, 'id' | 'name' | 'account_number' | 'status' | 'territory' | 'created_at'> & { open_tickets: number };
export type Contact = { id: number; company_id: number; name: string; email: string | null; phone: string | null; title: string | null };
export type ClientUser = {
  id: number;
  company_id: number;
  company_name: string;
  contact_id: number | null;
  name: string;
  email: string;
  status: (typeof CLIENT_USER_STATUSES)[number];
  created_at: string;
  last_invited_at: string | null;
};
export type CompanyView = {
  company: Company;
  contacts: Contact[];
  client_users: ClientUser[];
  ticket_counts: { open: number; overdue: number; total: number };
};
export type Paged<T> = { rows: T[]; page: number; size: number; total: number; totalExact: boolean };
