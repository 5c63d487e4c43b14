/**
 * Quote money, in integer cents only (spec 9: shown with two decimals). Quantities carry two
 * decimals (hundredths), discounts are basis points (1 % = 100 bp), and every product is done in
 * BigInt, so no floating-point value ever touches an amount. Rounding is half away from zero,
 * once per line and once for the tax (docs/adr/0084-quote-money-and-tax.md).
 */
import { z } from './common/zod';

/** A priced line as money sees it. */
export type MoneyLine = {
  kind: 'item' | 'heading';
  /** Quantity in hundredths (1.5 → 150). */
  quantityHundredths: number;
  unitPriceCents: number;
  /** 0..10000 (0 %..100 %). */
  discountBp: number;
  taxable: boolean;
  optional: boolean;
  /** For an optional line: the client (or staff) chose it. */
  chosen: boolean;
};

/** The totals of a quote in cents, as computed here and as the API answers them. */
export const quoteTotalsSchema = z.object({
  subtotalCents: z.number().int(),
  taxableCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
});
export type QuoteTotals = z.infer<typeof quoteTotalsSchema>;

/** n / d rounded half away from zero, for n ≥ 0 and d > 0. */
function divRound(n: bigint, d: bigint): bigint {
  return (n * 2n + d) / (d * 2n);
}

/** A line's amount after its discount: qty × price × (1 − discount), rounded to the cent; never negative. */
export function lineNetCents(line: Pick<MoneyLine, 'kind' | 'quantityHundredths' | 'unitPriceCents' | 'discountBp'>): number {
  if (line.kind !== 'item') return 0;
  const qty = BigInt(Math.max(0, Math.trunc(line.quantityHundredths)));
  const price = BigInt(Math.max(0, Math.trunc(line.unitPriceCents)));
  const keep = BigInt(10000 - Math.min(10000, Math.max(0, Math.trunc(line.discountBp))));
  return Number(divRound(qty * price * keep, 1_000_000n));
}

/** Whether a line counts towards the totals: items, and optional ones only when chosen. */
export const lineCounts = (line: Pick<MoneyLine, 'kind' | 'optional' | 'chosen'>) => line.kind === 'item' && (!line.optional || line.chosen);

/** The quote's totals: the sum of its rounded lines, tax on the taxable ones at `taxRateBp`. */
export function quoteTotals(lines: readonly MoneyLine[], taxRateBp: number): QuoteTotals {
  let subtotal = 0n;
  let taxable = 0n;
  for (const line of lines) {
    if (!lineCounts(line)) continue;
    const net = BigInt(lineNetCents(line));
    subtotal += net;
    if (line.taxable) taxable += net;
  }
  const tax = divRound(taxable * BigInt(Math.max(0, Math.trunc(taxRateBp))), 10_000n);
  return { subtotalCents: Number(subtotal), taxableCents: Number(taxable), taxCents: Number(tax), totalCents: Number(subtotal + tax) };
}

/** Cents as a plain amount with two decimals: 123456 → "1,234.56". */
export function formatCents(cents: number, locale = 'en-US'): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.trunc(abs / 100).toLocaleString(locale);
  const frac = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
}

/** Cents with the currency sign: "$1,234.56". */
export const formatMoney = (cents: number) => (cents < 0 ? `-$${formatCents(-cents)}` : `$${formatCents(cents)}`);

/** "12.5" or "12.50" → 1250; null when it is not a non-negative amount with at most two decimals. */
export function parseCents(text: string): number | null {
  const m = /^\s*\$?\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text.replace(/,/g, ''));
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** Hundredths as a decimal number for display and input: 150 → 1.5. */
export const fromHundredths = (h: number) => h / 100;
/** A decimal with at most two places to hundredths: 1.5 → 150 (rounded to the nearest hundredth). */
export const toHundredths = (n: number) => Math.round(n * 100);
