/** Travel expense money: each line rounded once to home cents (half away from zero), the claim's total the sum of its lines, the rate in force on the day. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RATE_SCALE, claimTotal, priceLine, rateOn, toHomeCents, type ExpenseRate } from '@contracts/expenses';

const RUNS = { numRuns: 100 };
const RATES: ExpenseRate[] = [
  { kind: 'fx', code: 'EUR', validFrom: '2026-01-01', rateMicros: 1_084_500 },
  { kind: 'fx', code: 'EUR', validFrom: '2026-04-01', rateMicros: 1_123_456 },
  { kind: 'mileage', code: 'mile', validFrom: '2025-01-01', rateMicros: 700_000 },
  { kind: 'mileage', code: 'mile', validFrom: '2026-01-01', rateMicros: 725_000 },
];
const day = fc.integer({ min: 0, max: 364 }).map((d) => new Date(Date.UTC(2026, 0, 1) + d * 86_400_000).toISOString().slice(0, 10));
const line = fc.record({
  kind: fc.constantFrom('mileage' as const, 'meals' as const, 'lodging' as const, 'other' as const),
  date: day,
  amountCents: fc.integer({ min: 1, max: 10_000_000 }),
  currency: fc.constantFrom('USD' as const, 'EUR' as const),
  distanceHundredths: fc.integer({ min: 1, max: 1_000_000 }),
});

describe('travel expense money', () => {
  it('rounds a line once: within half a cent of the exact product, halves away from zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 5 * RATE_SCALE }), (units, rate) => {
        const cents = toHomeCents(units, rate);
        const exact = (BigInt(units) * BigInt(rate)) * 2n; // twice the exact value, in millionths of a cent
        const twice = BigInt(cents) * 2n * BigInt(RATE_SCALE);
        expect(twice - exact <= BigInt(RATE_SCALE)).toBe(true);
        expect(exact - twice < BigInt(RATE_SCALE)).toBe(true);
      }),
      RUNS,
    );
    expect(toHomeCents(1, 500_000)).toBe(1);
    expect(toHomeCents(3, 500_000)).toBe(2);
  });

  it('prices with the rate in force on the day and a claim totals the sum of its rounded lines (never rounded again)', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), (lines) => {
        const priced = lines.map((l) => ({ l, p: priceLine(l, RATES)! }));
        for (const { l, p } of priced) {
          const rate = l.kind === 'mileage' ? rateOn(RATES, 'mileage', 'mile', l.date)! : l.currency === 'USD' ? null : rateOn(RATES, 'fx', 'EUR', l.date)!;
          expect(p.rateMicros).toBe(rate?.rateMicros ?? RATE_SCALE);
          expect(p.rateDay <= l.date).toBe(true);
          expect(p.homeCents).toBe(l.kind === 'mileage' ? toHomeCents(l.distanceHundredths, rate!.rateMicros) : rate ? toHomeCents(l.amountCents, rate.rateMicros) : l.amountCents);
        }
        expect(claimTotal(priced.map((x) => x.p))).toBe(priced.reduce((s, x) => s + x.p.homeCents, 0));
      }),
      RUNS,
    );
    expect(priceLine({ kind: 'meals', date: '2025-12-31', amountCents: 100, currency: 'EUR', distanceHundredths: 0 }, RATES)).toBeNull();
    expect(priceLine({ kind: 'meals', date: '2026-04-01', amountCents: 1000, currency: 'EUR', distanceHundredths: 0 }, RATES)).toEqual({ rateMicros: 1_123_456, rateDay: '2026-04-01', homeCents: 1123 });
  });
});
