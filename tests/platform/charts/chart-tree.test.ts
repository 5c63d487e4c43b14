/** The tree kind: an org chart drawn by the one chart component, nodes nested by their parents. */
import { describe, expect, it } from 'vitest';
import { chartSpec, chartSpecSchema, LIGHT_CHART_PALETTE, toEChartsOption, TREE_ANIMATION_MAX_NODES } from '@contracts/charts';

const spec = (parents: (number | null)[], emphasised?: number[], collapsed?: number[]) =>
  chartSpec({
    kind: 'tree',
    title: 'Org chart',
    summary: 'Morgan leads; Avery and Casey report to Morgan.',
    categories: ['Morgan Lead', 'Avery Agent', 'Casey Tech'],
    series: [{ name: 'Reports', values: [2, 0, 0], drill: ['1', '2', '3'] }],
    parents,
    ...(emphasised ? { emphasised } : {}),
    ...(collapsed ? { collapsed } : {}),
  });

type Node = { name: string; drill?: string; children: Node[]; collapsed?: boolean; label?: { fontWeight?: number } };
const treeOf = (option: Record<string, unknown>) => (option.series as { type: string; data: Node[] }[])[0]!;

describe('tree charts', () => {
  it('nests each node under its parent, with its drill key, and stresses the emphasised ones', () => {
    const series = treeOf(toEChartsOption(spec([null, 0, 0], [0, 2]), LIGHT_CHART_PALETTE));
    expect(series.type).toBe('tree');
    const [root] = series.data;
    expect(root!.name).toBe('Morgan Lead');
    expect(root!.children.map((c) => [c.name, c.drill])).toEqual([
      ['Avery Agent', '2'],
      ['Casey Tech', '3'],
    ]);
    expect(root!.label?.fontWeight).toBe(700);
    expect(root!.children[0]!.label).toBeUndefined();
    expect(root!.children[1]!.label?.fontWeight).toBe(700);
  });

  it('hangs several tops, and a loop, under one unlabelled root', () => {
    const series = treeOf(toEChartsOption(spec([null, 2, 1]), LIGHT_CHART_PALETTE));
    expect(series.data[0]!.name).toBe('');
    expect(series.data[0]!.children.map((c) => c.name)).toEqual(['Morgan Lead', 'Avery Agent', 'Casey Tech']);
  });

  it('draws the nodes it lists as collapsed closed, the nodes below them left out of the drawing until opened', () => {
    const series = treeOf(toEChartsOption(spec([null, 0, 1], undefined, [1]), LIGHT_CHART_PALETTE));
    const [root] = series.data;
    expect(root!.collapsed).toBeUndefined();
    expect(root!.children[0]).toMatchObject({ name: 'Avery Agent', collapsed: true });
    expect(root!.children[0]!.children.map((c) => c.name)).toEqual(['Casey Tech']);
    // A closed node is a filled dot with the count below it after its name; the open ones are rings.
    const closedNode = root!.children[0] as Node & { itemStyle?: { color?: string }; label?: { formatter?: string } };
    expect(closedNode.itemStyle?.color).toBe(LIGHT_CHART_PALETTE.series[0]);
    expect(closedNode.label?.formatter).toBe('{b} +0');
    expect((series as unknown as { itemStyle: { color: string } }).itemStyle.color).toBe(LIGHT_CHART_PALETTE.background);
    expect((treeOf(toEChartsOption(spec([null, 0, 1]), LIGHT_CHART_PALETTE)) as unknown as { itemStyle: { color: string } }).itemStyle.color).toBe(LIGHT_CHART_PALETTE.series[0]);
    const notTree = chartSpecSchema.safeParse({ kind: 'bar', title: 'Tickets', summary: 'Two days.', categories: ['A', 'B'], series: [{ name: 'Open', values: [1, 2] }], collapsed: [0] });
    expect(notTree.error?.issues[0]?.message).toBe('only a tree has parents');
  });

  it('draws a large tree without animation', () => {
    const n = TREE_ANIMATION_MAX_NODES + 1;
    const big = chartSpec({
      kind: 'tree', title: 'Org', summary: 'Many people.', categories: Array.from({ length: n }, (_, i) => `P${i}`),
      series: [{ name: 'Reports', values: Array.from({ length: n }, () => 0) }], parents: Array.from({ length: n }, (_, i) => (i === 0 ? null : 0)),
    });
    expect((toEChartsOption(big, LIGHT_CHART_PALETTE).series as { animation?: boolean }[])[0]!.animation).toBe(false);
    expect((toEChartsOption(spec([null, 0, 0]), LIGHT_CHART_PALETTE).series as { animation?: boolean }[])[0]!.animation).toBeUndefined();
  });

  it('lays a tree out at the height asked for, taller than the drawing, so the drawing is a window on it', () => {
    const series = (toEChartsOption(spec([null, 0, 0]), LIGHT_CHART_PALETTE, { treeHeight: 2000, treeOffset: 700 }).series as Record<string, unknown>[])[0]!;
    expect(series).toMatchObject({ top: -692, height: 1984, roam: true });
    expect(series.bottom).toBeUndefined();
    expect((toEChartsOption(spec([null, 0, 0]), LIGHT_CHART_PALETTE).series as Record<string, unknown>[])[0]).toMatchObject({ top: 8, bottom: 8 });
  });

  it('refuses parents that are not one per category, or point at the node itself', () => {
    const base = { kind: 'tree', title: 'Org', summary: 'Two people.', categories: ['A', 'B'], series: [{ name: 'Reports', values: [1, 0] }] } as const;
    const short = chartSpecSchema.safeParse({ ...base, parents: [null] });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('needs one parent (or null) per category (2)');
    const self = chartSpecSchema.safeParse({ ...base, parents: [null, 1] });
    expect(self.error?.issues[0]?.path).toEqual(['parents', 1]);
    const bar = chartSpecSchema.safeParse({ ...base, kind: 'bar', parents: [null, 0] });
    expect(bar.error?.issues[0]?.message).toBe('only a tree has parents');
  });
});
