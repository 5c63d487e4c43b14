/**
 * The ECharts modules the product draws with: bar, line, pie and tree charts, the grid, tooltip,
 * legend, title, marked lines and points, ARIA, and the SVG renderer. The browser (lazily, with
 * the chart component) and the server (for PDFs) register the same list.
 */
import * as charts from 'echarts/charts';
import * as components from 'echarts/components';
import * as renderers from 'echarts/renderers';

export const ECHARTS_MODULES = [
  charts.BarChart,
  charts.LineChart,
  charts.PieChart,
  charts.TreeChart,
  components.AriaComponent,
  components.GridComponent,
  components.LegendComponent,
  components.MarkLineComponent,
  components.MarkPointComponent,
  components.TitleComponent,
  components.TooltipComponent,
  renderers.SVGRenderer,
];
