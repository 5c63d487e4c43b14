/** The window on a tall drawn tree (real ECharts, drawn without a screen): a person brought into view, a clicked node kept in place. */
import { init, use as register } from 'echarts/core';
import { afterEach, describe, expect, it } from 'vitest';
import { LIGHT_CHART_PALETTE, toEChartsOption } from '@contracts/charts';
import { ECHARTS_MODULES } from '@contracts/chart-modules';
import type { OrgPerson } from '@contracts/people';
import { orgChartFirstOpen, orgChartSpec } from '@/features/people/org-tree';
import { moveTreeNodeTo, treeNodeAt, type ChartInstance } from '@/shared/ui/chart/echarts-runtime';

register([...ECHARTS_MODULES]);
const person = (id: number, name: string, managerId: number | null): OrgPerson => ({ id, name, title: null, department: null, managerId, status: [], avatarVersion: null });
// A head, 60 managers, 300 technicians (5 under each manager): drawn with the head open, 61 people, 1,320 px tall.
const PEOPLE = [
  person(1, 'Morgan Lead', null),
  ...Array.from({ length: 60 }, (_, i) => person(2 + i, `Manager ${String(i).padStart(2, '0')}`, 1)),
  ...Array.from({ length: 300 }, (_, i) => person(1000 + i, `Technician ${String(i).padStart(3, '0')}`, 2 + (i % 60))),
];
const WIDTH = 1200;

let chart: ChartInstance | undefined;
afterEach(() => {
  chart?.dispose();
  chart = undefined;
});

/** Draws as the chart component does: the window on the middle of the tree. */
function draw(focused: number | null, open: number[] | null) {
  const drawn = orgChartSpec(PEOPLE, focused, open);
  chart ??= init(null as unknown as HTMLElement, undefined, { renderer: 'svg', ssr: true, width: WIDTH, height: drawn.height }) as unknown as ChartInstance;
  chart.setOption(
    toEChartsOption(drawn.spec, LIGHT_CHART_PALETTE, { reducedMotion: true, showTitle: false, treeHeight: drawn.treeHeight, treeOffset: Math.round((drawn.treeHeight - drawn.height) / 2) }),
    { notMerge: true },
  );
  return { chart, drawn };
}

describe('the window on a tall org chart', () => {
  it('brings a person found deep in the organisation into the middle of the window, within its width', () => {
    const first = orgChartFirstOpen(PEOPLE)!;
    // Technician 059 reports to Manager 59, the last one: drawn at the bottom of the tree, below the window.
    const { chart, drawn } = draw(1059, [...first, 61]);
    expect(drawn.treeHeight).toBeGreaterThan(drawn.height);
    expect(treeNodeAt(chart, '1059')![1]).toBeGreaterThan(drawn.height);
    expect(moveTreeNodeTo(chart, '1059', 'centre')).toBe(true);
    const [x, y] = treeNodeAt(chart, '1059')!;
    // The tree's bottom stops at the window's bottom: as near the middle as it allows, and in view.
    expect(y).toBeGreaterThan(drawn.height / 2 - 1);
    expect(y).toBeLessThan(drawn.height - 8);
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(WIDTH);
    // A person in the middle of the tree is centred exactly.
    draw(1030, [...first, 32]);
    moveTreeNodeTo(chart, '1030', 'centre');
    expect(treeNodeAt(chart, '1030')![1]).toBeCloseTo(drawn.height / 2, 0);
  });

  it('keeps a manager opened or closed where they were on the screen', () => {
    const first = orgChartFirstOpen(PEOPLE)!;
    const { chart } = draw(null, first);
    // Manager 05 (id 7), above the window's middle, clicked: drawn open, the tree laid out again.
    const before = treeNodeAt(chart, '7')!;
    draw(null, [...first, 7]);
    expect(treeNodeAt(chart, '7')).not.toEqual(before);
    expect(moveTreeNodeTo(chart, '7', before)).toBe(true);
    const after = treeNodeAt(chart, '7')!;
    expect(after[0]).toBeCloseTo(before[0], 0);
    expect(after[1]).toBeCloseTo(before[1], 0);
    // A person not drawn (below a closed manager) is not moved to.
    expect(moveTreeNodeTo(chart, '1000', 'centre')).toBe(false);
  });
});
