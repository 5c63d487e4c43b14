import { APPROVALS, type BulkDecisionInput, type DecisionInput, type FormType } from '@contracts/approvals';
import { EXPENSES } from '@contracts/expenses';
import { PTO } from '@contracts/people-schedule';
import { call } from '@/shared/http/http';

export type InboxFilters = { formType?: FormType; due?: 'soon' | 'overdue' };

export const approvalsApi = {
  inbox: (query: InboxFilters) => call(APPROVALS.inbox, { query }),
  decideMany: (body: BulkDecisionInput) => call(APPROVALS.decideMany, { body }),
  view: (id: number) => call(APPROVALS.view, { params: { id } }),
  delegations: () => call(APPROVALS.delegations),
  delegate: (body: { delegateId: number; startsAt: string; endsAt: string }) => call(APPROVALS.delegate, { body }),
  undelegate: (id: number) => call(APPROVALS.undelegate, { params: { id } }),
  /** A file a request names (a receipt), through its access-checked endpoint: only who may see the request gets it. */
  receipt: (id: number, variant: 'original' | 'thumbnail'): Promise<Blob> => call(EXPENSES.receipt, { params: { id }, query: { variant } }),
  /** The on-call hours a PTO request would leave uncovered (its approver reads them before deciding). */
  ptoConflicts: (id: number) => call(PTO.conflicts, { params: { id } }),
  decide: ({ id, ...body }: DecisionInput & { id: number }) => call(APPROVALS.decide, { params: { id }, body }),
};
