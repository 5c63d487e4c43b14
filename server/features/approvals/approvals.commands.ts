/**
 * The approval engine's transaction scripts. Every change runs the one chart (`approvalMachine`)
 * with the pure `transition()` on the persisted snapshot, inside one transaction with its history
 * row, its mails (outbox), its jobs and, on approval, the form's own effect. The guards are the
 * chart's; `refusal` gives their reason as 403 or 409, and nothing is written then.
 */
import type pg from 'pg';
import { transition } from 'xstate';
import {
  APPROVAL_STATE_LABELS,
  FORM_TYPE_LABELS,
  approvalMachine,
  refusal,
  type ApprovalContext,
  type ApprovalEvent,
  type ApprovalState,
  type Approver,
  type Decision,
  type FormType,
  type PolicyStep,
  type RequestView,
  type ResolvedStep,
} from '@contracts/approvals';
import { ERROR_CODES } from '@contracts/common/errors';
import { ApiError, conflict, invalidField, invalidInputError, notFound } from '@server/platform/http/errors';
import type { Jobs } from '@server/platform/jobs';
import { queueEmail } from '@server/platform/mail/outbox';
import type { Queryable } from '@server/platform/sql';
import {
  activeStaff,
  addHistory,
  delegateAt,
  historyOf,
  insertRequest,
  latestPolicy,
  lockRequest,
  managerUp,
  people,
  saveRequest,
  staffOfRole,
  summary,
  type RequestRow,
} from './approvals.repo';
import { formOf, type FormDefinition } from './forms';
import { escalateStep, remindApprovers } from './jobs';

const HOUR_MS = 3_600_000;
export type Engine = { jobs: Jobs; publicUrl: string };
type Db = pg.PoolClient;

const STALE = 'This request changed since you read it; reload it and decide again';

// --- Resolving a policy into steps --------------------------------------------------------------

/** Who the rule names, before delegation (never the requester). */
async function namedBy(db: Queryable, step: PolicyStep, requesterId: number, payload: Record<string, unknown>): Promise<number[]> {
  const rule = step.approver;
  let ids: number[];
  if (rule.kind === 'manager') {
    const id = await managerUp(db, requesterId, rule.levels);
    ids = id === null ? [] : [id];
  } else if (rule.kind === 'role') ids = await staffOfRole(db, rule.role);
  else if (rule.kind === 'user') ids = await activeStaff(db, [rule.userId]);
  else {
    const value = Number(payload[rule.field]);
    ids = Number.isInteger(value) && value > 0 ? await activeStaff(db, [value]) : [];
  }
  ids = ids.filter((id) => id !== requesterId);
  // Nobody the rule names (no manager, a person who left): the admins decide.
  return ids.length ? ids : (await staffOfRole(db, 'admin')).filter((id) => id !== requesterId);
}

/** Each person with the delegate standing in for them now, if any (never the requester). */
async function withDelegates(db: Queryable, ids: number[], requesterId: number, now: Date): Promise<Approver[]> {
  const out: Approver[] = [];
  for (const id of ids) {
    const delegate = await delegateAt(db, id, now);
    const approver = delegate !== null && delegate !== requesterId ? { id: delegate, for: id } : { id, for: null };
    if (!out.some((a) => a.id === approver.id)) out.push(approver);
  }
  return out;
}

/** The steps of a policy as this request meets them: conditions applied, approvers named, counts set. */
export async function resolveSteps(db: Queryable, steps: PolicyStep[], requesterId: number, payload: Record<string, unknown>, now: Date): Promise<ResolvedStep[]> {
  const resolved: ResolvedStep[] = [];
  for (const step of steps) {
    if (step.when && !(Number(payload[step.when.field]) > step.when.above)) continue;
    const approvers = await withDelegates(db, await namedBy(db, step, requesterId, payload), requesterId, now);
    const need = step.need === 'any' ? 1 : step.need === 'all' ? approvers.length : Math.min(step.need.n, approvers.length);
    resolved.push({ name: step.name, approvers, need: Math.max(1, need), dueHours: step.dueHours ?? null });
  }
  return resolved;
}

