/** The one chart component of the product, its table twin, and the runtime loader (for prefetching). */
export { Chart, DEFAULT_CHART_HEIGHT, loadChartRuntime, type ChartProps } from './Chart';
export { ChartTable, type ChartTableProps } from './ChartTable';
