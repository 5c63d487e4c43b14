import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * WCAG contrast of the token pairs the components draw, in both themes: 4.5:1 for text, 3:1 for
 * control edges and focus rings (WCAG 1.4.3 and 1.4.11).
 */
const css = readFileSync(resolve(__dirname, '../../../src/shared/ui/tokens/tokens.css'), 'utf8');

function block(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block`);
  const body = css.slice(start, css.indexOf('\n}', start));
  const vars: Record<string, string> = {};
  for (const m of body.matchAll(/--cc-([\w-]+):\s*(#[0-9a-f]{6})\b/gi)) vars[m[1]!] = m[2]!.toLowerCase();
  return vars;
}

const light = block(':root');
const themes = { light, dark: { ...light, ...block(":root[data-theme='dark']") } };

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const SURFACES = ['bg', 'surface-1', 'surface-2', 'surface-3', 'surface-overlay'];
const TEXT_ON_SURFACES = ['text', 'text-secondary', 'text-muted', 'text-link', 'brand-text', 'danger', 'warning', 'success', 'info'];
const TEXT_PAIRS: [string, string][] = [
  ...TEXT_ON_SURFACES.flatMap((t) => SURFACES.map((s) => [t, s] as [string, string])),
  ['danger', 'danger-subtle'],
  ['warning', 'warning-subtle'],
  ['success', 'success-subtle'],
  ['info', 'info-subtle'],
  ['text', 'danger-subtle'],
  ['text-secondary', 'danger-subtle'],
  ['text-secondary', 'info-subtle'],
  ['text-secondary', 'success-subtle'],
  ['text-secondary', 'warning-subtle'],
  ['brand-text', 'brand-subtle'],
  ['text', 'info-subtle'],
  ['neutral-tone', 'neutral-tone-subtle'],
  ['on-brand', 'brand'],
  ['on-brand', 'brand-hover'],
  ['on-brand', 'brand-pressed'],
  ['surface-1', 'text-secondary'],
  ['neutral-0', 'neutral-900'],
  ['status-a-text', 'status-a-bg'],
  ['status-wop-text', 'status-wop-bg'],
  ['status-woc-text', 'status-woc-bg'],
  ['status-wot-text', 'status-wot-bg'],
  ['status-c-text', 'status-c-bg'],
  ...[1, 2, 3, 4, 5].map((i) => ['on-avatar', `avatar-${i}`] as [string, string]),
];
const WHITE_ON = ['danger-solid', 'danger-solid-hover', 'success-solid', 'brand'];
const NON_TEXT_PAIRS: [string, string][] = [
  ['border-control', 'surface-1'],
  ['focus-ring', 'surface-1'],
  ['focus-ring', 'bg'],
  ['brand', 'surface-1'],
  // Chart series are graphical objects: bars, lines and slices against the card and the page.
  ...[1, 2, 3, 4, 5, 6, 7, 8].flatMap((i) => [
    [`chart-${i}`, 'surface-1'],
    [`chart-${i}`, 'bg'],
  ] as [string, string][]),
];

describe.each(Object.entries(themes))('%s theme', (_name, vars) => {
  const get = (token: string) => {
    const value = vars[token];
    if (!value) throw new Error(`--cc-${token} is not a hex colour in tokens.css`);
    return value;
  };

  it.each(TEXT_PAIRS)('--cc-%s on --cc-%s reaches 4.5:1', (fg, bg) => {
    expect(contrast(get(fg), get(bg))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(WHITE_ON)('white text on --cc-%s reaches 4.5:1', (bg) => {
    expect(contrast('#ffffff', get(bg))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(NON_TEXT_PAIRS)('--cc-%s against --cc-%s reaches 3:1', (fg, bg) => {
    expect(contrast(get(fg), get(bg))).toBeGreaterThanOrEqual(3);
  });
});

describe('chart tokens', () => {
  it('define every colour the chart reads, each from a design token, so charts follow the theme', async () => {
    const { CHART_PALETTE_PROPERTIES } = await import('@contracts/charts');
    const { series, ...rest } = CHART_PALETTE_PROPERTIES;
    for (const property of [...series, ...Object.values(rest)]) expect(css).toMatch(new RegExp(`\\n\\s*${property}: var\\(--cc-[\\w-]+\\);`));
  });

  it('give the server the same series colours as the light theme', async () => {
    const { LIGHT_CHART_PALETTE, DARK_CHART_PALETTE } = await import('@contracts/charts');
    expect(LIGHT_CHART_PALETTE.series.map((c) => c.toLowerCase())).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((i) => themes.light[`chart-${i}`]));
    expect(DARK_CHART_PALETTE.series.map((c) => c.toLowerCase())).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((i) => themes.dark[`chart-${i}`]));
  });
});
