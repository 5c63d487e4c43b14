import type { BulkDecisionInput, BulkResult, RequestSummary } from '@contracts/approvals';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { approvalsApi, type InboxFilters } from '../api';

/** What waits for my decision, with the filters shown. */
export const inboxListMachine = createQueryMachine('approvals-inbox', (filters: InboxFilters): Promise<RequestSummary[]> => approvalsApi.inbox(filters));
/** A bulk decision: each request through the server's checks, each with its outcome. */
export const bulkDecisionMachine = createSubmitMachine('approvals-decision', (input: BulkDecisionInput): Promise<BulkResult> => approvalsApi.decideMany(input));
