/**
 * Software change requests (SCRs) from request to release. The workflow is a chart the server
 * enforces: which stage may follow which (`SCR_CHART`), what each move needs (`required`), who may
 * make it (`roles`). The change-advisory step is a form of the approval engine ('change'); an
 * emergency change skips it with a justification and is flagged for review after the fact.
 */
import { SCR_PRIORITIES, SCR_STATUSES, SCR_STATUS_LABELS, createScrSchema } from './client-portal';
import { attachmentSchema } from './common/attachments';
import { feedTokenParamsSchema } from './common/calendar-feed';
import { LIMITS, type Role } from './common/constants';
import { endpoint } from './common/endpoint';
import { calendarDay, idInput, idParamsSchema, pageQuery, safeText } from './common/input';
import { z } from './common/zod';
import { attachmentParamsSchema, attachmentQuerySchema } from './ticket-attachments';

export { SCR_PRIORITIES, SCR_STATUSES, SCR_STATUS_LABELS };
export type ScrStatus = (typeof SCR_STATUSES)[number];
export type ScrPriority = (typeof SCR_PRIORITIES)[number];

/** How an SCR number reads ("SCR-42"). */
export const scrNumber = (id: number) => `SCR-${id}`;

// --- Risk -----------------------------------------------------------------------------------------

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
const LEVEL_POINTS: Record<RiskLevel, number> = { low: 1, medium: 2, high: 3 };
/** Points a change touching stored data, or needing downtime, adds to its risk. */
export const RISK_DATA_POINTS = 2;
export const RISK_DOWNTIME_POINTS = 2;
/** Points a change adds when its owner (the implementer) has approved or pending leave on its target date. */
export const RISK_OWNER_AWAY_POINTS = 2;
/** A change scoring above this is high risk: a manager approves it too (the 'change' policy's condition). */
export const HIGH_RISK_ABOVE = 6;

export const riskInputsSchema = z.strictObject({
  impact: z.enum(RISK_LEVELS, { error: 'Pick how many people the change affects (low, medium or high)' }),
  complexity: z.enum(RISK_LEVELS, { error: 'Pick how complex the change is (low, medium or high)' }),
  touchesData: z.boolean({ error: 'Say whether the change touches stored data' }),
  downtime: z.boolean({ error: 'Say whether the change needs downtime' }),
});
export type RiskInputs = z.infer<typeof riskInputsSchema>;
/**
 * The inputs stored with a score: the ratings a person gave, and what the server found itself:
 * whether the owner is away (approved or pending leave) on the target date. Older scores lack it.
 */
export const storedRiskSchema = riskInputsSchema.extend({ ownerAway: z.boolean().optional() });
export type StoredRisk = z.infer<typeof storedRiskSchema>;

export const RISK_TERMS = ['ratings', 'touchesData', 'downtime', 'ownerAway'] as const;
export type RiskTerm = (typeof RISK_TERMS)[number];
/** How a score adds up, term by term: impact × complexity, then each extra that applies (the page explains the score with it). */
export const riskTerms = (r: StoredRisk): { term: RiskTerm; points: number }[] => [
  { term: 'ratings', points: LEVEL_POINTS[r.impact] * LEVEL_POINTS[r.complexity] },
  ...(r.touchesData ? [{ term: 'touchesData' as const, points: RISK_DATA_POINTS }] : []),
  ...(r.downtime ? [{ term: 'downtime' as const, points: RISK_DOWNTIME_POINTS }] : []),
  ...(r.ownerAway ? [{ term: 'ownerAway' as const, points: RISK_OWNER_AWAY_POINTS }] : []),
];

/**
 * The risk score, 1 to 15: impact × complexity (1–3 each), plus 2 for touching data, 2 for downtime
 * and 2 when the owner is away on the target date.
 */
export const riskScore = (r: StoredRisk): number => riskTerms(r).reduce((sum, t) => sum + t.points, 0);

// --- The chart ------------------------------------------------------------------------------------

