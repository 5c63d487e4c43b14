import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { MyPto } from '@contracts/people-schedule';
import { machineRegistry } from '@/app/machine-registry';
import { payloadOf } from '@/features/people/machines/pto-request.machine';
import { ApiError } from '@/shared/http/http';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'pto-request')!;
const MINE: MyPto = { asOf: '2026-11-26', plan: null, balance: { accrued: 40, approved: 0, pending: 0, available: 40 }, ledger: [], requests: [], certifications: [] };
const REFUSED = new ApiError(400, 'invalid_input', 'Invalid body', { to: 'This request takes 24 hours but your balance allows 16 hours' });

type Snap = { context: { fields: { from: string; to: string }; errors: Record<string, string>; error: string | null } };

describeMachinePaths(entry, {
  events: [
    { type: 'pto.field', field: 'from', value: '2026-12-08' },
    { type: 'pto.field', field: 'to', value: '2026-12-10' },
    { type: 'pto.field', field: 'to', value: '2026-12-01' },
    { type: 'pto.submit' },
    { type: 'pto.clear' },
    { type: 'pto.retry' },
  ],
  outputs: { loadMine: [MINE], sendRequest: [{ id: 1 }] },
  errors: { loadMine: [new ApiError(503, 'unavailable', 'The database is busy')], sendRequest: [REFUSED] },
  serializeState: (s) => {
    const { context } = s as unknown as Snap;
    return JSON.stringify([(s as unknown as { value: unknown }).value, context.fields.from, context.fields.to, Object.keys(context.errors).sort(), context.error]);
  },
  check: (snapshot) => {
    const { context } = snapshot as unknown as Snap;
    if (snapshot.matches({ ready: 'sending' })) {
      expect(snapshot.hasTag('busy')).toBe(true);
      // Only a request the contract takes is sent: both days given, the last not before the first.
      expect(context.fields.from).toBe('2026-12-08');
      expect(context.fields.to).toBe('2026-12-10');
    }
    if (Object.keys(context.errors).length && snapshot.matches({ ready: 'editing' }) && context.errors.to?.startsWith('This request')) expect(context.errors.to).toBe('This request takes 24 hours but your balance allows 16 hours');
  },
});

describe('PTO request machine', () => {
  it('keeps what was typed with the server\'s reason beside the field when a request is refused', async () => {
    const actor = createActor(entry.machine.provide({ actors: { loadMine: fromPromise(async () => MINE), sendRequest: fromPromise(async () => Promise.reject(REFUSED)) } }));
    actor.start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'pto.submit' });
    expect(Object.keys(actor.getSnapshot().context.errors)).toContain('from');
    actor.send({ type: 'pto.field', field: 'from', value: '2026-12-08' });
    actor.send({ type: 'pto.field', field: 'to', value: '2026-12-10' });
    actor.send({ type: 'pto.submit' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context).toMatchObject({ fields: { from: '2026-12-08', to: '2026-12-10' }, errors: { to: 'This request takes 24 hours but your balance allows 16 hours' } });
    actor.stop();
  });

  it('sends a request in hours for one day, its last day the first', () => {
    expect(payloadOf({ from: '2026-12-08', to: '', unit: 'hours', hours: '4', note: ' ' })).toEqual({ from: '2026-12-08', to: '2026-12-08', unit: 'hours', hours: 4 });
  });
});
