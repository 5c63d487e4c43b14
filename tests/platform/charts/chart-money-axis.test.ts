import { describe, expect, it } from 'vitest';
import { LIGHT_CHART_PALETTE, chartSpec, formatChartValue, toEChartsOption } from '@contracts/charts';

type Axis = { axisLabel: { formatter: (v: number) => string } };
const money = (currency?: string) =>
  chartSpec({
    kind: 'bar',
    title: 'Pipeline',
    summary: 'Pipeline by stage.',
    unit: 'money',
    ...(currency ? { currency } : {}),
    categories: ['Lead', 'Won'],
    series: [{ name: 'Value', values: [10_000_000, 120_000_000] }],
  });
const axisOf = (locale: string, currency?: string, horizontal = false) => {
  const option = toEChartsOption(horizontal ? { ...money(currency), kind: 'horizontalBar' } : money(currency), LIGHT_CHART_PALETTE, { locale }) as { xAxis: Axis; yAxis: Axis };
  return (horizontal ? option.xAxis : option.yAxis).axisLabel.formatter;
};

describe('money axes read compactly in the user locale', () => {
  it('labels a dollar axis $100K and $1.2M, not USD 100,000.00', () => {
    const label = axisOf('en-US', 'USD');
    expect(label(100_000)).toBe('$100K');
    expect(label(1_200_000)).toBe('$1.2M');
    expect(label(0)).toBe('$0');
    expect(axisOf('en-US', 'USD', true)(1_200_000)).toBe('$1.2M');
  });

  it('follows the locale (German groups and writes the currency after)', () => {
    const label = axisOf('de-DE', 'EUR');
    expect(label(1_200_000)).toBe(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', notation: 'compact', maximumFractionDigits: 1 }).format(1_200_000));
    expect(label(1_200_000)).toContain('Mio.');
  });

  it('keeps a money axis without a currency compact too', () => {
    expect(axisOf('en-US')(2_500_000)).toBe('2.5M');
  });

  it('keeps exact amounts in the tooltip and the table twin', () => {
    expect(formatChartValue(120_000_000, money('USD'), { locale: 'en-US' })).toBe('USD 1,200,000.00');
  });
});
