import type { EChartsOption } from 'echarts';
import { describe, expect, it } from 'vitest';
import {
  chartSpec,
  chartSpecSchema,
  DARK_CHART_PALETTE,
  drillKeyAt,
  formatChartValue,
  LIGHT_CHART_PALETTE,
  paletteFromProperties,
  toEChartsOption,
  type ChartSpecInput,
} from '@contracts/charts';

const bars: ChartSpecInput = {
  kind: 'bar',
  title: 'Open tickets by queue',
  summary: 'Support holds 41 % of open tickets.',
  categories: ['Support', 'Projects', 'Billing'],
  series: [{ name: 'Open', values: [41, 30, 29], drill: ['queue=Support', 'queue=Projects', null] }],
  markers: [{ type: 'value', value: 35, label: 'Target' }],
};

type AnyRecord = Record<string, unknown>;
const seriesOf = (option: AnyRecord) => option.series as AnyRecord[];

describe('chart specification', () => {
  it('accepts a well-formed chart and fills the defaults', () => {
    const spec = chartSpec(bars);
    expect(spec.unit).toBe('count');
    expect(spec.markers).toHaveLength(1);
  });

  it('names every problem: values per category, drill keys per value, pie series, unknown marker category', () => {
    const result = chartSpecSchema.safeParse({
      ...bars,
      kind: 'pie',
      series: [
        { name: 'A', values: [1, 2], drill: ['x'] },
        { name: 'A', values: [1, 2, 3] },
      ],
      markers: [{ type: 'category', category: 'Nowhere', label: 'x' }],
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['series.0.values', 'series.0.drill', 'series.1.name', 'series', 'markers', 'markers.0.category']),
    );
  });

  it('refuses a burndown with only the ideal line', () => {
    const result = chartSpecSchema.safeParse({
      kind: 'burndown',
      title: 'Sprint',
      summary: 'x',
      categories: ['d1', 'd2'],
      series: [{ name: 'Ideal', role: 'ideal', values: [2, 0] }],
    });
    expect(result.success).toBe(false);
  });

  it('formats money cents with two decimals, percent with two decimals, hours and counts', () => {
    expect(formatChartValue(123456, { unit: 'money' })).toBe('1,234.56');
    expect(formatChartValue(123456, { unit: 'money', currency: 'USD' })).toBe('USD 1,234.56');
    expect(formatChartValue(41.5, { unit: 'percent' })).toBe('41.50 %');
    expect(formatChartValue(1.25, { unit: 'hours' })).toBe('1.25 h');
    expect(formatChartValue(1200, { unit: 'count' })).toBe('1,200');
    expect(formatChartValue(null, { unit: 'count' })).toBe('—');
    expect(formatChartValue(1234.5, { unit: 'hours' }, { locale: 'de-DE' })).toBe('1.234,5 h');
  });

  it('finds the drill key of a data point', () => {
    const spec = chartSpec(bars);
    expect(drillKeyAt(spec, 0, 1)).toBe('queue=Projects');
    expect(drillKeyAt(spec, 0, 2)).toBeUndefined();
    expect(drillKeyAt(spec, 3, 0)).toBeUndefined();
  });

  it('reads the palette from custom properties and falls back per colour', () => {
    const props: Record<string, string> = { '--chart-1': ' #111111 ', '--chart-text': '#eeeeee' };
    const palette = paletteFromProperties((p) => props[p], DARK_CHART_PALETTE);
    expect(palette.series[0]).toBe('#111111');
    expect(palette.series[1]).toBe(DARK_CHART_PALETTE.series[1]);
    expect(palette.text).toBe('#eeeeee');
    expect(palette.grid).toBe(DARK_CHART_PALETTE.grid);
  });
});

