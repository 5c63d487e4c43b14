import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { territoryTotals } from '@contracts/sales';

const names = ['North', 'South', 'East', 'West', 'north', 'Gone'];
const customer = fc.record({
  territory: fc.option(fc.constantFrom(...names), { nil: null }),
  lifetimeCents: fc.integer({ min: 0, max: 10_000_000_00 }),
  pipelineCents: fc.integer({ min: 0, max: 10_000_000_00 }),
});

describe('territory totals', () => {
  it('the territories plus the companies in none add up to every company, whatever the names and figures', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom('North', 'South', 'East', 'West'), { maxLength: 4 }), fc.array(customer, { maxLength: 80 }), (territoryNames, customers) => {
        const t = territoryTotals(territoryNames.map((name) => ({ name })), customers);
        for (const key of ['companies', 'lifetimeCents', 'pipelineCents'] as const) {
          expect(t.territories.reduce((a, x) => a + x[key], 0) + t.unassigned[key]).toBe(t.totals[key]);
        }
        expect(t.totals.companies).toBe(customers.length);
      }),
    );
  });
});