/** The fields a move may carry (the transition form's fields). */
export const TRANSITION_FIELDS = [
  'ownerId',
  'estimateHours',
  'implementationPlan',
  'rollbackPlan',
  'risk',
  'billable',
  'emergency',
  'justification',
  'tasks',
  'releaseNote',
  'reason',
] as const;
export type TransitionField = (typeof TRANSITION_FIELDS)[number];

type Move = { required: readonly TransitionField[]; roles?: readonly Role[] };

/**
 * The stages that may follow each stage, and what each move needs. "approved" from under review is
 * a request to the change-advisory step (the SCR stays under review until the engine approves it);
 * with `emergency` it is approved at once (managers and admins). A failed QA run returns an SCR
 * from in QA to in development (the quality feature's result, not a move of its own here).
 */
export const SCR_CHART: Record<ScrStatus, Partial<Record<ScrStatus, Move>>> = {
  submitted: { under_review: { required: ['ownerId'] }, rejected: { required: ['reason'] } },
  under_review: {
    approved: { required: ['estimateHours', 'implementationPlan', 'rollbackPlan', 'risk'] },
    rejected: { required: ['reason'] },
  },
  approved: { in_development: { required: [] }, rejected: { required: ['reason'] } },
  in_development: { in_qa: { required: [] } },
  in_qa: { released: { required: ['releaseNote'] } },
  released: {},
  rejected: {},
};

/** The roles that may approve an emergency change without the advisory step, and review it after the fact. */
export const EMERGENCY_ROLES: readonly Role[] = ['manager', 'admin'];

/** What the server says of a move the chart does not allow (409). */
export const notAllowed = (from: ScrStatus, to: ScrStatus) =>
  `A change request that is ${SCR_STATUS_LABELS[from].toLowerCase()} cannot move to ${SCR_STATUS_LABELS[to].toLowerCase()}`;

/** What each required field says when it is missing (the 400 names the field with it). */
export const TRANSITION_MESSAGES: Record<TransitionField, string> = {
  ownerId: 'Pick the owner who reviews the change',
  estimateHours: 'Enter the estimate in hours',
  implementationPlan: 'Describe how the change will be made',
  rollbackPlan: 'Describe how the change is undone if it goes wrong',
  risk: 'Rate the risk: impact, complexity, data and downtime',
  billable: 'Say whether the change is billable',
  emergency: 'Say whether this is an emergency change',
  justification: 'Say why this change cannot wait for the advisory step',
  tasks: 'List the tasks',
  releaseNote: 'Write the release note the client reads',
  reason: 'Give the reason the client will read',
};

/** The fields a move is missing (the emergency path also needs its justification). */
export function missingFields(from: ScrStatus, to: ScrStatus, body: Partial<Record<TransitionField, unknown>>): TransitionField[] {
  const move = SCR_CHART[from][to];
  if (!move) return [];
  const required: TransitionField[] = [...move.required];
  if (to === 'approved' && body.emergency === true) required.push('justification');
  return required.filter((f) => body[f] === undefined || body[f] === null || body[f] === '');
}

// --- Limits and inputs ------------------------------------------------------------------------------

export const CHANGE_LIMITS = { estimateHoursMax: 10000, tasksMax: 20, commentMax: 4000 } as const;
/** The hourly rate of a billable change's draft quote, in cents. */
export const CHANGE_HOURLY_RATE_CENTS = 15000;
/** Days a change's draft quote is valid. */
export const CHANGE_QUOTE_VALID_DAYS = 30;
/** The task a new project gets when the move names none. */
export const DEFAULT_CHANGE_TASK = 'Build and test the change';
export const CHANGE_PAGE_SIZE = 25;

const longText = (label: string, message: string) =>
  safeText(message, label, 'long').trim().min(1, message).max(LIMITS.text, `${label} must be at most ${LIMITS.text} characters`);