describe('toEChartsOption', () => {
  it('turns on ARIA named as the chart is before it is drawn (title, then summary), decal patterns, the palette, and animation unless reduced motion', () => {
    const spec = chartSpec(bars);
    const option = toEChartsOption(spec, LIGHT_CHART_PALETTE);
    expect(option.aria).toMatchObject({ enabled: true, description: `${spec.title}. ${spec.summary}`, decal: { show: true } });
    expect(option.color).toEqual(LIGHT_CHART_PALETTE.series);
    expect(option.backgroundColor).toBe(LIGHT_CHART_PALETTE.background);
    expect(option.animation).toBe(true);
    const still = toEChartsOption(spec, DARK_CHART_PALETTE, { reducedMotion: true });
    expect(still.animation).toBe(false);
    expect(still.color).toEqual(DARK_CHART_PALETTE.series);
  });

  it('is compatible with the ECharts option type and pure', () => {
    const spec = chartSpec(bars);
    const option: EChartsOption = toEChartsOption(spec, LIGHT_CHART_PALETTE);
    expect(JSON.stringify(option)).toBe(JSON.stringify(toEChartsOption(spec, LIGHT_CHART_PALETTE)));
  });

  it('plots money in currency units and labels axis values compactly', () => {
    const spec = chartSpec({ ...bars, unit: 'money', series: [{ name: 'Revenue', values: [150000, 99, 1] }], markers: [] });
    const option = toEChartsOption(spec, LIGHT_CHART_PALETTE);
    const data = seriesOf(option)[0]!.data as { value: number }[];
    expect(data.map((d) => d.value)).toEqual([1500, 0.99, 0.01]);
    const formatter = (option.yAxis as { axisLabel: { formatter: (v: number) => string } }).axisLabel.formatter;
    expect(formatter(1500)).toBe('1.5K');
  });

  it('names every category of a short axis (statuses) and spaces the names of a long one (days)', () => {
    const statuses = toEChartsOption(chartSpec({ ...bars, categories: ['draft', 'sent', 'accepted', 'declined', 'expired'], series: [{ name: 'Quotes', values: [3, 8, 17, 7, 5] }], markers: [] }), LIGHT_CHART_PALETTE);
    expect((statuses.xAxis as { axisLabel: AnyRecord }).axisLabel).toMatchObject({ interval: 0, hideOverlap: true });
    const days = Array.from({ length: 90 }, (_, i) => `Day ${i + 1}`);
    const daily = toEChartsOption(chartSpec({ ...bars, kind: 'line', categories: days, series: [{ name: 'Opened', values: days.map(() => 1) }], markers: [] }), LIGHT_CHART_PALETTE);
    expect((daily.xAxis as { axisLabel: AnyRecord }).axisLabel.interval).toBeUndefined();
  });

  it('keeps count axes on whole numbers and leaves other units free', () => {
    const counts = toEChartsOption(chartSpec(bars), LIGHT_CHART_PALETTE);
    expect((counts.yAxis as AnyRecord).minInterval).toBe(1);
    const money = toEChartsOption(chartSpec({ ...bars, unit: 'money', markers: [] }), LIGHT_CHART_PALETTE);
    expect((money.yAxis as AnyRecord).minInterval).toBeUndefined();
  });

  it('stacks the series of a stacked bar chart and swaps the axes of a horizontal one', () => {
    const two = { ...bars, series: [bars.series[0]!, { name: 'Closed', values: [1, 2, 3] }] };
    const stacked = seriesOf(toEChartsOption(chartSpec({ ...two, kind: 'stackedBar' }), LIGHT_CHART_PALETTE));
    expect(stacked.map((s) => s.stack)).toEqual(['total', 'total']);
    const horizontal = toEChartsOption(chartSpec({ ...two, kind: 'horizontalBar' }), LIGHT_CHART_PALETTE);
    expect((horizontal.yAxis as AnyRecord).type).toBe('category');
    expect((horizontal.xAxis as AnyRecord).type).toBe('value');
  });

  it('draws a burndown: a dashed ideal line without symbols, scope changes as marked lines with labels', () => {
    const spec = chartSpec({
      kind: 'burndown',
      title: 'Sprint 12',
      summary: '8 points remain; scope grew by 5 on day 3.',
      categories: ['d1', 'd2', 'd3', 'd4'],
      series: [
        { name: 'Remaining', values: [20, 18, 23, 8] },
        { name: 'Ideal', role: 'ideal', values: [20, 13.3, 6.7, 0] },
      ],
      markers: [
        { type: 'category', category: 'd3', label: 'Scope +5' },
        { type: 'point', category: 'd4', label: 'Now' },
      ],
    });
    const [actual, ideal] = seriesOf(toEChartsOption(spec, LIGHT_CHART_PALETTE));
    expect(ideal).toMatchObject({ type: 'line', symbol: 'none', lineStyle: { type: 'dashed', color: LIGHT_CHART_PALETTE.ideal } });
    expect(actual!.markLine).toMatchObject({ data: [{ name: 'Scope +5', xAxis: 'd3' }] });
    expect(actual!.markPoint).toMatchObject({ data: [{ name: 'Now', coord: ['d4', 8] }] });
  });

  it('makes a pie of the one series with clickable slices and a donut with a hole', () => {
    const pie = chartSpec({ ...bars, kind: 'donut', markers: [] });
    const [series] = seriesOf(toEChartsOption(pie, LIGHT_CHART_PALETTE));
    expect(series).toMatchObject({ type: 'pie', radius: ['45%', '70%'], cursor: 'pointer' });
    expect(series!.data).toEqual([
      { name: 'Support', value: 41 },
      { name: 'Projects', value: 30 },
      { name: 'Billing', value: 29 },
    ]);
  });
});
