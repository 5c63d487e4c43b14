import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, lineNetCents, parseCents, quoteTotals, type MoneyLine } from '@contracts/quote-money';
import { QUOTE_LIMITS, acceptedContent, revisionChanges, totalsOf, type QuoteLine } from '@contracts/quotes';

const line = fc.record<MoneyLine>({
  kind: fc.constantFrom('item', 'item', 'item', 'heading'),
  quantityHundredths: fc.integer({ min: 0, max: Math.round(QUOTE_LIMITS.quantityMax * 100) }),
  unitPriceCents: fc.integer({ min: 0, max: QUOTE_LIMITS.unitPriceCentsMax }),
  discountBp: fc.integer({ min: 0, max: 10_000 }),
  taxable: fc.boolean(),
  optional: fc.boolean(),
  chosen: fc.boolean(),
});
const lines = fc.array(line, { maxLength: QUOTE_LIMITS.linesMax });
const rate = fc.integer({ min: 0, max: 10_000 });
const counts = (l: MoneyLine) => l.kind === 'item' && (!l.optional || l.chosen);

/** The exact value of a line in hundred-millionths of a cent, with BigInt, for comparison. */
const exact = (l: MoneyLine) => BigInt(l.quantityHundredths) * BigInt(l.unitPriceCents) * BigInt(10_000 - l.discountBp);

describe('quote money in integer cents', () => {
  it('the subtotal is the sum of the rounded lines that count; optional lines not chosen are out', () => {
    fc.assert(
      fc.property(lines, rate, (ls, r) => {
        const t = quoteTotals(ls, r);
        expect(t.subtotalCents).toBe(ls.filter(counts).reduce((a, l) => a + lineNetCents(l), 0));
        expect(t.totalCents).toBe(t.subtotalCents + t.taxCents);
        for (const v of Object.values(t)) expect(Number.isSafeInteger(v)).toBe(true);
      }),
    );
  });

  it('tax is charged on taxable lines only, rounded once', () => {
    fc.assert(
      fc.property(lines, rate, (ls, r) => {
        const t = quoteTotals(ls, r);
        const taxable = ls.filter((l) => counts(l) && l.taxable).reduce((a, l) => a + lineNetCents(l), 0);
        expect(t.taxableCents).toBe(taxable);
        const off = BigInt(t.taxCents) * 10_000n - BigInt(taxable) * BigInt(r);
        expect(off <= 5_000n && off >= -5_000n).toBe(true);
        // Making every line non-taxable leaves no tax.
        expect(quoteTotals(ls.map((l) => ({ ...l, taxable: false })), r).taxCents).toBe(0);
      }),
    );
  });

  it('a line is rounded to the nearest cent of its exact value, with no floating-point drift', () => {
    fc.assert(
      fc.property(line, (l) => {
        if (l.kind !== 'item') {
          expect(lineNetCents(l)).toBe(0);
          return;
        }
        const net = BigInt(lineNetCents(l));
        // |net × 10^6 − exact| ≤ half a cent (in the same units).
        const diff = net * 1_000_000n - exact(l);
        expect(diff <= 500_000n && diff >= -500_000n).toBe(true);
      }),
    );
    // The classic float traps come out right: 0.1 + 0.2, 1.005 rounded, 3 × 0.29.
    expect(lineNetCents({ kind: 'item', quantityHundredths: 300, unitPriceCents: 29, discountBp: 0 })).toBe(87);
    expect(quoteTotals([{ kind: 'item', quantityHundredths: 100, unitPriceCents: 10, discountBp: 0, taxable: true, optional: false, chosen: false }, { kind: 'item', quantityHundredths: 100, unitPriceCents: 20, discountBp: 0, taxable: true, optional: false, chosen: false }], 0).totalCents).toBe(30);
    expect(lineNetCents({ kind: 'item', quantityHundredths: 100, unitPriceCents: 201, discountBp: 5_000 })).toBe(101);
  });

  it('a discount never makes a line negative nor larger than undiscounted', () => {
    fc.assert(
      fc.property(line, (l) => {
        const net = lineNetCents(l);
        expect(net).toBeGreaterThanOrEqual(0);
        expect(net).toBeLessThanOrEqual(lineNetCents({ ...l, discountBp: 0 }));
        expect(lineNetCents({ ...l, discountBp: 10_000 })).toBe(0);
      }),
    );
  });

  it('stays exact up to the largest quote the limits allow: every line at the top quantity and price, taxed at 100 %', () => {
    const top: MoneyLine = { kind: 'item', quantityHundredths: Math.round(QUOTE_LIMITS.quantityMax * 100), unitPriceCents: QUOTE_LIMITS.unitPriceCentsMax, discountBp: 0, taxable: true, optional: false, chosen: false };
    const t = quoteTotals(Array.from({ length: QUOTE_LIMITS.linesMax }, () => top), 10_000);
    const line = (BigInt(top.quantityHundredths) * BigInt(top.unitPriceCents) + 50n) / 100n;
    const subtotal = line * BigInt(QUOTE_LIMITS.linesMax);
    expect(t).toEqual({ subtotalCents: Number(subtotal), taxableCents: Number(subtotal), taxCents: Number(subtotal), totalCents: Number(subtotal * 2n) });
    for (const v of Object.values(t)) expect(Number.isSafeInteger(v)).toBe(true);
    expect(BigInt(t.totalCents)).toBe(subtotal * 2n);
  });

  it('the order of the lines does not change the totals', () => {
    fc.assert(
      fc.property(lines, rate, (ls, r) => {
        expect(quoteTotals([...ls].reverse(), r)).toEqual(quoteTotals(ls, r));
      }),
    );
  });

  it('formats and parses amounts with two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (c) => {
        expect(parseCents(formatCents(c))).toBe(c);
      }),
    );
    expect(formatCents(123_456)).toBe('1,234.56');
    expect(parseCents('12.5')).toBe(1250);
    expect(parseCents('-1')).toBeNull();
    expect(parseCents('1.234')).toBeNull();
  });
});