export const transitionSchema = z.strictObject({
  to: z.enum(SCR_STATUSES, { error: `Stage must be one of ${SCR_STATUSES.join(', ')}` }),
  /** The version of the SCR the person looked at; a change since answers 409. */
  version: z.number({ error: 'version must be the version you looked at' }).int().min(1),
  ownerId: idInput({ message: TRANSITION_MESSAGES.ownerId }).optional(),
  estimateHours: z.number({ error: TRANSITION_MESSAGES.estimateHours }).positive('The estimate must be above 0 hours').max(CHANGE_LIMITS.estimateHoursMax, `The estimate must be at most ${CHANGE_LIMITS.estimateHoursMax} hours`).optional(),
  implementationPlan: longText('Implementation plan', TRANSITION_MESSAGES.implementationPlan).optional(),
  rollbackPlan: longText('Rollback plan', TRANSITION_MESSAGES.rollbackPlan).optional(),
  risk: riskInputsSchema.optional(),
  billable: z.boolean({ error: TRANSITION_MESSAGES.billable }).optional(),
  emergency: z.boolean({ error: TRANSITION_MESSAGES.emergency }).optional(),
  justification: longText('Justification', TRANSITION_MESSAGES.justification).optional(),
  tasks: z.array(safeText('A task needs a title', 'Task').trim().min(1, 'A task needs a title').max(LIMITS.title, `A task title must be at most ${LIMITS.title} characters`)).max(CHANGE_LIMITS.tasksMax, `At most ${CHANGE_LIMITS.tasksMax} tasks`).optional(),
  releaseNote: longText('Release note', TRANSITION_MESSAGES.releaseNote).optional(),
  reason: longText('Reason', TRANSITION_MESSAGES.reason).optional(),
  targetDate: calendarDay('Target date').optional(),
});
export type TransitionInput = z.input<typeof transitionSchema>;

export const COMMENT_MESSAGE = 'Write the comment';
export const commentSchema = z.strictObject({
  body: safeText(COMMENT_MESSAGE, 'Comment', 'long').trim().min(1, COMMENT_MESSAGE).max(CHANGE_LIMITS.commentMax, `Keep the comment under ${CHANGE_LIMITS.commentMax} characters`),
  clientVisible: z.boolean({ error: 'Say whether the client sees the comment' }).default(false),
});
export const clientCommentSchema = commentSchema.pick({ body: true });

/** The after-the-fact review of an emergency change: what the reviewer found, on its history. */
export const REVIEW_MESSAGE = 'Write what the review found';
/** A review asked of a change that needs none (not an emergency, or reviewed already): 409. */
export const NO_REVIEW_NEEDED = 'This change needs no review: it was not an emergency change, or it was reviewed already';
export const reviewSchema = z.strictObject({
  /** The version of the SCR the reviewer looked at; a change since answers 409. */
  version: z.number({ error: 'version must be the version you looked at' }).int().min(1),
  notes: longText('Review notes', REVIEW_MESSAGE),
});
export type ReviewInput = z.input<typeof reviewSchema>;

/** A change request staff raise for a company (the client's own form, plus the company). */
export const staffCreateSchema = createScrSchema.extend({
  companyId: idInput({ message: 'Pick the company' }),
  /** A standard change template: its plans, risk and estimate are the new SCR's (staff only). */
  templateId: idInput({ message: 'Pick a template, or none' }).optional(),
});

export const CHANGE_SORTS = ['id', 'company', 'title', 'priority', 'status', 'risk', 'owner', 'target_date', 'age'] as const;
export const changeListQuerySchema = z.strictObject({
  ...pageQuery(CHANGE_PAGE_SIZE),
  status: z.enum(SCR_STATUSES, { error: `status must be one of ${SCR_STATUSES.join(', ')}` }).optional(),
  priority: z.enum(SCR_PRIORITIES, { error: `priority must be one of ${SCR_PRIORITIES.join(', ')}` }).optional(),
  companyId: idInput({ label: 'companyId' }).optional(),
  ownerId: idInput({ label: 'ownerId' }).optional(),
  q: safeText('q must be text', 'q').trim().max(LIMITS.title, `q must be at most ${LIMITS.title} characters`).optional(),
  /** Only emergency changes waiting for their review after the fact. */
  needsReview: z.enum(['true', 'false'], { error: 'needsReview must be true or false' }).transform((v) => v === 'true').optional(),
  sort: z.enum(CHANGE_SORTS, { error: `sort must be one of ${CHANGE_SORTS.join(', ')}` }).default('age'),
  dir: z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' }).default('desc'),
});
export type ChangeListQuery = z.input<typeof changeListQuerySchema>;

