/**
 * Approvals: the one engine every approvable request goes through (docs/adr/0154–0157). A form type
 * plugs in with a versioned policy (steps as data), a payload schema and an "on approved" hook on
 * the server; the inbox, the decisions, delegation and the history are the same for every form.
 */
import { APPROVAL_STATES } from './approval-chart';
import { APPROVALS_WAITING } from './approvals-waiting';
import { ROLES } from './common/constants';
import { endpoint } from './common/endpoint';
import { dateTimeInput, idInput, idParamsSchema, safeText } from './common/input';
import { z } from './common/zod';

export { APPROVAL_STATE_LABELS, APPROVAL_STATES, approvalMachine, refusal, type ApprovalContext, type ApprovalEvent, type ApprovalState, type Approver, type ResolvedStep } from './approval-chart';

/** A decision's comment (a reason for a rejection, what to change when sent back). */
export const APPROVAL_COMMENT_MAX = 1000;
/** At most this many requests decided in one bulk decision. */
export const BULK_DECISION_MAX = 100;
/** How many levels up "the requester's manager" may reach. */
export const MANAGER_LEVELS_MAX = 5;
/** A request is "due soon" in the inbox when its due time is this close. */
export const DUE_SOON_HOURS = 24;
/** The form types the engine serves today (each registers its policy and hooks on the server). */
export const FORM_TYPES = ['kudo', 'correction', 'pto', 'shift_swap'] as const;
export type FormType = (typeof FORM_TYPES)[number];
export const FORM_TYPE_LABELS: Record<FormType, string> = { kudo: 'Kudo', correction: 'Correction', pto: 'Time off', shift_swap: 'Shift swap' };

// --- Policies (data) --------------------------------------------------------------------------

const int = () => z.number().int();

/** Who approves a step: the requester's manager N levels up, anyone of a role, a named person, or a person named by a field of the request. */
export const approverRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('manager'), levels: int().min(1).max(MANAGER_LEVELS_MAX) }),
  z.object({ kind: z.literal('role'), role: z.enum(ROLES) }),
  z.object({ kind: z.literal('user'), userId: int().positive() }),
  z.object({ kind: z.literal('field'), field: z.string().min(1).max(60) }),
]);
export type ApproverRule = z.infer<typeof approverRuleSchema>;

export const policyStepSchema = z.object({
  name: z.string().min(1).max(80),
  approver: approverRuleSchema,
  /** any one of them, all of them, or N of them. */
  need: z.union([z.literal('any'), z.literal('all'), z.object({ n: int().min(1) })]),
  /** The step applies only when the payload's number field is above the threshold (an amount). */
  when: z.object({ field: z.string().min(1).max(60), above: z.number() }).optional(),
  /** Hours the approvers have; a reminder at half, escalation to their managers at the end. */
  dueHours: z.number().positive().max(24 * 90).optional(),
});
export type PolicyStep = z.infer<typeof policyStepSchema>;
export const policyStepsSchema = z.array(policyStepSchema).max(10);

// --- Answers ------------------------------------------------------------------------------------

export const approvalStateSchema = z.enum(APPROVAL_STATES);

