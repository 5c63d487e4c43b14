import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEVERITY_CODES, TICKET_STATUS_CODES } from '@contracts/common/codes';
import {
  CHART_TONE_TOKENS,
  DARK_CHART_PALETTE,
  LIGHT_CHART_PALETTE,
  chartSpec,
  paletteFromProperties,
  severityTone,
  statusTone,
  toEChartsOption,
} from '@contracts/charts';

/**
 * Priority and status charts draw with the badges' colours: the tone of each code names the very
 * custom property its badge paints with, and the built-in palettes (the server's PDFs) hold the
 * same values as the tokens.
 */
const root = resolve(__dirname, '../../..');
const tokens = readFileSync(resolve(root, 'src/shared/ui/tokens/tokens.css'), 'utf8');
const badgeCss = readFileSync(resolve(root, 'src/shared/ui/components/badge/Badge.module.css'), 'utf8');

function block(selector: string): Record<string, string> {
  const start = tokens.indexOf(`${selector} {`);
  const body = tokens.slice(start, tokens.indexOf('\n}', start));
  const vars: Record<string, string> = {};
  for (const m of body.matchAll(/(--cc-[\w-]+):\s*(#[0-9a-f]{6})\b/gi)) vars[m[1]!] = m[2]!.toLowerCase();
  return vars;
}
const light = block(':root');
const dark = { ...light, ...block(":root[data-theme='dark']") };

/** The custom property a badge rule paints its colour with (`--_bg` for filled badges, else `--_fg`). */
function badgeToken(rule: string, property: '--_fg' | '--_bg'): string {
  const start = badgeCss.indexOf(`${rule} {`);
  expect(start, `${rule} in Badge.module.css`).toBeGreaterThanOrEqual(0);
  const body = badgeCss.slice(start, badgeCss.indexOf('}', start));
  const m = new RegExp(`${property}:\\s*var\\((--cc-[\\w-]+)\\)`).exec(body);
  return m![1]!;
}

describe('chart tones are the badge colours', () => {
  it('draws Critical in the red of the Critical badge, not a series blue', () => {
    // The Critical badge is the filled danger badge.
    expect(CHART_TONE_TOKENS[severityTone('C')]).toBe(badgeToken('.solid.danger', '--_bg'));
    expect(LIGHT_CHART_PALETTE.tones[severityTone('C')]).toBe(light['--cc-danger-solid']);
    expect(DARK_CHART_PALETTE.tones[severityTone('C')]).toBe(dark['--cc-danger-solid']);

    const spec = chartSpec({
      kind: 'bar',
      title: 'Open tickets by priority',
      summary: 'Critical 2, High 1.',
      categories: ['Critical', 'High', 'Medium', 'Low'],
      series: [{ name: 'Open tickets', values: [2, 1, 0, 4], tones: SEVERITY_CODES.map(severityTone) }],
    });
    const option = toEChartsOption(spec, LIGHT_CHART_PALETTE) as { series: { data: { itemStyle?: { color: string } }[] }[] };
    const colours = option.series[0]!.data.map((d) => d.itemStyle?.color);
    expect(colours[0]).toBe('#c0261a');
    expect(colours[0]).not.toBe(LIGHT_CHART_PALETTE.series[0]);
    expect(colours).toEqual(SEVERITY_CODES.map((c) => LIGHT_CHART_PALETTE.tones[severityTone(c)]));
  });

  it('maps High to its own orange, and Medium and Low to the warning and success badge tones', () => {
    expect(CHART_TONE_TOKENS[severityTone('H')]).toBe('--cc-priority-high');
    expect(CHART_TONE_TOKENS[severityTone('M')]).toBe(badgeToken('.warning', '--_fg'));
    expect(CHART_TONE_TOKENS[severityTone('L')]).toBe(badgeToken('.success', '--_fg'));
    expect(CHART_TONE_TOKENS[severityTone(null)]).toBe(badgeToken('.neutral', '--_fg'));
  });

  it('maps each ticket status to its status badge colour', () => {
    for (const code of TICKET_STATUS_CODES) {
      const token = CHART_TONE_TOKENS[statusTone(code)];
      expect(token).toBe(badgeToken(`.status${code}`, '--_fg'));
      expect(LIGHT_CHART_PALETTE.tones[statusTone(code)]).toBe(light[token]);
      expect(DARK_CHART_PALETTE.tones[statusTone(code)]).toBe(dark[token]);
    }
  });

  it('every built-in tone equals its token in both themes', () => {
    for (const [tone, token] of Object.entries(CHART_TONE_TOKENS) as [keyof typeof CHART_TONE_TOKENS, string][]) {
      expect(LIGHT_CHART_PALETTE.tones[tone], tone).toBe(light[token]);
      expect(DARK_CHART_PALETTE.tones[tone], tone).toBe(dark[token]);
    }
  });

  it('reads the tones from the page (the badge tokens themselves), so the theme is followed', () => {
    const palette = paletteFromProperties((p) => (p === '--cc-danger-solid' ? '#123456' : undefined), LIGHT_CHART_PALETTE);
    expect(palette.tones.critical).toBe('#123456');
    expect(palette.tones.high).toBe(LIGHT_CHART_PALETTE.tones.high);
  });

  it('gives a toned series its colour on every kind of chart', () => {
    const stacked = chartSpec({
      kind: 'stackedBar',
      title: 'Tickets by company',
      summary: 'Acme leads.',
      categories: ['Acme', 'Globex'],
      series: [
        { name: 'Critical', values: [1, 0], tone: severityTone('C') },
        { name: 'Low', values: [2, 3], tone: severityTone('L') },
      ],
    });
    const option = toEChartsOption(stacked, DARK_CHART_PALETTE) as { series: { color?: string; itemStyle?: { color: string } }[] };
    expect(option.series[0]!.itemStyle?.color).toBe(DARK_CHART_PALETTE.tones.critical);
    expect(option.series[1]!.itemStyle?.color).toBe(DARK_CHART_PALETTE.tones.low);

    const donut = chartSpec({
      kind: 'donut',
      title: 'Tickets by priority',
      summary: 'Low leads.',
      categories: ['Critical', 'Low'],
      series: [{ name: 'Tickets', values: [1, 3], tones: [severityTone('C'), severityTone('L')] }],
    });
    const pie = toEChartsOption(donut, LIGHT_CHART_PALETTE) as { series: { data: { itemStyle?: { color: string } }[] }[] };
    expect(pie.series[0]!.data.map((d) => d.itemStyle?.color)).toEqual([LIGHT_CHART_PALETTE.tones.critical, LIGHT_CHART_PALETTE.tones.low]);
  });
});

/** WCAG relative luminance and hue of a #rrggbb colour. */
function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
}
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
function hue(hex: string): number {
  const [r, g, b] = channels(hex);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}
const hueGap = (a: string, b: string) => {
  const d = Math.abs(hue(a) - hue(b));
  return Math.min(d, 360 - d);
};

describe('priority colours tell the priorities apart', () => {
  const themes = [
    ['light', light, LIGHT_CHART_PALETTE],
    ['dark', dark, DARK_CHART_PALETTE],
  ] as const;
  const priorities = ['C', 'H', 'M', 'L'] as const;

  it.each(themes)('draws Critical and High in different hues in the %s theme, and every priority in a hue of its own', (_, theme, palette) => {
    const colour = (code: string) => theme[CHART_TONE_TOKENS[severityTone(code)]]!;
    expect(hueGap(colour('C'), colour('H'))).toBeGreaterThanOrEqual(15);
    for (const [i, a] of priorities.entries()) {
      for (const b of priorities.slice(i + 1)) expect(hueGap(colour(a), colour(b)), `${a} and ${b}`).toBeGreaterThanOrEqual(10);
    }
    expect(priorities.map((c) => palette.tones[severityTone(c)])).toEqual(priorities.map(colour));
  });

  it.each(themes)('draws every priority at 3:1 or more against the chart surface in the %s theme', (_, theme) => {
    for (const code of priorities) {
      const colour = theme[CHART_TONE_TOKENS[severityTone(code)]]!;
      expect(contrast(colour, theme['--cc-surface-1']!), code).toBeGreaterThanOrEqual(3);
    }
  });
});
