import { describe, expect, it } from 'vitest';
import { CHART_UNITS, LIGHT_CHART_PALETTE, chartSpec, toEChartsOption, type ChartKind, type ChartUnit, type TooltipPoint } from '@contracts/charts';

/**
 * How the one chart writes numbers on its value axis and in its tooltip, unit by unit: an axis
 * tick with the fewest decimals it needs ("100 %", "62.5 %", never "100.00 %"), a tooltip row
 * "name: value" with the unit's decimals (the table twin's), names escaped, no inline styles (the
 * portal's CSP drops them, which is how "CSAT71.43 %" came about).
 */
type Axis = { type: string; axisLabel: { formatter: (v: number) => string } };
type Tooltip = { formatter: (p: TooltipPoint | TooltipPoint[]) => string };

const specOf = (unit: ChartUnit, kind: ChartKind = 'line', name = 'Series') =>
  chartSpec({
    kind,
    title: 'Trend',
    summary: 'A trend.',
    unit,
    ...(unit === 'money' ? { currency: 'USD' } : {}),
    categories: ['Sep', 'Oct'],
    series: [{ name, values: [10, 20] }],
  });

function optionOf(unit: ChartUnit, kind: ChartKind = 'line', name = 'Series') {
  const option = toEChartsOption(specOf(unit, kind, name), LIGHT_CHART_PALETTE, { locale: 'en-US' }) as { xAxis: Axis; yAxis: Axis; tooltip: Tooltip; series: { label: { formatter: (p: unknown) => string } }[] };
  const value = option.xAxis?.type === 'value' ? option.xAxis : option.yAxis;
  return { tick: value?.axisLabel.formatter, tooltip: option.tooltip.formatter, option };
}

/** The tooltip's rows as a person reads them (tags removed), and its heading. */
function read(html: string) {
  const text = (part: string) => part.replace(/<[^>]*>/g, '');
  return {
    title: /<div class="chart-tooltip__title">(.*?)<\/div>/.exec(html)?.[1],
    rows: [...html.matchAll(/<div class="chart-tooltip__row">(.*?)<\/div>/g)].map((m) => text(m[1]!)),
  };
}

describe('value axis ticks carry the fewest decimals that tell them apart', () => {
  it('reads a percent axis "0 %", "62.5 %", "100 %", not "100.00 %"; hours, counts and money alike', () => {
    const { tick } = optionOf('percent');
    expect([0, 12.5, 62.5, 100].map((v) => tick!(v))).toEqual(['0 %', '12.5 %', '62.5 %', '100 %']);
    expect(tick!(0.25)).toBe('0.25 %');
    // Float noise of a computed tick does not show.
    expect(tick!(0.1 + 0.2)).toBe('0.3 %');
    expect([0, 2.5, 1500].map((v) => optionOf('hours').tick!(v))).toEqual(['0 h', '2.5 h', '1,500 h']);
    expect([0, 5, 1200].map((v) => optionOf('count').tick!(v))).toEqual(['0', '5', '1,200']);
    expect([0, 2500, 1_200_000].map((v) => optionOf('money').tick!(v))).toEqual(['$0', '$2.5K', '$1.2M']);
  });

  it('follows the locale', () => {
    const spec = specOf('percent');
    const option = toEChartsOption(spec, LIGHT_CHART_PALETTE, { locale: 'de-DE' }) as { yAxis: Axis };
    expect(option.yAxis.axisLabel.formatter(62.5)).toBe('62,5 %');
  });
});

describe('the axis tooltip: the category, then "series: value" a row', () => {
  const point = (seriesName: string, value: unknown): TooltipPoint => ({ seriesName, value, color: '#0072B2', axisValueLabel: 'Oct' });

  it.each([
    ['percent', 71.428571, 'CSAT: 71.43 %'],
    ['count', 1200, 'CSAT: 1,200'],
    ['hours', 12.5, 'CSAT: 12.5 h'],
    ['money', 1234.5, 'CSAT: USD 1,234.50'],
  ] as const)('separates the series name from a %s value', (unit, value, row) => {
    expect(CHART_UNITS).toContain(unit);
    const { title, rows } = read(optionOf(unit, 'line', 'CSAT').tooltip([point('CSAT', value)]));
    expect(title).toBe('Oct');
    expect(rows).toEqual([row]);
  });

  it('lists every series, a gap as an em dash, each with its colour, and no inline style (the CSP would drop it)', () => {
    const html = optionOf('percent').tooltip([point('CSAT', 80), point('NPS', null)]);
    expect(read(html).rows).toEqual(['CSAT: 80.00 %', 'NPS: —']);
    expect(html).toContain('fill="#0072B2"');
    expect(html).not.toMatch(/style=/);
  });

  it('escapes names: a series or category is text, never markup', () => {
    const html = optionOf('count').tooltip([{ seriesName: '<img src=x onerror=alert(1)>', value: 3, axisValueLabel: 'R&D <b>' }]);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(read(html).title).toBe('R&amp;D &lt;b&gt;');
  });
});

describe('a pie: the tooltip and the slice labels give the share with the fewest decimals', () => {
  it('heads the tooltip with the series and reads "slice: value (share)"', () => {
    const { title, rows } = read(optionOf('count', 'pie', 'Tickets').tooltip({ seriesName: 'Tickets', name: 'Open', value: 3, percent: 37.5, color: '#0072B2' }));
    expect(title).toBe('Tickets');
    expect(rows).toEqual(['Open: 3 (37.5 %)']);
  });

  it('labels a slice "name: share"', () => {
    const { option } = optionOf('count', 'pie');
    expect(option.series[0]!.label.formatter({ name: 'Open', value: 3, percent: 50 })).toBe('Open: 50 %');
    expect(option.series[0]!.label.formatter({ name: 'Closed', value: 1, percent: 33.33 })).toBe('Closed: 33.33 %');
  });
});
