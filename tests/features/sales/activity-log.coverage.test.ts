import { expect } from 'vitest';
import type { Activity } from '@contracts/sales';
import { machineRegistry } from '@/app/machine-registry';
import { ApiError } from '@/shared/http/http';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'activity-log')!;

const saved: Activity = {
  id: 7, kind: 'sale', companyId: 1, companyName: 'Acme Utilities', staffId: 3, staffName: 'Avery Agent', occurredOn: '2026-11-23',
  amountCents: 120000, quoteId: null, quoteNumber: null, channelName: null, notes: '', createdAt: '2026-11-23T10:00:00Z',
};

type ActivitySnapshot = { value: unknown; context: { preset: unknown; error: string | null; fieldErrors: Record<string, string>; last: Activity | null } };

describeMachinePaths(entry, {
  events: [
    { type: 'log.open' },
    { type: 'log.open', preset: { kind: 'sale', companyId: 1, companyName: 'Acme Utilities' } },
    { type: 'log.close' },
    { type: 'log.submit', input: { kind: 'sale', companyId: 1, occurredOn: '2026-11-23', amountCents: 120000, notes: '' } },
    // A sale with no company and no amount: refused by the schema, nothing sent.
    { type: 'log.submit', input: { kind: 'sale', companyId: undefined as unknown as number, occurredOn: '2026-11-23', notes: '' } },
    { type: 'log.blur', field: 'companyId', input: { kind: 'call', companyId: undefined as unknown as number, occurredOn: '2026-11-23', notes: '' } },
    { type: 'log.change', field: 'companyId' },
  ],
  outputs: { saveActivity: [saved] },
  errors: { saveActivity: [new ApiError(400, 'invalid_input', 'Invalid body', { companyId: 'No such company' }), new ApiError(0, 'network', 'Network Error')] },
  // The refusals counter grows with every refused save: states are told apart without it, so the
  // traversal ends (what a save tells its listeners is checked in activity-log.test.ts).
  serializeState: (s) => {
    const { value, context } = s as unknown as ActivitySnapshot;
    return JSON.stringify([value, context.preset, context.error, context.fieldErrors, context.last !== null]);
  },
  check: (snapshot) => {
    const { context } = snapshot as unknown as ActivitySnapshot;
    if (snapshot.matches('saving')) expect(snapshot.hasTag('busy')).toBe(true);
    if (context.last !== null) expect(context.last).toEqual(saved);
  },
});