// --- Running the chart ----------------------------------------------------------------------------

/** The chart's next state for an event, or the refusal as a 403/409 (nothing written). */
export function advance(state: ApprovalState, context: ApprovalContext, event: ApprovalEvent): { state: ApprovalState; context: ApprovalContext } {
  const refused = refusal(state, context, event);
  if (refused) throw new ApiError(refused.status, refused.status === 403 ? ERROR_CODES.forbidden : ERROR_CODES.conflict, refused.message);
  const [next] = transition(approvalMachine, approvalMachine.resolveState({ value: state, context }), event);
  return { state: next.value as ApprovalState, context: next.context };
}

const waitingOn = (state: ApprovalState, c: ApprovalContext) =>
  state === 'inReview' ? (c.steps[c.step]?.approvers ?? []).map((a) => a.id).filter((id) => !c.decidedBy.includes(id)) : [];

const stepName = (state: ApprovalState, c: ApprovalContext) => (state === 'inReview' ? (c.steps[c.step]?.name ?? null) : null);

/** The approver entry of a person in the current step (for "B on behalf of A"). */
const approverIn = (c: ApprovalContext, id: number) => c.steps[c.step]?.approvers.find((a) => a.id === id);

type Change = {
  row: Pick<RequestRow, 'id' | 'form_type' | 'requester_id' | 'title' | 'payload' | 'state' | 'context' | 'due_at'>;
  event: ApprovalEvent;
  action: string;
  actorId: number | null;
  comment: string | null;
  now: Date;
  extra?: { payload?: unknown; title?: string; policyVersion?: number };
};

/**
 * Applies one event: the chart's transition, the saved snapshot, the history row, the mails, the
 * jobs of a new step; an approval runs the form's effect and moves on to applied in the same transaction.
 */
async function apply(db: Db, engine: Engine, change: Change): Promise<ApprovalState> {
  const { row, event, now } = change;
  const before = { state: row.state, context: row.context };
  const onBehalfOf = change.actorId !== null && before.state === 'inReview' ? (approverIn(before.context, change.actorId)?.for ?? null) : null;
  let next = advance(before.state, before.context, event);
  const enteredStep = next.state === 'inReview' && (before.state !== 'inReview' || next.context.step !== before.context.step);
  const step = next.state === 'inReview' ? next.context.steps[next.context.step] : undefined;
  const dueAt = next.state !== 'inReview' ? null : enteredStep ? (step?.dueHours ? new Date(now.getTime() + step.dueHours * HOUR_MS) : null) : row.due_at;
  await addHistory(db, {
    requestId: row.id, action: change.action, actorId: change.actorId, onBehalfOfId: onBehalfOf,
    fromState: before.state, toState: next.state, step: stepName(before.state, before.context) ?? stepName(next.state, next.context), comment: change.comment, at: now,
  });
  const payload = (change.extra?.payload ?? row.payload) as Record<string, unknown>;
  if (next.state === 'approved') {
    const form = formOf(row.form_type);
    await form?.onApproved?.(db, { id: row.id, requesterId: row.requester_id, payload, approverId: change.actorId }, now);
    const applied = advance(next.state, next.context, { type: 'request.apply' });
    await addHistory(db, { requestId: row.id, action: 'applied', actorId: null, onBehalfOfId: null, fromState: 'approved', toState: 'applied', step: null, comment: null, at: now });
    next = applied;
  }
  if (next.state === 'rejected') {
    await formOf(row.form_type)?.onRejected?.(db, { id: row.id, requesterId: row.requester_id, payload }, { by: change.actorId, reason: change.comment }, now);
  }
  await saveRequest(db, row.id, {
    state: next.state, context: next.context, waitingOn: waitingOn(next.state, next.context), dueAt, now,
    submitted: event.type === 'request.submit', ...change.extra,
  });
  const title = change.extra?.title ?? row.title;
  if (enteredStep && step) {
    await mailPeople(db, engine, step.approvers.map((a) => a.id), `Waiting for your approval: ${title}`, `${FORM_TYPE_LABELS[row.form_type]} "${title}" waits for your decision (${step.name}).`, row.id);
    if (dueAt) await scheduleStepJobs(db, engine, row.id, next.context, now, dueAt);
  }
  if (['rejected', 'changesRequested', 'applied'].includes(next.state) && event.type !== 'request.submit') {
    const said = change.comment ? `\n\n${change.comment}` : '';
    await mailPeople(db, engine, [row.requester_id], `${APPROVAL_STATE_LABELS[next.state]}: ${title}`, `Your ${FORM_TYPE_LABELS[row.form_type].toLowerCase()} "${title}" is ${APPROVAL_STATE_LABELS[next.state].toLowerCase()}.${said}`, row.id);
  }
  return next.state;
}

