/** The PTO ledger's rules (server/features/people/pto-ledger.ts), as properties over random plans and histories. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceOn, dueEntries, fits, type LedgerEntry, type PtoPlan } from '@server/features/people/pto-ledger';

const RUNS = 100;
const plan = fc.record({
  hoursPerMonth: fc.integer({ min: 0, max: 40 }),
  capHours: fc.integer({ min: 0, max: 240 }),
  carryOverHours: fc.integer({ min: 0, max: 80 }),
  carryOverExpires: fc.integer({ min: 1, max: 12 }),
  floorHours: fc.integer({ min: -40, max: 0 }),
  hoursPerDay: fc.constantFrom(7.5, 8),
});
/** A history of days (in order, across two or three years) with a request of some hours on some of them. */
const history = fc.array(fc.record({ dayOffset: fc.integer({ min: 0, max: 40 }), ask: fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }) }), { minLength: 1, maxLength: 40 });

/** Runs the job on every visited day and takes every request that fits, as the server does. */
function simulate(p: PtoPlan, steps: { dayOffset: number; ask: number | null }[], runsPerDay = 1) {
  const ledger: LedgerEntry[] = [];
  const balances: number[] = [];
  let t = Date.parse('2025-10-01T00:00:00Z');
  steps.forEach((s, i) => {
    t += s.dayOffset * 86_400_000;
    const day = new Date(t).toISOString().slice(0, 10);
    for (let r = 0; r < runsPerDay; r++) ledger.push(...dueEntries(p, ledger, day));
    if (s.ask !== null && fits(p, ledger, day, 0, s.ask)) ledger.push({ kind: 'taken', hours: -s.ask, on: day, source: `request:${i}` });
    balances.push(balanceOn(ledger, day));
  });
  return { ledger, balances };
}

describe('the PTO ledger', () => {
  it('never lets a balance go below the plan\'s floor', () => {
    fc.assert(fc.property(plan, history, (p, steps) => simulate(p, steps).balances.every((b) => b >= p.floorHours - 1e-9)), { numRuns: RUNS });
  });

  it('accrues idempotently: a second run of the job on the same day adds nothing', () => {
    fc.assert(
      fc.property(plan, history, (p, steps) => {
        const once = simulate(p, steps, 1);
        const twice = simulate(p, steps, 2);
        expect(twice.ledger).toEqual(once.ledger);
        const last = once.ledger.at(-1)?.on ?? '2025-10-01';
        expect(dueEntries(p, once.ledger, last)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('never accrues above the cap', () => {
    fc.assert(
      fc.property(plan, history, (p, steps) => {
        const { ledger } = simulate(p, steps);
        for (const e of ledger.filter((x) => x.kind === 'accrual')) expect(balanceOn(ledger.filter((x) => x !== e && ledger.indexOf(x) < ledger.indexOf(e)), e.on) + e.hours).toBeLessThanOrEqual(Math.max(p.capHours, 0) + 1e-9);
      }),
      { numRuns: RUNS },
    );
  });

  it('carries at most the carry-over across a year end, and the carried hours not taken expire after their month', () => {
    fc.assert(
      fc.property(plan, fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 }), (p, start, takenAfter) => {
        const ledger: LedgerEntry[] = [{ kind: 'adjustment', hours: start, on: '2025-06-01', source: 'opening' }];
        ledger.push(...dueEntries(p, ledger, '2026-01-01'));
        const carried = Math.min(start, p.carryOverHours);
        expect(balanceOn(ledger, '2026-01-01') - (ledger.find((e) => e.source === 'accrual:2026-01')?.hours ?? 0)).toBeCloseTo(carried, 2);
        const take = Math.min(takenAfter, carried);
        if (take > 0) ledger.push({ kind: 'taken', hours: -take, on: '2026-01-05', source: 'request:1' });
        const expiresOn = p.carryOverExpires === 12 ? '2027-01-01' : `2026-${String(p.carryOverExpires + 1).padStart(2, '0')}-01`;
        const dayBefore = new Date(Date.parse(`${expiresOn}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
        expect(dueEntries(p, ledger, dayBefore).some((e) => e.kind === 'expiry')).toBe(false);
        const expiry = dueEntries(p, ledger, expiresOn).find((e) => e.kind === 'expiry');
        expect(-(expiry?.hours ?? 0)).toBeCloseTo(carried - take, 2);
      }),
      { numRuns: RUNS },
    );
  });

  it('counts pending requests against the balance', () => {
    const ledger: LedgerEntry[] = [{ kind: 'accrual', hours: 16, on: '2026-01-01', source: 'accrual:2026-01' }];
    expect(balanceOn(ledger, '2026-01-02', 8)).toBe(8);
    expect(balanceOn(ledger, '2025-12-31')).toBe(0);
  });
});
