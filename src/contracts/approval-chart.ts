/**
 * The one statechart of every approvable request (kudos, corrections, and the forms to come):
 * draft → in review (step i of the policy) → approved → applied, with changes requested,
 * rejected, withdrawn and cancelled. The server runs it with the pure `transition()` on the
 * persisted snapshot (docs/adr/0154); /qa/machines draws the same chart.
 *
 * Nothing here knows a form: the steps arrive resolved (who may decide, how many must approve) in
 * the submit event, and the guards read only the context and the event. `refusal` says in words why
 * an event is refused (403: not yours to decide; 409: already decided, or no longer waiting), and
 * the guards are built on it, so the server's answer and the chart never disagree.
 */
import { setup, assign } from 'xstate';

/** Someone who may decide a step: `for` names the person they stand in for (a delegation, an escalation). */
export type Approver = { id: number; for: number | null };
/** A step as the request meets it: its name, who may decide, how many approvals complete it, its due time. */
export type ResolvedStep = { name: string; approvers: Approver[]; need: number; dueHours: number | null };
export type StepApproval = { step: number; by: number };

export type ApprovalContext = {
  requesterId: number;
  steps: ResolvedStep[];
  /** The step waiting for decisions (meaningful in review). */
  step: number;
  /** Approvals of the current round (a resubmission starts a new round). */
  approvals: StepApproval[];
  /** Everyone who decided in this round (approve, reject or send back). */
  decidedBy: number[];
  round: number;
};

export type ApprovalEvent =
  | { type: 'request.submit'; by: number; steps: ResolvedStep[] }
  | { type: 'request.approve'; by: number }
  | { type: 'request.reject'; by: number }
  | { type: 'request.sendBack'; by: number }
  | { type: 'request.withdraw'; by: number }
  | { type: 'request.cancel'; by: number }
  | { type: 'request.escalate'; approvers: Approver[] }
  | { type: 'request.apply' };

