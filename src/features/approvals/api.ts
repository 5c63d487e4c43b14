import { APPROVALS, type BulkDecisionInput, type DecisionInput, type FormType } from '@contracts/approvals';
import { call } from '@/shared/http/http';

export type InboxFilters = { formType?: FormType; due?: 'soon' | 'overdue' };

export const approvalsApi = {
  inbox: (query: InboxFilters) => call(APPROVALS.inbox, { query }),
  decideMany: (body: BulkDecisionInput) => call(APPROVALS.decideMany, { body }),
  view: (id: number) => call(APPROVALS.view, { params: { id } }),
  decide: ({ id, ...body }: DecisionInput & { id: number }) => call(APPROVALS.decide, { params: { id }, body }),
};