async function scheduleStepJobs(db: Db, engine: Engine, id: number, c: ApprovalContext, now: Date, dueAt: Date): Promise<void> {
  const half = new Date(now.getTime() + (dueAt.getTime() - now.getTime()) / 2);
  const key = `approval-${id}-${c.round}-${c.step}`;
  await engine.jobs.send(remindApprovers, { requestId: id, round: c.round, step: c.step, at: half.toISOString() }, { startAfter: half, singletonKey: `${key}-remind`, client: db });
  await engine.jobs.send(escalateStep, { requestId: id, round: c.round, step: c.step, at: dueAt.toISOString() }, { startAfter: dueAt, singletonKey: `${key}-escalate`, client: db });
}

async function mailPeople(db: Queryable, engine: Engine, ids: number[], subject: string, text: string, requestId: number): Promise<void> {
  const who = await people(db, ids);
  for (const p of who.values()) {
    await queueEmail(db, { to: p.email, subject, body: `Hello ${p.name},\n\n${text}\n\n${engine.publicUrl}/approvals?request=${requestId}`, kind: 'approval' });
  }
}

// --- Commands -------------------------------------------------------------------------------------

/** The form's fields are named as the form names them ("message", "toId"), as its own checks name them too. */
function parsePayload(form: FormDefinition, payload: unknown) {
  const parsed = form.payload.safeParse(payload);
  if (!parsed.success) throw invalidInputError(parsed.error.issues);
  return parsed.data as Record<string, unknown>;
}

function formFor(type: FormType): FormDefinition {
  const form = formOf(type);
  if (!form) throw invalidField('formType', 'This form does not take requests');
  return form;
}

/** Submits a request of a form: checked by the form, its policy's steps resolved now; a policy with no steps is approved and applied at once. */
export async function submitRequest(db: Db, engine: Engine, me: number, formType: FormType, raw: unknown, now: Date): Promise<number> {
  const form = formFor(formType);
  const parsed = parsePayload(form, raw);
  const payload = (await form.check?.(db, me, parsed, now, null)) ?? parsed;
  const policy = await latestPolicy(db, formType);
  if (!policy) throw invalidField('formType', 'This form has no approval policy');
  const steps = await resolveSteps(db, policy.steps, me, payload, now);
  const context: ApprovalContext = { requesterId: me, steps: [], step: 0, approvals: [], decidedBy: [], round: 0 };
  const title = form.title(payload);
  const id = await insertRequest(db, { formType, policyVersion: policy.version, requesterId: me, title, payload, context, now });
  await apply(db, engine, {
    row: { id, form_type: formType, requester_id: me, title, payload, state: 'draft', context, due_at: null },
    event: { type: 'request.submit', by: me, steps }, action: 'submitted', actorId: me, comment: null, now,
  });
  return id;
}

