import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import type { ManagedServicesContext } from '@/features/time/machines/managed-services.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';
import { contractUsage } from './time.fixtures';

const entry = machineRegistry.find((m) => m.id === 'managed-services')!;
const figures = { included_minutes: 1200, rollover_in_minutes: 0, billed_minutes: 1260, overage_minutes: 60, overage_cents: 15000, rollover_out_minutes: 0 };
const input = { plan: 'Managed Platinum', included_hours: 20, overage_rate_cents: 15000, rounding_minutes: 15 as const, rollover: false, rollover_cap_hours: 0 };

describeMachinePaths(entry, {
  inputs: { 'March 2026': () => ({ thisMonth: '2026-03' }) },
  events: [
    { type: 'month.previous' },
    { type: 'month.next' },
    { type: 'month.this' },
    { type: 'contract.edit', contract: contractUsage() },
    { type: 'editor.close' },
    { type: 'contract.save', input },
    { type: 'month.close', company: 1, month: '2026-02' },
    { type: 'month.close', company: 1, month: '2026-03' },
    { type: 'contracts.loaded', data: { month: '2026-03', contracts: [contractUsage()] } },
    { type: 'contracts.loadFailed', error: 'The database is busy; try again' },
    { type: 'tickets.loaded', data: [] },
    { type: 'tickets.loadFailed', error: 'The database is busy; try again' },
    { type: 'contract.saved', result: { contract: contractUsage() } },
    { type: 'contract.saveFailed', error: 'Check the highlighted fields', fieldErrors: { plan: 'Plan must be at most 120 characters' } },
    { type: 'month.closed', result: figures },
    { type: 'month.closeFailed', error: '2026-02 is already closed for this company', fieldErrors: {} },
  ],
  // The month shown is data; states are told apart by the chart and what the guards read.
  serializeState: (s) => JSON.stringify([s.value, s.context.month < s.context.thisMonth]),
  check: (snapshot) => {
    const c = snapshot.context as ManagedServicesContext;
    expect(c.month <= c.thisMonth).toBe(true);
    if (!snapshot.matches({ editor: 'closed' })) expect(c.editing?.company_id).toBe(1);
    if (snapshot.matches({ editor: 'saving' })) expect(c.failure).toBeNull();
  },
});
