import { describe, expect, it } from 'vitest';
import { CHART_KINDS, LIGHT_CHART_PALETTE, chartSpec, toEChartsOption, type ChartKind } from '@contracts/charts';

/**
 * The value axis of every bar and line chart (reports, burndowns, dashboards, PDFs) hides a label
 * that would overlap its neighbour, and lying along the width (horizontal bars) it takes fewer
 * ticks, so a phone-wide chart reads "0 · 2,000 · 4,000", not a run of digits.
 */
type Axis = { type: string; splitNumber?: number; axisLabel: { hideOverlap?: boolean } };
const AXIS_KINDS = CHART_KINDS.filter((k): k is ChartKind => !['pie', 'donut', 'tree'].includes(k));

function axes(kind: ChartKind) {
  const spec = chartSpec({
    kind,
    title: 'Billable hours',
    summary: 'Dana leads.',
    unit: 'hours',
    categories: ['Dana', 'Avery', 'Quinn'],
    series: [{ name: 'Hours', values: [12345.5, 9870, 4321] }],
  });
  const option = toEChartsOption(spec, LIGHT_CHART_PALETTE) as { xAxis: Axis; yAxis: Axis };
  return { x: option.xAxis, y: option.yAxis, value: option.xAxis.type === 'value' ? option.xAxis : option.yAxis };
}

describe('the value axis of the shared chart', () => {
  it.each(AXIS_KINDS)('hides overlapping value labels on a %s chart', (kind) => {
    expect(axes(kind).value.axisLabel.hideOverlap).toBe(true);
  });

  it('takes fewer ticks along the width (horizontal bars) than the default five', () => {
    const { x: value } = axes('horizontalBar');
    expect(value.type).toBe('value');
    expect(value.splitNumber).toBeLessThanOrEqual(4);
  });
});