export const historyEntrySchema = z.object({
  id: int(),
  action: z.string(),
  actor: z.string().nullable(),
  onBehalfOf: z.string().nullable(),
  fromState: approvalStateSchema.nullable(),
  toState: approvalStateSchema,
  step: z.string().nullable(),
  comment: z.string().nullable(),
  at: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const requestSummarySchema = z.object({
  id: int(),
  formType: z.enum(FORM_TYPES),
  title: z.string(),
  requester: z.string(),
  requesterId: int(),
  state: approvalStateSchema,
  step: z.string().nullable(),
  version: int(),
  submittedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  updatedAt: z.string(),
  /** In the inbox: the person I stand in for on this request, if any. */
  onBehalfOf: z.string().nullable(),
});
export type RequestSummary = z.infer<typeof requestSummarySchema>;

export const requestViewSchema = requestSummarySchema.extend({
  payload: z.record(z.string(), z.unknown()),
  waitingOn: z.array(z.string()),
  history: z.array(historyEntrySchema),
  /** What the caller may do now. */
  canDecide: z.boolean(),
  canWithdraw: z.boolean(),
  canResubmit: z.boolean(),
});
export type RequestView = z.infer<typeof requestViewSchema>;

export const delegationSchema = z.object({ id: int(), delegate: z.string(), delegateId: int(), startsAt: z.string(), endsAt: z.string() });
export type Delegation = z.infer<typeof delegationSchema>;

// --- Inputs ---------------------------------------------------------------------------------------

const comment = safeText('Write a comment', 'Comment', 'long').trim().max(APPROVAL_COMMENT_MAX, `Keep the comment under ${APPROVAL_COMMENT_MAX} characters`);
const version = z.number({ error: 'Say which version of the request you read' }).int('Say which version of the request you read').positive().max(2_147_483_647);

export const DECISIONS = ['approve', 'reject', 'sendBack'] as const;
/** How a history entry's action reads ("Morgan sent it back"). */
export const HISTORY_ACTION_LABELS: Record<string, string> = {
  submitted: 'submitted',
  resubmitted: 'resubmitted',
  approved: 'approved',
  rejected: 'rejected',
  sentBack: 'sent back for changes',
  withdrawn: 'withdrawn',
  applied: 'applied',
  reminded: 'reminder sent',
  escalated: 'escalated',
};
export type Decision = (typeof DECISIONS)[number];

export const decisionSchema = z
  .strictObject({
    decision: z.enum(DECISIONS, { error: 'Choose approve, reject or send back' }),
    version,
    comment: comment.optional(),
  })
  .refine((d) => d.decision === 'approve' || (d.comment ?? '').length > 0, { path: ['comment'], message: 'Say why, for the requester' });
export type DecisionInput = z.infer<typeof decisionSchema>;

export const bulkDecisionSchema = z
  .strictObject({
    decision: z.enum(['approve', 'reject'], { error: 'Choose approve or reject' }),
    items: z
      .array(z.strictObject({ id: idInput({ label: 'Request' }), version }), { error: 'Pick the requests to decide' })
      .min(1, 'Pick the requests to decide')
      .max(BULK_DECISION_MAX, `Decide at most ${BULK_DECISION_MAX} requests at once`),
    comment: comment.optional(),
  })
  .refine((d) => d.decision === 'approve' || (d.comment ?? '').length > 0, { path: ['comment'], message: 'Give a reason for the rejection' });
export type BulkDecisionInput = z.infer<typeof bulkDecisionSchema>;

export const bulkResultSchema = z.object({
  results: z.array(z.object({ id: int(), ok: z.boolean(), status: int(), message: z.string().nullable() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** The payload of a request: the form's own schema checks it on the server. */
const payload = z.record(z.string(), z.unknown(), { error: 'Fill in the form' });

export const newRequestSchema = z.strictObject({
  formType: z.enum(FORM_TYPES, { error: 'Choose a form' }),
  payload,
});
export const resubmitSchema = z.strictObject({ version, payload });
export const withdrawSchema = z.strictObject({ version });

export const inboxQuerySchema = z.strictObject({
  formType: z.enum(FORM_TYPES, { error: 'Choose a form' }).optional(),
  due: z.enum(['soon', 'overdue'], { error: 'Choose soon or overdue' }).optional(),
});
export const mineQuerySchema = z.strictObject({ formType: z.enum(FORM_TYPES, { error: 'Choose a form' }).optional() });

export const newDelegationSchema = z
  .strictObject({
    delegateId: idInput({ message: 'Pick who decides for you' }),
    startsAt: dateTimeInput('Start'),
    endsAt: dateTimeInput('End'),
  })
  .refine((d) => Date.parse(d.endsAt) > Date.parse(d.startsAt), { path: ['endsAt'], message: 'The end must be after the start' });

const tag = 'Approvals';

export const APPROVALS = {
  inbox: endpoint({ method: 'GET', path: '/api/v2/approvals/inbox', audience: 'staff', tag, summary: 'What waits for my decision, across forms, oldest first', query: inboxQuerySchema, response: z.array(requestSummarySchema) }),
  waiting: APPROVALS_WAITING,
  mine: endpoint({ method: 'GET', path: '/api/v2/approvals/mine', audience: 'staff', tag, summary: 'My submissions with their status', query: mineQuerySchema, response: z.array(requestSummarySchema) }),
  view: endpoint({ method: 'GET', path: '/api/v2/approvals/requests/:id', audience: 'staff', tag, summary: 'A request with its history (its requester, its approvers, admins)', params: idParamsSchema, response: requestViewSchema }),
  create: endpoint({ method: 'POST', path: '/api/v2/approvals/requests', audience: 'staff', tag, summary: 'Submits a request of a form', body: newRequestSchema, status: 201, response: requestViewSchema }),
  decide: endpoint({ method: 'POST', path: '/api/v2/approvals/requests/:id/decision', audience: 'staff', tag, summary: 'Approves, rejects or sends back a request as I read it', params: idParamsSchema, body: decisionSchema, response: requestViewSchema }),
  decideMany: endpoint({ method: 'POST', path: '/api/v2/approvals/decisions', audience: 'staff', tag, summary: 'Approves or rejects several requests, each through the same checks', body: bulkDecisionSchema, response: bulkResultSchema }),
  withdraw: endpoint({ method: 'POST', path: '/api/v2/approvals/requests/:id/withdraw', audience: 'staff', tag, summary: 'Takes my request back before a decision', params: idParamsSchema, body: withdrawSchema, response: requestViewSchema }),
  resubmit: endpoint({ method: 'POST', path: '/api/v2/approvals/requests/:id/resubmit', audience: 'staff', tag, summary: 'Submits my request again after it was sent back', params: idParamsSchema, body: resubmitSchema, response: requestViewSchema }),
  delegations: endpoint({ method: 'GET', path: '/api/v2/approvals/delegations', audience: 'staff', tag, summary: 'Who decides for me, and when', response: z.array(delegationSchema) }),
  delegate: endpoint({ method: 'POST', path: '/api/v2/approvals/delegations', audience: 'staff', tag, summary: 'Names a delegate for a window (out of office)', body: newDelegationSchema, status: 201, response: delegationSchema }),
  undelegate: endpoint({ method: 'DELETE', path: '/api/v2/approvals/delegations/:id', audience: 'staff', tag, summary: 'Ends one of my delegations', params: idParamsSchema, status: 204 }),
} as const;