// --- Standard change templates ------------------------------------------------------------------------

/** Who keeps the list of standard change templates (everyone on staff may raise an SCR from one). */
export const TEMPLATE_ROLES: readonly Role[] = ['manager', 'admin'];
export const TEMPLATE_LIMITS = { nameMax: LIMITS.name, productAreaMax: 80, listMax: 500 } as const;
export const TEMPLATE_MESSAGES = {
  name: 'Name the template',
  title: 'Give the change a short title',
  description: 'Describe the change',
  preApproved: 'Say whether changes from this template are pre-approved',
} as const;
/** An SCR raised from a retired template (409). */
export const TEMPLATE_RETIRED = 'This template is retired: pick a live one';
/** A template's name taken by another live template (409). */
export const TEMPLATE_NAME_TAKEN = 'Another live template has this name';
/** A template retired already (409). */
export const TEMPLATE_ALREADY_RETIRED = 'This template is retired already';
/** The history's note when a pre-approved standard change passes the change-advisory step. */
export const preApprovedNote = (template: string) => `Pre-approved standard change: ${template}`;

const lineText = (label: string, max: number, message: string) => safeText(message, label).trim().min(1, message).max(max, `${label} must be at most ${max} characters`);
const estimateInput = z
  .number({ error: TRANSITION_MESSAGES.estimateHours })
  .positive('The estimate must be above 0 hours')
  .max(CHANGE_LIMITS.estimateHoursMax, `The estimate must be at most ${CHANGE_LIMITS.estimateHoursMax} hours`);

export const templateInputSchema = z.strictObject({
  name: lineText('Name', TEMPLATE_LIMITS.nameMax, TEMPLATE_MESSAGES.name),
  productArea: safeText('Product area must be text', 'Product area').trim().max(TEMPLATE_LIMITS.productAreaMax, `Product area must be at most ${TEMPLATE_LIMITS.productAreaMax} characters`).optional(),
  title: lineText('Title', LIMITS.title, TEMPLATE_MESSAGES.title),
  description: longText('Description', TEMPLATE_MESSAGES.description),
  implementationPlan: longText('Implementation plan', TRANSITION_MESSAGES.implementationPlan),
  rollbackPlan: longText('Rollback plan', TRANSITION_MESSAGES.rollbackPlan),
  risk: riskInputsSchema,
  estimateHours: estimateInput,
  preApproved: z.boolean({ error: TEMPLATE_MESSAGES.preApproved }).default(false),
});
export type TemplateInput = z.input<typeof templateInputSchema>;
const versionInput = z.number({ error: 'version must be the version you looked at' }).int().min(1);
export const templateUpdateSchema = templateInputSchema.extend({ version: versionInput });
export type TemplateUpdate = z.input<typeof templateUpdateSchema>;
export const retireTemplateSchema = z.strictObject({ version: versionInput });

