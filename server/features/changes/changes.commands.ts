/**
 * The transaction scripts of change requests. Every move is checked against the chart in the
 * contract (`SCR_CHART`): a move it does not allow answers 409 naming why, a move missing a field
 * answers 400 naming each, and nothing is written then. Each move writes its history row, its audit
 * row and the requester's mail (outbox) in the same transaction.
 */
import type pg from 'pg';
import {
  CHANGE_HOURLY_RATE_CENTS,
  CHANGE_QUOTE_VALID_DAYS,
  DEFAULT_CHANGE_TASK,
  NO_FILE_MESSAGE,
  NO_REVIEW_NEEDED,
  EMERGENCY_ROLES,
  SCR_CHART,
  SCR_STATUS_LABELS,
  type ScrStatus,
  TRANSITION_MESSAGES,
  missingFields,
  notAllowed,
  riskScore,
  scrNumber,
  TEMPLATE_ALREADY_RETIRED,
  TEMPLATE_NAME_TAKEN,
  TEMPLATE_RETIRED,
  preApprovedNote,
  type ChangeTemplate,
  type ChangeView,
  type RiskInputs,
  type TransitionField,
  type reviewSchema,
  type transitionSchema,
} from '@contracts/changes';
import type { Role } from '@contracts/common/constants';
import { ERROR_CODES } from '@contracts/common/errors';
import { UPLOAD_PARTS } from '@contracts/common/uploads';
import type { z } from '@contracts/common/zod';
import { createProjectSchema, createTaskSchema } from '@contracts/projects';
import { quoteDraftSchema } from '@contracts/quotes';
import { submitRequest, type Engine } from '@server/features/approvals';
import { awayOn } from '@server/features/people';
import { insertProject, insertTask } from '@server/features/projects';
import { qaOfScr, queueForQa, type QaOutcome } from '@server/features/quality';
import { createQuote } from '@server/features/quotes';
import { audit, SYSTEM, clientActor, staffActor, type AuditActor } from '@server/platform/audit';
import { ApiError, conflict, forbidden, invalidField, invalidInputError, notFound } from '@server/platform/http/errors';
import type { StoredFile } from '@server/platform/uploads';
import { queueEmail } from '@server/platform/mail/outbox';
import type { Queryable } from '@server/platform/sql';
import * as repo from './changes.repo';

type Db = pg.PoolClient;
export type Staff = { userId: number; role: Role };
export type Deps = { engine: Engine; publicUrl: string };
type Transition = z.output<typeof transitionSchema>;

const STALE = 'This change request changed since you read it; reload it and try again';
/** The transaction-local mark that lets the change form be submitted only by a move of this feature. */
export const SUBMITTING = 'changes.submitting';

/** The stages the chart lets an SCR move to from where it is (the server checks again on the move). */
export const nextStages = (status: ScrStatus): ScrStatus[] => Object.keys(SCR_CHART[status]) as ScrStatus[];

/** Tells the requester of the SCR's new stage, through the outbox. */
async function tellRequester(db: Queryable, deps: Pick<Deps, 'publicUrl'>, scr: { id: number; title: string }, to: ScrStatus, note: string | null): Promise<void> {
  const who = await repo.requesterOf(db, scr.id);
  if (!who) return;
  const said = note ? `\n\n${note}` : '';
  await queueEmail(db, {
    to: who.email,
    subject: `${scrNumber(scr.id)} is ${SCR_STATUS_LABELS[to].toLowerCase()}: ${scr.title}`,
    body: `Hello ${who.name},\n\nYour change request "${scr.title}" (${scrNumber(scr.id)}) is now ${SCR_STATUS_LABELS[to].toLowerCase()}.${said}\n\n${deps.publicUrl}/client/software/change/request?scr=${scr.id}`,
    kind: 'change',
  });
}

