import { describe, expect, it } from 'vitest';
import { computeCac, monthsBetween, NO_NEW_CUSTOMERS, type CacSale } from '@contracts/sales';

const channels = [
  { id: 1, name: 'Search engine' },
  { id: 2, name: 'Trade show' },
];
const sale = (companyId: number, channelId: number | null, month: string, cents: number): CacSale => ({ companyId, companyName: `Company ${companyId}`, channelId, month, cents });

describe('customer acquisition cost', () => {
  it('divides spend by the companies whose first closed sale falls in the month, showing every input', () => {
    const r = computeCac({
      channels,
      spend: [{ channelId: 1, month: '2026-03', cents: 90_000 }],
      sales: [sale(10, 1, '2026-03-04', 30_000), sale(11, 1, '2026-03-20', 60_000), sale(12, 1, '2026-03-21', 10_000)],
      from: '2026-01',
      to: '2026-12',
      asOf: '2026-03',
    });
    expect(r.rows).toHaveLength(1);
    expect(r.rows[0]).toMatchObject({ channel: 'Search engine', month: '2026-03', spendCents: 90_000, cacCents: 30_000 });
    expect(r.rows[0]!.newCustomers.map((c) => c.companyName)).toEqual(['Company 10', 'Company 11', 'Company 12']);
    // Average monthly revenue (30 000 + 60 000 + 10 000) / 3 over one month; payback = CAC ÷ that.
    expect(r.rows[0]!.avgMonthlyRevenueCents).toBe(33_333);
    expect(r.rows[0]!.paybackMonths).toBe(0.9);
  });

  it('says "no new customers" (null, never Infinity or NaN) for spend without a customer', () => {
    const r = computeCac({ channels, spend: [{ channelId: 2, month: '2026-04', cents: 500_000 }], sales: [], from: '2026-01', to: '2026-12', asOf: '2026-06' });
    expect(r.rows[0]).toMatchObject({ spendCents: 500_000, newCustomers: [], cacCents: null, avgMonthlyRevenueCents: null, paybackMonths: null });
    expect(r.byChannel).toEqual([{ channelId: 2, channel: 'Trade show', spendCents: 500_000, customers: 0, cacCents: null }]);
    expect(JSON.stringify(r)).not.toMatch(/Infinity|NaN/);
    expect(NO_NEW_CUSTOMERS).toBe('no new customers');
  });

  it('costs nothing for a customer a channel brought without spend, and shows nothing without spend or customers', () => {
    const none = computeCac({ channels, spend: [], sales: [], from: '2026-01', to: '2026-12', asOf: '2026-12' });
    expect(none.rows).toEqual([]);
    expect(none.byChannel).toEqual([]);
    const free = computeCac({ channels, spend: [], sales: [sale(20, 2, '2026-05-02', 12_000)], from: '2026-01', to: '2026-12', asOf: '2026-05' });
    expect(free.rows[0]).toMatchObject({ spendCents: 0, cacCents: 0, paybackMonths: 0 });
  });

  it('counts a customer with sales in two months once, in its first month, with its revenue since then', () => {
    const r = computeCac({
      channels,
      spend: [{ channelId: 1, month: '2026-02', cents: 40_000 }, { channelId: 1, month: '2026-03', cents: 40_000 }],
      sales: [sale(30, 1, '2026-02-10', 20_000), sale(30, 1, '2026-03-15', 40_000)],
      from: '2026-01',
      to: '2026-12',
      asOf: '2026-03',
    });
    const feb = r.rows.find((x) => x.month === '2026-02')!;
    const mar = r.rows.find((x) => x.month === '2026-03')!;
    expect(feb.newCustomers).toEqual([{ companyId: 30, companyName: 'Company 30', firstMonth: '2026-02', revenueCents: 60_000, monthsAsCustomer: 2 }]);
    expect(feb.cacCents).toBe(40_000);
    expect(feb.avgMonthlyRevenueCents).toBe(30_000);
    expect(mar.newCustomers).toEqual([]);
    expect(mar.cacCents).toBeNull();
    expect(r.byChannel[0]).toMatchObject({ spendCents: 80_000, customers: 1, cacCents: 80_000 });
  });

  it('keeps a renamed channel’s history: attribution and spend follow the channel id, not its name', () => {
    const input = { spend: [{ channelId: 2, month: '2026-06', cents: 30_000 }], sales: [sale(40, 2, '2026-06-01', 9_000)], from: '2026-01', to: '2026-12', asOf: '2026-06' };
    const before = computeCac({ channels, ...input });
    const after = computeCac({ channels: [channels[0]!, { id: 2, name: 'Events and expos' }], ...input });
    expect(after.rows.map(({ channel: _c, ...rest }) => rest)).toEqual(before.rows.map(({ channel: _c, ...rest }) => rest));
    expect(after.rows[0]!.channel).toBe('Events and expos');
    expect(after.rows[0]!.cacCents).toBe(30_000);
  });

  it('leaves out what falls outside the months asked for, and counts months inclusively', () => {
    const r = computeCac({ channels, spend: [{ channelId: 1, month: '2025-12', cents: 1 }], sales: [sale(50, 1, '2025-12-31', 5)], from: '2026-01', to: '2026-12', asOf: '2026-12' });
    expect(r.rows).toEqual([]);
    expect(monthsBetween('2025-11', '2026-02')).toBe(4);
  });
});
