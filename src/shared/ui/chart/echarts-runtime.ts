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
export type ChartInstance = Pick<ECharts, 'setOption' | 'on' | 'off' | 'resize' | 'dispose'>;

/** The parameters of a click on a chart element (the fields used here). */
export type ChartClick = { componentType?: string; seriesIndex?: number; dataIndex?: number; data?: { drill?: string } };

export function initChart(element: HTMLElement, renderer: ChartRenderer = 'svg'): ChartInstance {
  return init(element, undefined, { renderer });
}