async function locked(db: Db, id: number): Promise<RequestRow> {
  const row = await lockRequest(db, id);
  if (!row) throw notFound('No such request');
  return row;
}

const EVENT_OF: Record<Decision, 'request.approve' | 'request.reject' | 'request.sendBack'> = { approve: 'request.approve', reject: 'request.reject', sendBack: 'request.sendBack' };
const ACTION_OF: Record<Decision, string> = { approve: 'approved', reject: 'rejected', sendBack: 'sentBack' };

/** One decision on a request as the approver read it (its version): the chart's guards, then the change. */
export async function decide(db: Db, engine: Engine, me: number, id: number, d: { decision: Decision; version: number; comment?: string | undefined }, now: Date): Promise<ApprovalState> {
  const row = await locked(db, id);
  const event = { type: EVENT_OF[d.decision], by: me } as ApprovalEvent;
  // A request nobody lets me see stays unseen; then the guards (403/409), then staleness.
  if (row.requester_id !== me && !row.context.steps.some((s) => s.approvers.some((a) => a.id === me))) throw notFound('No such request');
  const refused = refusal(row.state, row.context, event);
  if (refused) throw new ApiError(refused.status, refused.status === 403 ? ERROR_CODES.forbidden : ERROR_CODES.conflict, refused.message);
  if (row.version !== d.version) throw conflict(STALE, { version: STALE });
  return apply(db, engine, { row, event, action: ACTION_OF[d.decision], actorId: me, comment: d.comment ?? null, now });
}

/** The requester takes a request back before a decision. */
export async function withdraw(db: Db, engine: Engine, me: number, id: number, version: number, now: Date): Promise<void> {
  const row = await locked(db, id);
  if (row.requester_id !== me) throw notFound('No such request');
  const refused = refusal(row.state, row.context, { type: 'request.withdraw', by: me });
  if (refused) throw new ApiError(refused.status, refused.status === 403 ? ERROR_CODES.forbidden : ERROR_CODES.conflict, refused.message);
  if (row.version !== version) throw conflict('This request changed since you read it; reload it first', { version: 'Stale' });
  await apply(db, engine, { row, event: { type: 'request.withdraw', by: me }, action: 'withdrawn', actorId: me, comment: null, now });
}

/** The requester sends a request back for review after changing it: a new round under the latest policy. */
export async function resubmit(db: Db, engine: Engine, me: number, id: number, input: { version: number; payload: unknown }, now: Date): Promise<void> {
  const row = await locked(db, id);
  if (row.requester_id !== me) throw notFound('No such request');
  const refused = refusal(row.state, row.context, { type: 'request.submit', by: me, steps: [] });
  if (refused) throw new ApiError(refused.status, refused.status === 403 ? ERROR_CODES.forbidden : ERROR_CODES.conflict, refused.message);
  if (row.version !== input.version) throw conflict('This request changed since you read it; reload it first', { version: 'Stale' });
  const form = formFor(row.form_type);
  const parsed = parsePayload(form, input.payload);
  const payload = (await form.check?.(db, me, parsed, now, row.id)) ?? parsed;
  const policy = (await latestPolicy(db, row.form_type))!;
  const steps = await resolveSteps(db, policy.steps, me, payload, now);
  await apply(db, engine, {
    row, event: { type: 'request.submit', by: me, steps }, action: 'resubmitted', actorId: me, comment: null, now,
    extra: { payload, title: form.title(payload), policyVersion: policy.version },
  });
}

/** Whether a job still concerns the step it was set for (the request may have moved on). */
const stillAt = (row: RequestRow | undefined, job: { round: number; step: number }): row is RequestRow =>
  row !== undefined && row.state === 'inReview' && row.context.round === job.round && row.context.step === job.step;

