/**
 * Charts on the server, without a browser: the same `toEChartsOption` the screens use, drawn by
 * ECharts' server-side SVG renderer. PDFs embed the result (server/platform/pdf).
 */
import * as echarts from 'echarts/core';
import { ECHARTS_MODULES } from '@contracts/chart-modules';
import { LIGHT_CHART_PALETTE, toEChartsOption, type ChartPalette, type ChartSpec } from '@contracts/charts';

echarts.use(ECHARTS_MODULES);

/** Text in server charts: the PDF's font (pdfmake maps any other family to it anyway). */
export const SERVER_CHART_FONT = 'Roboto, sans-serif';
/** Numbers on the server read the same whatever the machine's locale. */
export const SERVER_CHART_LOCALE = 'en-US';

export type RenderSvgOptions = {
  width: number;
  height: number;
  palette?: ChartPalette;
  /** Values written on bars, points and slices (on by default: a PDF has no tooltip). */
  valueLabels?: boolean;
};

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/**
 * ECharts names classes, patterns and clip paths with counters global to the process
 * (`zr3-cls-17`, `zr3-p0`); renamed here in order of first appearance so that output depends on
 * the chart alone.
 */
function stableIds(svg: string): string {
  const names = new Map<string, string>();
  return svg.replace(/\bzr\d+-[a-z]+-?\d+\b/g, (id) => {
    let name = names.get(id);
    if (!name) names.set(id, (name = `ec${names.size}`));
    return name;
  });
}

/**
 * The chart as an SVG document. Deterministic: the same spec and size give the same string. The SVG carries role="img", the
 * title and the summary as its accessible name and description.
 */
export function renderChartSvg(spec: ChartSpec, options: RenderSvgOptions): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: options.width, height: options.height });
  try {
    chart.setOption(
      toEChartsOption(spec, options.palette ?? LIGHT_CHART_PALETTE, {
        reducedMotion: true,
        fontFamily: SERVER_CHART_FONT,
        locale: SERVER_CHART_LOCALE,
        valueLabels: options.valueLabels ?? true,
      }),
    );
    const svg = stableIds(chart.renderToSVGString());
    // Replacement functions, not strings: a title or summary holding "$1", "$&", "$`" or "$'"
    // would otherwise be read as a replacement pattern and rewrite the SVG.
    const title = escapeXml(spec.title);
    const summary = escapeXml(spec.summary);
    return svg
      .replace(/^<svg\b/, () => `<svg role="img" aria-label="${title}"`)
      .replace(/<svg\b[^>]*>/, (open) => `${open}<title>${title}</title><desc>${summary}</desc>`);
  } finally {
    chart.dispose();
  }
}
