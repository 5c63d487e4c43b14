import { decisionSchema, newDelegationSchema, type BulkDecisionInput, type Delegation, type BulkResult, type DecisionInput, type RequestSummary, type RequestView } from '@contracts/approvals';
import type { LeaveConflicts } from '@contracts/people-schedule';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { approvalsApi, type InboxFilters } from '../api';

/** What waits for my decision, with the filters shown. */
export const inboxListMachine = createQueryMachine('approvals-inbox', (filters: InboxFilters): Promise<RequestSummary[]> => approvalsApi.inbox(filters));
/** A bulk decision: each request through the server's checks, each with its outcome. */
export const bulkDecisionMachine = createSubmitMachine('approvals-decision', (input: BulkDecisionInput): Promise<BulkResult> => approvalsApi.decideMany(input));
/** One request with its payload and history (the request page, the forms' lists). */
export const requestViewMachine = createQueryMachine('approval-request', (id: number): Promise<RequestView> => approvalsApi.view(id));
/** The on-call hours a PTO request would leave uncovered, shown on its page where its approver decides. */
export const ptoConflictsMachine = createQueryMachine('approval-pto-conflicts', (id: number): Promise<LeaveConflicts> => approvalsApi.ptoConflicts(id));
/** One decision on one request as I read it (approve, send back or reject with a comment). */
export const decideMachine = createSubmitMachine('approval-decide', (input: DecisionInput & { id: number }): Promise<RequestView> => approvalsApi.decide(input), {
  schema: { safeParse: (input: unknown) => decisionSchema.safeParse(stripId(input)) },
});

function stripId(input: unknown): unknown {
  if (!input || typeof input !== 'object') return input;
  const { id: _id, ...rest } = input as Record<string, unknown>;
  return rest;
}

/** My delegations now and to come (out of office). */
export const delegationsMachine = createQueryMachine('approval-delegations', (): Promise<Delegation[]> => approvalsApi.delegations());
/** A delegate named for a window, checked against the contract first. */
export const delegateMachine = createSubmitMachine('approval-delegate', (input: { delegateId: number; startsAt: string; endsAt: string }): Promise<Delegation> => approvalsApi.delegate(input), {
  schema: newDelegationSchema,
});
/** One of my delegations ended (or a coming one cancelled). */
export const undelegateMachine = createSubmitMachine('approval-undelegate', (id: number): Promise<void> => approvalsApi.undelegate(id));