export const changeTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  product_area: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  implementation_plan: z.string(),
  rollback_plan: z.string(),
  risk_inputs: riskInputsSchema,
  estimate_hours: z.number(),
  pre_approved: z.boolean(),
  retired_at: z.string().nullable(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type ChangeTemplate = z.infer<typeof changeTemplateSchema>;

// --- Answers ----------------------------------------------------------------------------------------

const int = () => z.number().int();
export const changeRowSchema = z.object({
  id: int(),
  company_id: int(),
  company: z.string(),
  title: z.string(),
  priority: z.enum(SCR_PRIORITIES),
  status: z.enum(SCR_STATUSES),
  risk_score: int().nullable(),
  owner: z.string().nullable(),
  target_date: z.string().nullable(),
  emergency: z.boolean(),
  /** An emergency change not yet reviewed after the fact by a manager or an admin. */
  needs_review: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ChangeRow = z.infer<typeof changeRowSchema>;
export const changePageSchema = z.object({ items: z.array(changeRowSchema), total: int(), page: int(), pageSize: int() });
export type ChangePage = z.infer<typeof changePageSchema>;

export const historyItemSchema = z.object({
  id: int(),
  from_status: z.enum(SCR_STATUSES).nullable(),
  to_status: z.enum(SCR_STATUSES),
  action: z.string(),
  by: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;
export const commentItemSchema = z.object({ id: int(), author: z.string(), body: z.string(), client_visible: z.boolean(), created_at: z.string() });
export type CommentItem = z.infer<typeof commentItemSchema>;

export const changeViewSchema = changeRowSchema.extend({
  description: z.string(),
  business_reason: z.string().nullable(),
  owner_id: int().nullable(),
  requested_by: z.string().nullable(),
  estimate_hours: z.number().nullable(),
  implementation_plan: z.string().nullable(),
  rollback_plan: z.string().nullable(),
  release_note: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  risk_inputs: storedRiskSchema.nullable(),
  billable: z.boolean(),
  emergency_justification: z.string().nullable(),
  approval_request_id: int().nullable(),
  approval_state: z.string().nullable(),
  quote_id: int().nullable(),
  quote_status: z.string().nullable(),
  /** The quote's number ("Q-1041") and title, for its link. */
  quote_number: z.string().nullable(),
  quote_title: z.string().nullable(),
  project_id: int().nullable(),
  project_name: z.string().nullable(),
  ticket_id: int().nullable(),
  /** The linked ticket's subject, for its link. */
  ticket_subject: z.string().nullable(),
  qa_item_id: int().nullable(),
  qa_status: z.string().nullable(),
  /** The standard change template the SCR was raised from, and whether it is pre-approved (live and marked so). */
  template_id: int().nullable(),
  template_name: z.string().nullable(),
  template_pre_approved: z.boolean(),
  version: int(),
  /** The stages this SCR may move to now (by the chart; the server checks again). */
  next: z.array(z.enum(SCR_STATUSES)),
  history: z.array(historyItemSchema),
  comments: z.array(commentItemSchema),
  /** Files on the request (screenshots, specifications); the requesting company's clients see them too. */
  attachments: z.array(attachmentSchema),
});
export type ChangeView = z.infer<typeof changeViewSchema>;

/** What a client reads of its SCR's progress: the stages it went through and the comments meant for it. */
export const clientTimelineSchema = z.object({
  id: int(),
  status: z.enum(SCR_STATUSES),
  rejection_reason: z.string().nullable(),
  release_note: z.string().nullable(),
  stages: z.array(z.object({ status: z.enum(SCR_STATUSES), at: z.string(), note: z.string().nullable() })),
  comments: z.array(commentItemSchema.omit({ client_visible: true })),
  attachments: z.array(attachmentSchema),
});
export type ClientTimeline = z.infer<typeof clientTimelineSchema>;

export const createdSchema = z.object({ id: int() });
/** The SCR's files after an upload. */
export const changeFilesSchema = z.object({ attachments: z.array(attachmentSchema) });
/** An upload to an SCR carries no fields besides its files (multipart/form-data). */
export const attachToChangeSchema = z.strictObject({});
/** What an upload to an SCR without a file says. */
export const NO_FILE_MESSAGE = 'Attach a file (an image, a PDF or a document)';

/** The change-advisory form's payload (the engine's 'change' form). */
export const changeApprovalPayloadSchema = z.strictObject({
  scrId: idInput({ message: 'Pick the change request' }),
  title: z.string().min(1).max(LIMITS.title),
  accountManagerId: z.number().int().nullable(),
  riskScore: z.number().int().min(0).max(100),
});
export type ChangeApprovalPayload = z.infer<typeof changeApprovalPayloadSchema>;

// --- The change calendar ------------------------------------------------------------------------------

/** Weeks the calendar view shows by default, and at most. */
export const CALENDAR_WEEKS = 8;
export const CALENDAR_WEEKS_MAX = 26;
/** Weeks before this one whose planned releases a calendar feed still carries. */
export const CHANGE_FEED_WEEKS_BACK = 12;
/** A change request on the calendar reads as this (the feed's SUMMARY too). */
export const calendarTitle = (id: number, title: string) => `${scrNumber(id)}: ${title}`;
/** The path of an SCR's page (the calendar's links and the feed's URL). */
export const scrPath = (id: number) => `/software/change/request/${id}`;

const WEEKS_MESSAGE = `Weeks must be a number from 1 to ${CALENDAR_WEEKS_MAX}`;
export const calendarQuerySchema = z.strictObject({
  /** Any day of the first week shown (its Monday is used); this week when left out. */
  from: calendarDay('From').optional(),
  weeks: z.coerce.number({ error: WEEKS_MESSAGE }).int(WEEKS_MESSAGE).min(1, WEEKS_MESSAGE).max(CALENDAR_WEEKS_MAX, WEEKS_MESSAGE).default(CALENDAR_WEEKS),
});
export type CalendarQuery = z.input<typeof calendarQuerySchema>;
export const calendarItemSchema = changeRowSchema.pick({ id: true, title: true, company: true, status: true, priority: true, emergency: true }).extend({ target_date: z.string() });
export type CalendarItem = z.infer<typeof calendarItemSchema>;
export const calendarSchema = z.object({ weeks: z.array(z.object({ monday: z.string(), items: z.array(calendarItemSchema) })) });
export type ChangeCalendar = z.infer<typeof calendarSchema>;


export const changeFeedSchema = z.object({ id: int(), createdAt: z.string() });
export type ChangeFeed = z.infer<typeof changeFeedSchema>;
/** A new feed: its secret address is shown this once. */
export const changeFeedCreatedSchema = changeFeedSchema.extend({ url: z.string() });
export type ChangeFeedCreated = z.infer<typeof changeFeedCreatedSchema>;

// --- Endpoints ----------------------------------------------------------------------------------------

const tag = 'Change requests';
const staff = { audience: 'staff', tag } as const;
export const CHANGES = {
  list: endpoint({ ...staff, method: 'GET', path: '/api/v2/changes', summary: 'Change requests, filtered, sorted and paged', query: changeListQuerySchema, response: changePageSchema }),
  create: endpoint({ ...staff, method: 'POST', path: '/api/v2/changes', summary: 'Raise a change request for a company', body: staffCreateSchema, status: 201, idempotent: true, response: createdSchema }),
  view: endpoint({ ...staff, method: 'GET', path: '/api/v2/changes/:id', summary: 'A change request with its history, comments and links', params: idParamsSchema, response: changeViewSchema }),
  transition: endpoint({
    ...staff,
    method: 'POST',
    path: '/api/v2/changes/:id/transitions',
    summary: 'Move a change request to its next stage (the chart decides which, and what it needs)',
    params: idParamsSchema,
    body: transitionSchema,
    response: changeViewSchema,
  }),
  review: endpoint({
    ...staff,
    roles: EMERGENCY_ROLES,
    method: 'POST',
    path: '/api/v2/changes/:id/review',
    summary: 'Mark an emergency change reviewed after the fact, with notes (managers and admins)',
    params: idParamsSchema,
    body: reviewSchema,
    response: changeViewSchema,
  }),
  comment: endpoint({ ...staff, method: 'POST', path: '/api/v2/changes/:id/comments', summary: 'Comment on a change request (internal, or for the client)', params: idParamsSchema, body: commentSchema, status: 201, response: createdSchema }),
  attach: endpoint({
    ...staff,
    method: 'POST',
    path: '/api/v2/changes/:id/attachments',
    summary: 'Attach files to a change request (sent as multipart/form-data); the requesting company sees them',
    params: idParamsSchema,
    body: attachToChangeSchema,
    status: 201,
    upload: true,
    response: changeFilesSchema,
  }),
  attachment: endpoint({
    ...staff,
    method: 'GET',
    path: '/api/v2/changes/:id/attachments/:attachmentId',
    summary: 'A file of a change request, or an image’s thumbnail',
    params: attachmentParamsSchema,
    query: attachmentQuerySchema,
    produces: 'application/octet-stream',
  }),
  templates: endpoint({ ...staff, method: 'GET', path: '/api/v2/changes/templates', summary: 'Standard change templates, live first, then retired ones', response: z.array(changeTemplateSchema) }),
  addTemplate: endpoint({ ...staff, roles: TEMPLATE_ROLES, method: 'POST', path: '/api/v2/changes/templates', summary: 'A new standard change template (managers and admins)', body: templateInputSchema, status: 201, response: changeTemplateSchema }),
  updateTemplate: endpoint({
    ...staff,
    roles: TEMPLATE_ROLES,
    method: 'PUT',
    path: '/api/v2/changes/templates/:id',
    summary: 'Changes a live standard change template (managers and admins)',
    params: idParamsSchema,
    body: templateUpdateSchema,
    response: changeTemplateSchema,
  }),
  retireTemplate: endpoint({
    ...staff,
    roles: TEMPLATE_ROLES,
    method: 'POST',
    path: '/api/v2/changes/templates/:id/retire',
    summary: 'Retires a standard change template: no new SCR is raised from it, and its SCRs lose their pre-approval (managers and admins)',
    params: idParamsSchema,
    body: retireTemplateSchema,
    response: changeTemplateSchema,
  }),
  calendar: endpoint({ ...staff, method: 'GET', path: '/api/v2/changes/calendar', summary: 'Planned releases (target dates) per week, rejected requests left out', query: calendarQuerySchema, response: calendarSchema }),
  feeds: endpoint({ ...staff, method: 'GET', path: '/api/v2/changes/feeds', summary: 'My calendar feeds of planned releases', response: z.array(changeFeedSchema) }),
  addFeed: endpoint({ ...staff, method: 'POST', path: '/api/v2/changes/feeds', summary: 'A secret calendar feed of planned releases (its address shown once)', body: z.strictObject({}), status: 201, response: changeFeedCreatedSchema }),
  revokeFeed: endpoint({ ...staff, method: 'DELETE', path: '/api/v2/changes/feeds/:id', summary: 'Revokes one of my calendar feeds of planned releases', params: idParamsSchema, status: 204 }),
  feed: endpoint({
    audience: 'public',
    tag,
    method: 'GET',
    path: '/api/v2/changes/feed/:token',
    summary: 'A calendar feed of planned releases (iCalendar, one all-day event per target date); a revoked feed is not found',
    params: feedTokenParamsSchema,
    produces: 'text/calendar',
  }),
  clientAttachment: endpoint({
    audience: 'client',
    tag,
    method: 'GET',
    path: '/api/v2/client/scrs/:id/attachments/:attachmentId',
    summary: 'A file of one of the company’s change requests, or an image’s thumbnail',
    params: attachmentParamsSchema,
    query: attachmentQuerySchema,
    produces: 'application/octet-stream',
  }),
  clientTimeline: endpoint({
    audience: 'client',
    tag,
    method: 'GET',
    path: '/api/v2/client/scrs/:id/timeline',
    summary: 'The stages of one of the company’s change requests and the comments for the client',
    params: idParamsSchema,
    response: clientTimelineSchema,
  }),
  clientComment: endpoint({
    audience: 'client',
    tag,
    method: 'POST',
    path: '/api/v2/client/scrs/:id/comments',
    summary: 'Comment on one of the company’s change requests',
    params: idParamsSchema,
    body: clientCommentSchema,
    status: 201,
    response: createdSchema,
  }),
};
