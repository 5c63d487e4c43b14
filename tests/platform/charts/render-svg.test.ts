import { describe, expect, it } from 'vitest';
import { chartSpec, CHART_KINDS, type ChartKind } from '@contracts/charts';
import { renderChartSvg } from '@server/platform/charts/render-svg';

const specOf = (kind: ChartKind) => {
  const pie = kind === 'pie' || kind === 'donut' || kind === 'tree';
  return chartSpec({
    kind,
    title: `Hours by company & <team>`,
    summary: 'Acme Utilities took most of the hours.',
    unit: 'money',
    categories: ['Acme Utilities', 'Globex Water', 'Initech'],
    series:
      kind === 'burndown'
        ? [
            { name: 'Remaining', values: [300000, 250000, 120000] },
            { name: 'Ideal', role: 'ideal', values: [300000, 150000, 0] },
          ]
        : [{ name: 'Billed', values: [123456, 65432, 1000] }],
    markers: pie ? [] : [{ type: 'category', category: 'Globex Water', label: 'Scope change' }],
  });
};

describe('renderChartSvg', () => {
  it.each(CHART_KINDS)('draws a %s chart with its values, labels, title and summary', (kind) => {
    const svg = renderChartSvg(specOf(kind), { width: 640, height: 320 });
    expect(svg.startsWith('<svg role="img" aria-label="Hours by company &amp; &lt;team&gt;"')).toBe(true);
    expect(svg).toContain('<desc>Acme Utilities took most of the hours.</desc>');
    expect(svg).toContain('Acme Utilities');
    expect(svg).toContain('Globex Water');
    if (kind === 'burndown') {
      expect(svg).toContain('2,500.00'); // 250000 cents on the remaining line
      expect(svg).toContain('Scope change');
    } else {
      expect(svg).toContain('1,234.56'); // 123456 cents, two decimals
      expect(svg).toContain('654.32');
    }
    // Decal patterns for colour-blind readers (bars and slices are filled with them).
    if (!['line', 'burndown', 'tree'].includes(kind)) expect(svg).toContain('<pattern');
  });

  it('gives the same SVG for the same spec, whatever was drawn before', () => {
    const spec = specOf('stackedBar');
    const first = renderChartSvg(spec, { width: 500, height: 300 });
    renderChartSvg(specOf('pie'), { width: 300, height: 300 });
    renderChartSvg(specOf('line'), { width: 800, height: 200 });
    expect(renderChartSvg(spec, { width: 500, height: 300 })).toBe(first);
  });

  it('takes the size asked for', () => {
    const svg = renderChartSvg(specOf('bar'), { width: 480, height: 200 });
    expect(svg).toMatch(/width="480" height="200"/);
  });
});

describe('renderChartSvg with replacement patterns in its text', () => {
  // String.replace reads these in a replacement string: $1 (a group), $& (the match), $` and $' (the
  // text before and after it), $$ and $<name>. A company or report named with them must print as typed.
  const PATTERNS = ['$1', '$&', '$`', "$'", '$$', '$<x>', '$0$2$99'];

  it.each(PATTERNS)('keeps "%s" in the title and summary as written, and the SVG whole', (pattern) => {
    const spec = chartSpec({
      kind: 'bar',
      title: `Closed sales ${pattern} Acme`,
      summary: `Won ${pattern} lost`,
      unit: 'money',
      categories: [`Deals ${pattern}`],
      series: [{ name: `Amount ${pattern}`, values: [120000] }],
    });
    const svg = renderChartSvg(spec, { width: 480, height: 240 });
    const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&apos;');
    const title = xml(`Closed sales ${pattern} Acme`);
    const summary = xml(`Won ${pattern} lost`);
    expect(svg.startsWith(`<svg role="img" aria-label="${title}" `)).toBe(true);
    expect(svg).toContain(`<title>${title}</title><desc>${summary}</desc>`);
    expect(svg.match(/<svg\b/g)).toHaveLength(1);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  });
});