const q = (over: Partial<QuoteLine>): QuoteLine => ({ id: 1, position: 1, kind: 'item', catalogItemId: null, sku: '', description: 'Hours', quantity: 1, unitPriceCents: 100, discountPercent: 0, taxable: true, optional: false, chosen: false, netCents: 100, ...over });

describe('what changed between revisions, and the accepted content', () => {
  it('names added, removed and changed lines and the total', () => {
    const before = { lines: [q({ description: 'Hours' }), q({ id: 2, description: 'Laptop' })], totalCents: 200, validUntil: '2026-01-01', taxRatePercent: 8 };
    const after = { lines: [q({ description: 'Hours', quantity: 2 }), q({ id: 3, description: 'Dock' })], totalCents: 300, validUntil: '2026-01-01', taxRatePercent: 8 };
    expect(revisionChanges(before, after)).toEqual(['"Hours": quantity 1 → 2', 'Added "Dock"', 'Removed "Laptop"', 'Total $2.00 → $3.00']);
    expect(revisionChanges(before, before)).toEqual([]);
  });

  it('hashes exactly the chosen content: another optional choice gives another text', () => {
    const lines = [q({ id: 1 }), q({ id: 2, optional: true, description: 'Warranty' })];
    const head = { number: 'Q-1', revision: 1, taxRatePercent: 8 };
    expect(acceptedContent(head, lines, new Set())).not.toBe(acceptedContent(head, lines, new Set([2])));
    expect(acceptedContent(head, lines, new Set([2]))).toBe(acceptedContent(head, lines, new Set([2])));
    expect(JSON.parse(acceptedContent(head, lines, new Set([2]))).totals).toEqual(totalsOf(lines.map((l) => ({ ...l, chosen: l.optional })), 8));
  });
});
