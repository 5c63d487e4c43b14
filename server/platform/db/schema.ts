/**
 * The tables as drizzle-orm sees them. The SQL migrations create them; a test compares both
 * (tests/platform/db/database.test.ts), so a column added to one and not the other fails the build.
 */
import { bigint, boolean, char, customType, date, integer, jsonb, numeric, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const staffUsers = pgTable('staff_users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  email: varchar('email', { length: 254 }).notNull().unique(),
  name: varchar('name', { length: 120 }).notNull(),
  role: varchar('role', { length: 10, enum: ['user', 'manager', 'admin'] }).notNull().default('user'),
  title: varchar('title', { length: 120 }),
  department: varchar('department', { length: 120 }),
  managerId: integer('manager_id'),
  phone: varchar('phone', { length: 40 }),
  active: boolean('active').notNull().default(true),
  passwordHash: text('password_hash').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const companies = pgTable('companies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 200 }).notNull(),
  accountNumber: varchar('account_number', { length: 40 }).notNull().unique(),
  phone: varchar('phone', { length: 40 }),
  address: varchar('address', { length: 500 }),
  website: varchar('website', { length: 300 }),
  status: varchar('status', { length: 10, enum: ['prospect', 'active', 'inactive'] }).notNull().default('active'),
  territory: varchar('territory', { length: 120 }),
  accountManagerId: integer('account_manager_id'),
  msPlan: varchar('ms_plan', { length: 120 }),
  notes: text('notes'),
  createdAt: tz('created_at').notNull().defaultNow(),
  signupPolicy: varchar('signup_policy', { length: 13, enum: ['off', 'approval', 'email_domains'] }).notNull().default('approval'),
  signupDomains: varchar('signup_domains', { length: 253 }).array().notNull().default([]),
});

export const contacts = pgTable('contacts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  companyId: integer('company_id').notNull(),
  name: varchar('name', { length: 120 }).notNull(),
  email: varchar('email', { length: 254 }),
  phone: varchar('phone', { length: 40 }),
  title: varchar('title', { length: 120 }),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const clientUsers = pgTable('client_users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  companyId: integer('company_id').notNull(),
  contactId: integer('contact_id'),
  email: varchar('email', { length: 254 }).notNull().unique(),
  name: varchar('name', { length: 120 }).notNull(),
  status: varchar('status', { length: 16, enum: ['pending_approval', 'invited', 'active', 'disabled'] }).notNull().default('invited'),
  passwordHash: text('password_hash'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  tokenHash: char('token_hash', { length: 64 }).notNull().unique(),
  audience: varchar('audience', { length: 6, enum: ['staff', 'client'] }).notNull(),
  staffUserId: integer('staff_user_id'),
  clientUserId: integer('client_user_id'),
  createdAt: tz('created_at').notNull().defaultNow(),
  lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
  expiresAt: tz('expires_at').notNull(),
  revokedAt: tz('revoked_at'),
});

export const tickets = pgTable('tickets', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: varchar('title', { length: 200 }).notNull(),
  description: text('description').notNull().default(''),
  status: varchar('status', { length: 3 }).notNull().default('A'),
  severity: varchar('severity', { length: 1 }).notNull().default('M'),
  companyId: integer('company_id'),
  contactId: integer('contact_id'),
  contactName: varchar('contact_name', { length: 120 }),
  contactEmail: varchar('contact_email', { length: 254 }),
  queue: varchar('queue', { length: 20 }).notNull().default('Support'),
  assigneeId: integer('assignee_id'),
  source: varchar('source', { length: 6 }).notNull().default('staff'),
  duedate: tz('duedate'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  closedAt: tz('closed_at'),
  pausedSince: tz('paused_since'),
  pausedSeconds: integer('paused_seconds').notNull().default(0),
  /** Kept by triggers (migration 0005): the words of title, description and notes; the names shown and sorted by. */
  searchVector: tsvector('search_vector').notNull(),
  companyName: varchar('company_name', { length: 200 }),
  assigneeName: varchar('assignee_name', { length: 120 }),
});

export const ticketNotes = pgTable('ticket_notes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  ticketId: integer('ticket_id').notNull(),
  staffUserId: integer('staff_user_id'),
  clientUserId: integer('client_user_id'),
  body: text('body').notNull(),
  internal: boolean('internal').notNull().default(false),
  minutesSpent: integer('minutes_spent').notNull().default(0),
  createdAt: tz('created_at').notNull().defaultNow(),
  kind: varchar('kind', { length: 6, enum: ['note', 'change'] }).notNull().default('note'),
  change: jsonb('change'),
});

export const knowledgeArticles = pgTable('knowledge_articles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: varchar('title', { length: 200 }).notNull(),
  category: varchar('category', { length: 120 }).notNull(),
  body: text('body').notNull(),
  published: boolean('published').notNull().default(false),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const outbox = pgTable('outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  toAddress: varchar('to_address', { length: 254 }).notNull(),
  subject: varchar('subject', { length: 300 }).notNull(),
  body: text('body').notNull(),
  kind: varchar('kind', { length: 40 }).notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  sentAt: tz('sent_at'),
  error: text('error'),
});

export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  actorType: varchar('actor_type', { length: 6, enum: ['staff', 'client', 'system'] }).notNull(),
  actorId: integer('actor_id'),
  entity: varchar('entity', { length: 40 }).notNull(),
  entityId: integer('entity_id'),
  action: varchar('action', { length: 40 }).notNull(),
  detail: jsonb('detail').notNull().default({}),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const timeEntries = pgTable('time_entries', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  staffUserId: integer('staff_user_id').notNull(),
  ticketId: integer('ticket_id'),
  companyId: integer('company_id'),
  noteId: bigint('note_id', { mode: 'number' }),
  workDate: date('work_date').notNull(),
  minutes: integer('minutes').notNull(),
  billable: boolean('billable').notNull().default(true),
  description: varchar('description', { length: 500 }).notNull().default(''),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const surveyKeys = pgTable('survey_keys', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  key: varchar('key', { length: 64 }).notNull().unique(),
  type: varchar('type', { length: 3, enum: ['CSS', 'TCS'] }).notNull(),
  ticketId: integer('ticket_id'),
  contactId: integer('contact_id'),
  companyId: integer('company_id'),
  email: varchar('email', { length: 254 }).notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const surveyResponses = pgTable('survey_responses', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  surveyKeyId: bigint('survey_key_id', { mode: 'number' }).notNull(),
  type: varchar('type', { length: 3, enum: ['CSS', 'TCS'] }).notNull(),
  q1: smallint('q1').notNull(),
  q2: smallint('q2'),
  answers: jsonb('answers').notNull(),
  receivedAt: tz('received_at').notNull().defaultNow(),
});

/* Attempt counters of the rate limiter (migration 0006). */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

export const schema = {
  staffUsers,
  companies,
  contacts,
  clientUsers,
  sessions,
  tickets,
  ticketNotes,
  knowledgeArticles,
  outbox,
  auditLog,
  timeEntries,
  surveyKeys,
  surveyResponses,
  rateLimits,
};

/* Client portal (migration 0003). */
export const passwordTokens = pgTable('password_tokens', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  clientUserId: integer('client_user_id').notNull(),
  purpose: varchar('purpose', { length: 6, enum: ['invite', 'reset'] }).notNull(),
  tokenHash: char('token_hash', { length: 64 }).notNull().unique(),
  expiresAt: tz('expires_at').notNull(),
  usedAt: tz('used_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const catalogItems = pgTable('catalog_items', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  sku: varchar('sku', { length: 40 }).notNull().unique(),
  name: varchar('name', { length: 200 }).notNull(),
  description: text('description').notNull().default(''),
  category: varchar('category', { length: 40 }).notNull(),
  unitPriceCents: integer('unit_price_cents').notNull().default(0),
  unitCostCents: integer('unit_cost_cents').notNull().default(0),
  taxable: boolean('taxable').notNull().default(true),
  active: boolean('active').notNull().default(true),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const paperOrders = pgTable('paper_orders', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  companyId: integer('company_id').notNull(),
  clientUserId: integer('client_user_id'),
  catalogItemId: integer('catalog_item_id').notNull(),
  quantity: integer('quantity').notNull(),
  poNumber: varchar('po_number', { length: 60 }),
  shipTo: varchar('ship_to', { length: 500 }).notNull(),
  status: varchar('status', { length: 10, enum: ['received', 'processing', 'shipped'] }).notNull().default('received'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const softwareChangeRequests = pgTable('software_change_requests', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  companyId: integer('company_id').notNull(),
  requestedByClient: integer('requested_by_client'),
  requestedByStaff: integer('requested_by_staff'),
  title: varchar('title', { length: 200 }).notNull(),
  description: text('description').notNull(),
  businessReason: text('business_reason'),
  priority: varchar('priority', { length: 8 }).notNull().default('medium'),
  status: varchar('status', { length: 14 }).notNull().default('submitted'),
  estimateHours: numeric('estimate_hours', { precision: 8, scale: 2 }),
  projectId: integer('project_id'),
  ticketId: integer('ticket_id'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

export const clientPortalSchema = { passwordTokens, catalogItems, paperOrders, softwareChangeRequests };
