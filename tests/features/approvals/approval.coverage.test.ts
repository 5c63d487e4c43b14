import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import type { ApprovalContext, ResolvedStep } from '@contracts/approvals';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'approval')!;
const REQUESTER = 1;
/** Two steps: both of 2 and 3, then 4 standing in for 5. */
const STEPS: ResolvedStep[] = [
  { name: 'Leads', approvers: [{ id: 2, for: null }, { id: 3, for: null }], need: 2, dueHours: 48 },
  { name: 'Director', approvers: [{ id: 4, for: 5 }], need: 1, dueHours: null },
];

describeMachinePaths(entry, {
  inputs: { 'a request of person 1': () => ({ requesterId: REQUESTER }) },
  events: [
    { type: 'request.submit', by: REQUESTER, steps: STEPS },
    { type: 'request.submit', by: REQUESTER, steps: [] },
    { type: 'request.submit', by: 2, steps: STEPS },
    { type: 'request.approve', by: 2 },
    { type: 'request.approve', by: 3 },
    { type: 'request.approve', by: 4 },
    { type: 'request.approve', by: REQUESTER },
    { type: 'request.reject', by: 2 },
    { type: 'request.sendBack', by: 3 },
    { type: 'request.withdraw', by: REQUESTER },
    { type: 'request.withdraw', by: 2 },
    { type: 'request.cancel', by: REQUESTER },
    { type: 'request.escalate', approvers: [{ id: 6, for: 2 }] },
    { type: 'request.apply' },
  ],
  stopWhen: (s) => (s.context as ApprovalContext).round > 1,
  check: (snapshot) => {
    const c = snapshot.context as ApprovalContext;
    expect(c.approvals.some((a) => a.by === REQUESTER)).toBe(false);
    expect(new Set(c.decidedBy).size).toBe(c.decidedBy.length);
  },
});