/** A stage change: the row, the history, the audit row, the requester's mail. */
async function enter(
  db: Queryable,
  deps: Pick<Deps, 'publicUrl'>,
  scr: repo.ScrLock,
  to: ScrStatus,
  change: repo.ScrUpdate,
  by: { actor: AuditActor; staffId: number | null; action: string; note: string | null; mailNote?: string | null },
  now: Date,
): Promise<void> {
  await repo.updateScr(db, scr.id, { ...change, status: to }, now);
  await repo.addHistory(db, { scrId: scr.id, from: scr.status, to, action: by.action, staffId: by.staffId, note: by.note, at: now });
  await audit(db, { actor: by.actor, entity: 'software_change_request', entityId: scr.id, action: by.action, detail: { from: scr.status, to } });
  await tellRequester(db, deps, scr, to, by.mailNote === undefined ? by.note : by.mailNote);
}

async function locked(db: Queryable, id: number): Promise<repo.ScrLock> {
  const scr = await repo.lockScr(db, id);
  if (!scr) throw notFound('No such change request');
  return scr;
}

/** What an SCR raised from a template takes from it: its plans, estimate and risk (rated again once it has an owner). */
async function fromTemplate(db: Queryable, templateId: number): Promise<repo.FromTemplate> {
  const t = await repo.templateById(db, templateId);
  if (!t) throw invalidField('templateId', 'No such template');
  if (t.retired_at !== null) throw conflict(TEMPLATE_RETIRED, { templateId: TEMPLATE_RETIRED });
  const risk = await assessRisk(db, t.risk_inputs, null, null);
  return { templateId: t.id, implementationPlan: t.implementation_plan, rollbackPlan: t.rollback_plan, estimateHours: t.estimate_hours, riskInputs: risk.risk_inputs!, riskScore: risk.risk_score! };
}

/** Raises an SCR (a client's from the portal, or staff's for a company); answers its id. */
export async function createScr(
  db: Queryable,
  deps: Pick<Deps, 'publicUrl'>,
  by: { clientId: number } | { staffId: number },
  input: { companyId: number; title: string; description: string; businessReason?: string | undefined; priority: string; templateId?: number | undefined },
  now: Date,
): Promise<number> {
  if ('staffId' in by && !(await repo.companyExists(db, input.companyId))) throw invalidField('companyId', 'No such company');
  const clientId = 'clientId' in by ? by.clientId : null;
  const staffId = 'staffId' in by ? by.staffId : null;
  const template = input.templateId === undefined ? undefined : await fromTemplate(db, input.templateId);
  const { templateId: _templateId, ...fields } = input;
  const id = await repo.insertScr(db, { ...fields, businessReason: input.businessReason ?? null, clientId, staffId, template });
  await repo.addHistory(db, { scrId: id, from: null, to: 'submitted', action: 'submitted', staffId, clientId, at: now });
  await audit(db, { actor: clientId !== null ? clientActor(clientId) : staffActor(staffId!), entity: 'software_change_request', entityId: id, action: 'create' });
  await tellRequester(db, deps, { id, title: input.title }, 'submitted', null);
  return id;
}

/**
 * A risk score with the inputs it came from: the ratings given, and whether the owner (the
 * implementer) has approved or pending leave on the target date (asked of the people feature).
 */
async function assessRisk(db: Queryable, ratings: RiskInputs, ownerId: number | null, targetDate: string | null): Promise<Pick<repo.ScrUpdate, 'risk_inputs' | 'risk_score'>> {
  const { impact, complexity, touchesData, downtime } = ratings;
  const ownerAway = ownerId !== null && targetDate !== null && (await awayOn(db, ownerId, targetDate));
  const risk_inputs = { impact, complexity, touchesData, downtime, ownerAway };
  return { risk_inputs, risk_score: riskScore(risk_inputs) };
}

function requireFields(scr: repo.ScrLock, body: Transition): void {
  const missing = missingFields(scr.status, body.to, body);
  if (missing.length) throw invalidInputError(missing.map((f) => ({ path: [f], message: TRANSITION_MESSAGES[f as TransitionField] })));
}