export const APPROVAL_STATES = ['draft', 'inReview', 'changesRequested', 'approved', 'applied', 'rejected', 'withdrawn', 'cancelled'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** How people read a state. */
export const APPROVAL_STATE_LABELS: Record<ApprovalState, string> = {
  draft: 'Draft',
  inReview: 'In review',
  changesRequested: 'Changes requested',
  approved: 'Approved',
  applied: 'Done',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  cancelled: 'Cancelled',
};

/** Which states take which event (the rest answer 409: the request is not waiting for it). */
const ACCEPTS: Record<ApprovalEvent['type'], readonly ApprovalState[]> = {
  'request.submit': ['draft', 'changesRequested'],
  'request.approve': ['inReview'],
  'request.reject': ['inReview'],
  'request.sendBack': ['inReview'],
  'request.withdraw': ['inReview', 'changesRequested'],
  'request.cancel': ['draft'],
  'request.escalate': ['inReview'],
  'request.apply': ['approved'],
};

const DECISIONS = new Set<ApprovalEvent['type']>(['request.approve', 'request.reject', 'request.sendBack']);
const REQUESTER_ONLY = new Set<ApprovalEvent['type']>(['request.submit', 'request.withdraw', 'request.cancel']);

export type Refusal = { status: 403 | 409; message: string };

/** Why the chart refuses an event in a state, in a person's words; null when it takes it. */
export function refusal(state: ApprovalState, context: ApprovalContext, event: ApprovalEvent): Refusal | null {
  const by = 'by' in event ? event.by : null;
  if (by !== null && REQUESTER_ONLY.has(event.type) && by !== context.requesterId) return { status: 403, message: 'Only the person who made this request may do this' };
  if (by !== null && DECISIONS.has(event.type)) {
    if (by === context.requesterId) return { status: 403, message: 'You cannot decide on your own request' };
    if (!ACCEPTS[event.type].includes(state)) return { status: 409, message: `This request is ${APPROVAL_STATE_LABELS[state].toLowerCase()}; it is no longer waiting for a decision` };
    if (context.decidedBy.includes(by)) return { status: 409, message: 'You have already decided on this request' };
    if (!context.steps[context.step]?.approvers.some((a) => a.id === by)) return { status: 403, message: 'You are not an approver of this step' };
    return null;
  }
  if (!ACCEPTS[event.type].includes(state)) return { status: 409, message: `This request is ${APPROVAL_STATE_LABELS[state].toLowerCase()}; it cannot take this change` };
  return null;
}

/** Whether this approval completes the current step. */
const completesStep = (c: ApprovalContext) => c.approvals.filter((a) => a.step === c.step).length + 1 >= (c.steps[c.step]?.need ?? 1);
const isLastStep = (c: ApprovalContext) => c.step >= c.steps.length - 1;
const takes = (state: ApprovalState) => ({ context, event }: { context: ApprovalContext; event: ApprovalEvent }) => refusal(state, context, event) === null;

export const approvalMachine = setup({
  types: { context: {} as ApprovalContext, events: {} as ApprovalEvent, input: {} as { requesterId: number } },
  guards: {
    takenInDraft: takes('draft'),
    takenWhenSentBack: takes('changesRequested'),
    submitsNoSteps: ({ context, event }) => takes('draft')({ context, event }) && event.type === 'request.submit' && event.steps.length === 0,
    resubmitsNoSteps: ({ context, event }) => takes('changesRequested')({ context, event }) && event.type === 'request.submit' && event.steps.length === 0,
    takenInReview: takes('inReview'),
    completesLastStep: ({ context, event }) => event.type === 'request.approve' && takes('inReview')({ context, event }) && completesStep(context) && isLastStep(context),
    completesStep: ({ context, event }) => event.type === 'request.approve' && takes('inReview')({ context, event }) && completesStep(context),
  },
  actions: {
    startRound: assign(({ context, event }) => ({
      steps: event.type === 'request.submit' ? event.steps : context.steps,
      step: 0,
      approvals: [],
      decidedBy: [],
      round: context.round + 1,
    })),
    recordApproval: assign(({ context, event }) => {
      const by = (event as { by: number }).by;
      return { approvals: [...context.approvals, { step: context.step, by }], decidedBy: [...context.decidedBy, by] };
    }),
    recordDecision: assign(({ context, event }) => ({ decidedBy: [...context.decidedBy, (event as { by: number }).by] })),
    nextStep: assign(({ context }) => ({ step: context.step + 1 })),
    addApprovers: assign(({ context, event }) => {
      if (event.type !== 'request.escalate') return {};
      const steps = context.steps.map((s, i) =>
        i === context.step
          ? { ...s, approvers: [...s.approvers, ...event.approvers.filter((a) => a.id !== context.requesterId && !s.approvers.some((b) => b.id === a.id))] }
          : s,
      );
      return { steps };
    }),
  },
}).createMachine({
  id: 'approval',
  description: 'One approvable request of any form: its policy steps arrive resolved with the submission.',
  context: ({ input }) => ({ requesterId: input.requesterId, steps: [], step: 0, approvals: [], decidedBy: [], round: 0 }),
  initial: 'draft',
  states: {
    draft: {
      description: 'Written, not sent for review yet.',
      on: {
        'request.submit': [
          { guard: 'submitsNoSteps', target: 'approved', actions: 'startRound', description: 'A policy with no steps (kudos) is approved on submission.' },
          { guard: 'takenInDraft', target: 'inReview', actions: 'startRound' },
        ],
        'request.cancel': { guard: 'takenInDraft', target: 'cancelled' },
      },
    },
    inReview: {
      description: 'Waiting for the approvers of the current step; steps are decided in order.',
      on: {
        'request.approve': [
          { guard: 'completesLastStep', target: 'approved', actions: 'recordApproval', description: 'The last approval the last step needs.' },
          { guard: 'completesStep', target: 'inReview', actions: ['recordApproval', 'nextStep'], description: 'The step has its approvals: the next step waits.' },
          { guard: 'takenInReview', target: 'inReview', actions: 'recordApproval', description: 'One approval of several the step needs.' },
        ],
        'request.reject': { guard: 'takenInReview', target: 'rejected', actions: 'recordDecision' },
        'request.sendBack': { guard: 'takenInReview', target: 'changesRequested', actions: 'recordDecision', description: 'Sent back with a comment; the requester changes it and submits again.' },
        'request.withdraw': { guard: 'takenInReview', target: 'withdrawn', description: 'The requester takes it back.' },
        'request.escalate': { target: 'inReview', actions: 'addApprovers', description: 'At the due time, the approvers’ managers may decide too.' },
      },
    },
    changesRequested: {
      description: 'Sent back to the requester with a comment.',
      on: {
        'request.submit': [
          { guard: 'resubmitsNoSteps', target: 'approved', actions: 'startRound', description: 'Resubmitted under a policy that has no steps now.' },
          { guard: 'takenWhenSentBack', target: 'inReview', actions: 'startRound', description: 'Resubmitted: a new round from the first step.' },
        ],
        'request.withdraw': { guard: 'takenWhenSentBack', target: 'withdrawn' },
      },
    },
    approved: {
      description: 'Every step approved; the form’s effect is applied in the same transaction.',
      on: { 'request.apply': { target: 'applied' } },
    },
    applied: { type: 'final', description: 'Approved and its effect applied (a kudo published, a correction accepted).' },
    rejected: { type: 'final', description: 'Refused by an approver, with a reason.' },
    withdrawn: { type: 'final', description: 'Taken back by the requester before a decision.' },
    cancelled: { type: 'final', description: 'A draft thrown away.' },
  },
});