/** Half the due time gone (the job's start time): the approvers who have not decided are reminded (once per step). */
export async function remind(db: Db, engine: Engine, job: { requestId: number; round: number; step: number; at: string }, now: Date): Promise<boolean> {
  const row = await lockRequest(db, job.requestId);
  if (!stillAt(row, job)) return false;
  const pending = waitingOn(row.state, row.context);
  await mailPeople(db, engine, pending, `Reminder: ${row.title} waits for your approval`, `${FORM_TYPE_LABELS[row.form_type]} "${row.title}" is due ${row.due_at?.toISOString() ?? ''}.`, row.id);
  await addHistory(db, { requestId: row.id, action: 'reminded', actorId: null, onBehalfOfId: null, fromState: 'inReview', toState: 'inReview', step: stepName(row.state, row.context), comment: null, at: now });
  return true;
}

/** The due time passed: the managers of the approvers who have not decided may decide too. */
export async function escalate(db: Db, engine: Engine, job: { requestId: number; round: number; step: number; at: string }, now: Date): Promise<boolean> {
  const row = await lockRequest(db, job.requestId);
  if (!stillAt(row, job)) return false;
  const pending = waitingOn(row.state, row.context);
  const managers: Approver[] = [];
  for (const id of pending) {
    const original = approverIn(row.context, id)?.for ?? id;
    const up = await managerUp(db, original, 1);
    if (up !== null && up !== row.requester_id && !row.context.steps[row.context.step]!.approvers.some((a) => a.id === up) && !managers.some((m) => m.id === up)) managers.push({ id: up, for: original });
  }
  if (!managers.length) return false;
  const next = advance(row.state, row.context, { type: 'request.escalate', approvers: managers });
  const names = await people(db, managers.map((m) => m.id));
  await addHistory(db, {
    requestId: row.id, action: 'escalated', actorId: null, onBehalfOfId: null, fromState: 'inReview', toState: 'inReview', step: stepName(row.state, row.context),
    comment: `Overdue: ${[...names.values()].map((p) => p.name).join(', ')} may decide too`, at: now,
  });
  await saveRequest(db, row.id, { state: next.state, context: next.context, waitingOn: waitingOn(next.state, next.context), dueAt: row.due_at, now, submitted: false });
  await mailPeople(db, engine, managers.map((m) => m.id), `Overdue approval: ${row.title}`, `${FORM_TYPE_LABELS[row.form_type]} "${row.title}" passed its due time; you may decide it.`, row.id);
  return true;
}

// --- Reading ----------------------------------------------------------------------------------------

/** A request as a person may see it (its requester, anyone who may or did decide it, admins), with what they may do now. */
export async function viewRequest(db: Queryable, me: { userId: number; role: string }, id: number): Promise<RequestView> {
  const r = await summary(db, id);
  if (!r) throw notFound('No such request');
  const involved = r.requesterId === me.userId || r.context.steps.some((s) => s.approvers.some((a) => a.id === me.userId || a.for === me.userId));
  if (!involved && me.role !== 'admin') throw notFound('No such request');
  const history = await historyOf(db, id);
  const names = await people(db, r.waitingOnIds);
  const { context, waitingOnIds: _waiting, ...rest } = r;
  const approver = r.state === 'inReview' ? context.steps[context.step]?.approvers.find((a) => a.id === me.userId) : undefined;
  const forName = approver?.for ? (await people(db, [approver.for])).get(approver.for)?.name ?? null : null;
  return {
    ...rest,
    onBehalfOf: forName,
    waitingOn: r.waitingOnIds.map((i) => names.get(i)?.name ?? '').filter(Boolean),
    history: history.map(({ actorId: _actor, ...h }) => h),
    canDecide: refusal(r.state, context, { type: 'request.approve', by: me.userId }) === null,
    canWithdraw: refusal(r.state, context, { type: 'request.withdraw', by: me.userId }) === null,
    canResubmit: refusal(r.state, context, { type: 'request.submit', by: me.userId, steps: [] }) === null,
  };
}