/** A billable change's draft quote: its estimate at the hourly rate, owned by the SCR's owner. */
async function draftQuote(db: Queryable, scr: repo.ScrLock, ownerId: number, estimateHours: number, actor: AuditActor, now: Date): Promise<number> {
  const validUntil = new Date(now.getTime() + CHANGE_QUOTE_VALID_DAYS * 86_400_000).toISOString().slice(0, 10);
  const draft = quoteDraftSchema.parse({
    type: 'project',
    companyId: scr.company_id,
    title: `${scrNumber(scr.id)}: ${scr.title}`.slice(0, 200),
    validUntil,
    lines: [{ kind: 'item', description: `Development of ${scrNumber(scr.id)}: ${scr.title}`.slice(0, 500), quantity: estimateHours, unitPriceCents: CHANGE_HOURLY_RATE_CENTS, taxable: false }],
  });
  return createQuote(db, draft, true, { actor, userId: ownerId });
}

/** Approved (by the engine, or as an emergency): a billable change gets its draft quote. */
async function approve(db: Queryable, deps: Pick<Deps, 'publicUrl'>, scr: repo.ScrLock, extra: repo.ScrUpdate, by: { actor: AuditActor; staffId: number | null; action: string; note: string }, now: Date) {
  const billable = extra.billable ?? scr.billable;
  const ownerId = extra.owner_id ?? scr.owner_id;
  const estimate = extra.estimate_hours ?? scr.estimate_hours;
  const quoteId = billable && ownerId !== null && estimate !== null && scr.quote_id === null ? await draftQuote(db, scr, ownerId, estimate, by.actor, now) : undefined;
  await enter(db, deps, scr, 'approved', { ...extra, ...(quoteId === undefined ? {} : { quote_id: quoteId }) }, by, now);
}

/** One move of an SCR as its reader saw it (its version). Answers nothing; the caller reads the SCR again. */
export async function transition(db: Db, deps: Deps, me: Staff, id: number, body: Transition, now: Date): Promise<void> {
  const scr = await locked(db, id);
  const move = SCR_CHART[scr.status][body.to];
  if (!move) throw conflict(notAllowed(scr.status, body.to), { to: notAllowed(scr.status, body.to) });
  if (scr.version !== body.version) throw conflict(STALE, { version: STALE });
  if (move.roles && !move.roles.includes(me.role)) throw forbidden(`Only ${move.roles.join(' or ')} users may do this`);
  requireFields(scr, body);
  const actor = staffActor(me.userId);
  const by = (action: string, note: string | null = null) => ({ actor, staffId: me.userId, action, note });

  if (body.to === 'under_review') {
    if (!(await repo.activeStaffExists(db, body.ownerId!))) throw invalidField('ownerId', 'No such staff member');
    // A change rated already (from a template) is rated again for its owner and target date.
    const risk = scr.risk_inputs ? await assessRisk(db, scr.risk_inputs, body.ownerId!, body.targetDate ?? scr.target_date) : {};
    await enter(db, deps, scr, 'under_review', { owner_id: body.ownerId!, ...(body.targetDate ? { target_date: body.targetDate } : {}), ...risk }, by('review'), now);
    return;
  }
  if (body.to === 'rejected') {
    await enter(db, deps, scr, 'rejected', { rejection_reason: body.reason! }, by('rejected', body.reason!), now);
    return;
  }
  if (body.to === 'approved') return sendForApproval(db, deps, me, scr, body, now);
  if (body.to === 'in_development') {
    if (scr.billable && scr.quote_status !== 'accepted') {
      throw conflict('Development waits for the client to accept the quote of this change', { to: 'The quote is not accepted yet' });
    }
    let projectId = scr.project_id;
    if (projectId === null) {
      const owner = scr.owner_id ?? me.userId;
      projectId = await insertProject(
        db,
        createProjectSchema.parse({ name: `${scrNumber(scr.id)}: ${scr.title}`.slice(0, 200), company_id: scr.company_id, owner_id: owner, status: 'active', budget_hours: scr.estimate_hours, description: scr.description.slice(0, 20000) }),
        actor,
      );
      for (const title of body.tasks?.length ? body.tasks : [DEFAULT_CHANGE_TASK]) {
        await insertTask(db, projectId, createTaskSchema.parse({ title, column: 'todo', assignee_id: owner }), actor, now);
      }
    }
    await enter(db, deps, scr, 'in_development', { project_id: projectId }, by('development'), now);
    return;
  }
  if (body.to === 'in_qa') {
    // A change raised from a template is tested with the cases of the template's product area.
    const template = scr.template_id === null ? null : await repo.templateById(db, scr.template_id);
    await queueForQa(db, { scrId: scr.id, title: `${scrNumber(scr.id)}: ${scr.title}`.slice(0, 200), priority: scr.priority, productArea: template?.product_area ?? null });
    await enter(db, deps, scr, 'in_qa', {}, by('qa'), now);
    return;
  }
  if (body.to === 'released') {
    const qa = await qaOfScr(db, scr.id);
    if (qa?.status !== 'passed') throw conflict('A change is released only after it passed QA', { to: 'It has not passed QA' });
    await enter(db, deps, scr, 'released', { release_note: body.releaseNote! }, by('released', body.releaseNote!), now);
  }
}

