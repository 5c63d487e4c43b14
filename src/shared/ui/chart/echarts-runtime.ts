/**
 * ECharts for the browser, only what the product draws: bar, line, pie and tree charts, the grid,
 * tooltip, legend, title, marked lines and points, ARIA, the SVG renderer, and the canvas
 * renderer for very large trees (chartRendererOf). Loaded with a
 * dynamic import by Chart.tsx, so it lands in its own chunk and only screens that draw a chart
 * fetch it.
 */
import { init, use as register, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { ECHARTS_MODULES } from '@contracts/chart-modules';
import type { ChartRenderer } from '@contracts/charts';

register([...ECHARTS_MODULES, CanvasRenderer]);

/** What the chart component uses of an ECharts instance. */
export type ChartInstance = Pick<ECharts, 'setOption' | 'on' | 'off' | 'resize' | 'dispose' | 'dispatchAction' | 'getWidth' | 'getHeight'>;

/** The parameters of a click on a chart element (the fields used here). */
export type ChartClick = { componentType?: string; seriesIndex?: number; dataIndex?: number; data?: { drill?: string } };

export function initChart(element: HTMLElement, renderer: ChartRenderer = 'svg'): ChartInstance {
  return init(element, undefined, { renderer });
}

/** What is read of a drawn tree: its series, each node's data item (with its drill key), layout and drawn element. */
type DrawnTree = {
  series: { layoutInfo?: { height: number } };
  data: {
    count(): number;
    getRawDataItem(i: number): { drill?: string } | undefined;
    getItemLayout(i: number): { x: number; y: number } | undefined;
    getItemGraphicEl(i: number): { parent?: { getComputedTransform(): number[] | null } | null } | undefined;
  };
};
const drawnTree = (chart: ChartInstance): DrawnTree | null => {
  try {
    const series = (chart as unknown as { getModel(): { getSeriesByIndex(i: number): (DrawnTree['series'] & { subType?: string; getData(): DrawnTree['data'] }) | undefined } }).getModel().getSeriesByIndex(0);
    return series?.subType === 'tree' ? { series, data: series.getData() } : null;
  } catch {
    return null;
  }
};
/** The drawing's transform of a tree's layout (translation and scale), from a drawn node's group. */
const transformOf = (tree: DrawnTree, i: number) => tree.data.getItemGraphicEl(i)?.parent?.getComputedTransform() ?? [1, 0, 0, 1, 0, 0];

/** Where the tree node with this drill key is drawn, in pixels from the drawing's top left; null when it is not drawn (below a closed node). */
export function treeNodeAt(chart: ChartInstance, key: string): [number, number] | null {
  const tree = drawnTree(chart);
  if (!tree) return null;
  for (let i = 0; i < tree.data.count(); i++) {
    if (tree.data.getRawDataItem(i)?.drill !== key) continue;
    const at = tree.data.getItemLayout(i);
    if (!at || !tree.data.getItemGraphicEl(i)) return null;
    const m = transformOf(tree, i);
    return [m[0]! * at.x + m[2]! * at.y + m[4]!, m[1]! * at.x + m[3]! * at.y + m[5]!];
  }
  return null;
}

/** A tree node kept this far from the drawing's left and right edges when it is brought into view, in pixels. */
const TREE_EDGE_PX = 40;

/**
 * Moves the window of a drawn tree (as a drag would) so that the node with this drill key is drawn
 * at the point given, or, with 'centre', in the middle of the drawing's height (as near as the
 * tree's own top and bottom allow) and inside its width. False when the node is not drawn.
 */
export function moveTreeNodeTo(chart: ChartInstance, key: string, to: [number, number] | 'centre'): boolean {
  const at = treeNodeAt(chart, key);
  if (!at) return false;
  let dx = 0;
  let dy = 0;
  if (to === 'centre') {
    const width = chart.getWidth();
    const height = chart.getHeight();
    dy = height / 2 - at[1];
    // The tree's top and bottom stay at or beyond the drawing's edges: no empty band when the person is near either end.
    const tree = drawnTree(chart);
    const index = tree ? Array.from({ length: tree.data.count() }, (_, i) => i).find((i) => tree.data.getRawDataItem(i)?.drill === key) : undefined;
    if (tree?.series.layoutInfo && index !== undefined) {
      const m = transformOf(tree, index);
      const top = m[5]!;
      const bottom = m[3]! * tree.series.layoutInfo.height + m[5]!;
      if (bottom - top > height) dy = Math.min(Math.max(dy, height - 8 - bottom), 8 - top);
    }
    if (at[0] < TREE_EDGE_PX) dx = TREE_EDGE_PX - at[0];
    else if (at[0] > width - TREE_EDGE_PX) dx = width - TREE_EDGE_PX - at[0];
  } else {
    dx = to[0] - at[0];
    dy = to[1] - at[1];
  }
  if (Math.abs(dx) >= 0.5 || Math.abs(dy) >= 0.5) chart.dispatchAction({ type: 'treeRoam', seriesIndex: 0, dx, dy });
  return true;
}
