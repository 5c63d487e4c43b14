/**
 * The approvals feature's machines for the app's registry (src/app/machine-registry.ts imports
 * this file itself, so the header's link and Home's card, which import the feature's index, do not
 * bring the inbox's machines into the first screen).
 */
import { approvalMachine } from '@contracts/approvals';
import { approvalsInboxMachine } from './approvals-inbox.machine';
import { requestFilesMachine } from './request-files.machine';
import type { RegisteredMachine } from '@/shared/machine-registry';

export const machines: RegisteredMachine[] = [
  {
    id: 'approval',
    machine: approvalMachine,
    description: 'One approvable request of any form, run on the server: draft → in review (the policy’s steps in order) → approved → applied; changes requested, rejected, withdrawn, cancelled.',
  },
  { id: 'approvals-inbox', machine: approvalsInboxMachine, description: 'The /approvals inbox: what waits for my decision, filtered; bulk approve, or reject with a reason.' },
  { id: 'request-files', machine: requestFilesMachine, description: "A request's files in its details (a claim's receipts): thumbnails fetched on show; an image opens in the viewer, a PDF is offered to the browser." },
];