/**
 * A standard change passes the advisory step when its template is live and pre-approved and the
 * move keeps the template's plan: the same implementation and rollback plans and the same risk
 * ratings (docs/adr/0227). The estimate and the target date may differ.
 */
function isPreApproved(t: ChangeTemplate, body: Transition): boolean {
  const r = body.risk!;
  const same = t.risk_inputs;
  return (
    t.pre_approved &&
    t.retired_at === null &&
    body.implementationPlan === t.implementation_plan &&
    body.rollbackPlan === t.rollback_plan &&
    r.impact === same.impact &&
    r.complexity === same.complexity &&
    r.touchesData === same.touchesData &&
    r.downtime === same.downtime
  );
}

/**
 * Under review → approved. With the estimate, the plans and the risk stored, the change goes to
 * the change-advisory step (a request of the engine's 'change' form) and stays under review until
 * it is approved there. An emergency change (managers and admins, with a justification) is approved
 * at once and flagged for review after the fact.
 */
async function sendForApproval(db: Db, deps: Deps, me: Staff, scr: repo.ScrLock, body: Transition, now: Date): Promise<void> {
  const risk = await assessRisk(db, body.risk!, scr.owner_id, body.targetDate ?? scr.target_date);
  const score = risk.risk_score!;
  const fields: repo.ScrUpdate = {
    estimate_hours: body.estimateHours!,
    implementation_plan: body.implementationPlan!,
    rollback_plan: body.rollbackPlan!,
    ...risk,
    ...(body.billable === undefined ? {} : { billable: body.billable }),
    ...(body.targetDate ? { target_date: body.targetDate } : {}),
  };
  if (body.emergency) {
    if (!EMERGENCY_ROLES.includes(me.role)) throw forbidden('Only managers and admins may approve an emergency change');
    await approve(db, deps, scr, { ...fields, emergency: true, emergency_justification: body.justification!, needs_review: true }, { actor: staffActor(me.userId), staffId: me.userId, action: 'emergency', note: body.justification! }, now);
    return;
  }
  if (scr.approval_state === 'inReview' || scr.approval_state === 'draft') throw conflict('This change is already waiting for approval', { to: 'Already waiting for approval' });
  const template = scr.template_id === null ? null : await repo.templateById(db, scr.template_id);
  if (template && isPreApproved(template, body)) {
    await approve(db, deps, scr, fields, { actor: staffActor(me.userId), staffId: me.userId, action: 'pre_approved', note: preApprovedNote(template.name) }, now);
    return;
  }
  await db.query('SELECT set_config($1, $2, true)', [SUBMITTING, String(scr.id)]);
  const requestId = await submitRequest(db, deps.engine, me.userId, 'change', { scrId: scr.id, title: scr.title, accountManagerId: scr.account_manager_id, riskScore: score }, now);
  await db.query('SELECT set_config($1, $2, true)', [SUBMITTING, '']);
  // A policy with no step for this change (none applies) approves it at once: the form's hook ran already.
  const after = await locked(db, scr.id);
  if (after.status !== 'under_review') return;
  await repo.updateScr(db, scr.id, { ...fields, approval_request_id: requestId }, now);
  await repo.addHistory(db, { scrId: scr.id, from: 'under_review', to: 'under_review', action: 'approval_requested', staffId: me.userId, note: `Risk score ${score}`, at: now });
  await audit(db, { actor: staffActor(me.userId), entity: 'software_change_request', entityId: scr.id, action: 'approval_requested', detail: { requestId, riskScore: score } });
}

