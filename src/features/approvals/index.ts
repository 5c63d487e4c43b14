/**
 * Approvals: the inbox of what waits for my decision (/approvals), across every form of the one
 * approval engine, whose chart (src/contracts/approval-chart.ts) the server runs.
 */
import { approvalMachine } from '@contracts/approvals';
import type { RegisteredMachine } from '@/shared/machine-registry';

export const machines: RegisteredMachine[] = [
  {
    id: 'approval',
    machine: approvalMachine,
    description: 'One approvable request of any form, run on the server: draft → in review (the policy’s steps in order) → approved → applied; changes requested, rejected, withdrawn, cancelled.',
  },
];