/** The engine approved the change-advisory request: the SCR it was made for is approved. */
export async function approvedByEngine(db: Queryable, deps: Pick<Deps, 'publicUrl'>, scrId: number, requestId: number, now: Date): Promise<void> {
  const scr = await locked(db, scrId);
  if (scr.status !== 'under_review') return;
  // The request may be approved inside the submitting move (before its id is stored on the SCR).
  if (scr.approval_request_id !== null && scr.approval_request_id !== requestId) return;
  await approve(db, deps, scr, { approval_request_id: requestId }, { actor: SYSTEM, staffId: null, action: 'approved', note: 'Approved by the change-advisory step' }, now);
}

/**
 * The engine rejected the change-advisory request: the SCR it was made for is rejected, with the
 * approver's reason as the reason the client reads (on the timeline and in the mail).
 */
export async function rejectedByEngine(
  db: Queryable,
  deps: Pick<Deps, 'publicUrl'>,
  scrId: number,
  requestId: number,
  decision: { by: number | null; reason: string | null },
  now: Date,
): Promise<void> {
  const scr = await locked(db, scrId);
  if (scr.status !== 'under_review' || scr.approval_request_id !== requestId) return;
  const reason = decision.reason ?? 'Rejected by the change-advisory step';
  const actor = decision.by === null ? SYSTEM : staffActor(decision.by);
  await enter(db, deps, scr, 'rejected', { rejection_reason: reason }, { actor, staffId: decision.by, action: 'rejected', note: reason }, now);
}

/** A QA result on an SCR: a failure returns it to development with the tester's notes on its timeline. */
export async function qaResult(db: Queryable, deps: Pick<Deps, 'publicUrl'>, outcome: QaOutcome, now: Date): Promise<void> {
  if (outcome.scrId === null) return;
  const scr = await locked(db, outcome.scrId);
  if (outcome.result === 'fail' && scr.status === 'in_qa') {
    await enter(db, deps, scr, 'in_development', {}, { actor: staffActor(outcome.testerId), staffId: outcome.testerId, action: 'qa_failed', note: outcome.notes, mailNote: null }, now);
  } else {
    await repo.addHistory(db, { scrId: scr.id, from: scr.status, to: scr.status, action: `qa_${outcome.result === 'pass' ? 'passed' : outcome.result}`, staffId: outcome.testerId, note: outcome.notes, at: now });
  }
}

/**
 * The after-the-fact review of an emergency change (managers and admins, by the endpoint's roles): it
 * stops needing review, and the reviewer's notes go on its history (staff only: the stage is unchanged).
 */
export async function review(db: Queryable, me: Staff, id: number, body: z.output<typeof reviewSchema>, now: Date): Promise<void> {
  const scr = await locked(db, id);
  if (scr.version !== body.version) throw conflict(STALE, { version: STALE });
  if (!scr.needs_review) throw conflict(NO_REVIEW_NEEDED);
  await repo.updateScr(db, scr.id, { needs_review: false }, now);
  await repo.addHistory(db, { scrId: scr.id, from: scr.status, to: scr.status, action: 'reviewed', staffId: me.userId, note: body.notes, at: now });
  await audit(db, { actor: staffActor(me.userId), entity: 'software_change_request', entityId: scr.id, action: 'reviewed', detail: {} });
}

export async function comment(db: Queryable, id: number, by: { staffId: number } | { clientId: number; companyId: number }, input: { body: string; clientVisible: boolean }, now: Date): Promise<number> {
  if ('clientId' in by) {
    if (!(await repo.scrOfCompany(db, id, by.companyId))) throw notFound('No such change request');
    return repo.insertComment(db, { scrId: id, clientId: by.clientId, body: input.body, clientVisible: true, at: now });
  }
  if (!(await repo.loadChange(db, id))) throw notFound('No such change request');
  return repo.insertComment(db, { scrId: id, staffId: by.staffId, body: input.body, clientVisible: input.clientVisible, at: now });
}

export async function viewChange(db: Queryable, id: number): Promise<ChangeView> {
  const found = await repo.loadChange(db, id);
  if (!found) throw notFound('No such change request');
  return { ...found.row, next: nextStages(found.row.status), history: found.history, comments: found.comments, attachments: found.attachments };
}

/** Files attached to an SCR by staff (checked by the upload path); answers the SCR's files. */
export async function attach(db: Queryable, id: number, staffId: number, files: readonly StoredFile[], now: Date) {
  if (!files.length) throw new ApiError(400, ERROR_CODES.invalidInput, NO_FILE_MESSAGE, { [UPLOAD_PARTS.files]: NO_FILE_MESSAGE });
  const scr = await locked(db, id);
  await repo.insertAttachments(db, scr.id, staffId, files, now);
  await audit(db, { actor: staffActor(staffId), entity: 'software_change_request', entityId: scr.id, action: 'attach', detail: { files: files.map((f) => f.name) } });
  return { attachments: await repo.attachmentsOf(db, scr.id) };
}

// --- Standard change templates ---------------------------------------------------------------------

const STALE_TEMPLATE = 'This template changed since you read it; reload it and try again';
const RETIRED_UNCHANGED = 'A retired template cannot be changed';

async function lockedTemplate(db: Queryable, id: number, version: number): Promise<ChangeTemplate> {
  await repo.lockTemplates(db);
  const t = await repo.templateById(db, id, true);
  if (!t) throw notFound('No such template');
  if (t.version !== version) throw conflict(STALE_TEMPLATE, { version: STALE_TEMPLATE });
  return t;
}

/** A new template (managers and admins, by the endpoint's roles); two live templates never share a name. */
export async function addTemplate(db: Queryable, me: Staff, input: repo.TemplateFields, now: Date): Promise<ChangeTemplate> {
  await repo.lockTemplates(db);
  if (await repo.liveNameTaken(db, input.name, null)) throw conflict(TEMPLATE_NAME_TAKEN, { name: TEMPLATE_NAME_TAKEN });
  const id = await repo.insertTemplate(db, input, me.userId, now);
  await audit(db, { actor: staffActor(me.userId), entity: 'change_template', entityId: id, action: 'create', detail: { name: input.name, preApproved: input.preApproved } });
  return (await repo.templateById(db, id))!;
}

/** A live template changed as its reader saw it (its version). */
export async function changeTemplate(db: Queryable, me: Staff, id: number, input: repo.TemplateFields & { version: number }, now: Date): Promise<ChangeTemplate> {
  const t = await lockedTemplate(db, id, input.version);
  if (t.retired_at !== null) throw conflict(RETIRED_UNCHANGED);
  if (await repo.liveNameTaken(db, input.name, id)) throw conflict(TEMPLATE_NAME_TAKEN, { name: TEMPLATE_NAME_TAKEN });
  await repo.updateTemplate(db, id, input, now);
  await audit(db, { actor: staffActor(me.userId), entity: 'change_template', entityId: id, action: 'update', detail: { preApproved: input.preApproved } });
  return (await repo.templateById(db, id))!;
}

/** Retires a template: kept for the SCRs raised from it, offered for no new one. */
export async function retireTemplate(db: Queryable, me: Staff, id: number, version: number, now: Date): Promise<ChangeTemplate> {
  const t = await lockedTemplate(db, id, version);
  if (t.retired_at !== null) throw conflict(TEMPLATE_ALREADY_RETIRED);
  await repo.retireTemplate(db, id, now);
  await audit(db, { actor: staffActor(me.userId), entity: 'change_template', entityId: id, action: 'retire' });
  return (await repo.templateById(db, id))!;
}
