/**
 * The soak's figures over time as an SVG beside docs/bench/faults.md: one small chart per figure
 * (resident memory, heap, pool connections in use, event-loop delay p99), time on the x axis.
 *
 * The soak bench calls `soakSvg` with its samples. Run on its own
 * (`node --import tsx tests/bench/soak-plot.ts`) it reads the "Every sample" table of the soak section
 * in docs/bench/faults.md and writes docs/bench/soak.svg again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export type SoakPoint = { at: number; rssMb: number; heapMb: number; poolInUse: number; loopP99Ms: number };

export const SOAK_PLOT = join(process.cwd(), 'docs', 'bench', 'soak.svg');
/** The line the soak section shows its plot with (relative to docs/bench). */
export const SOAK_PLOT_LINK = '![Resident memory, heap, pool connections in use and event-loop delay p99 over the soak](soak.svg)';

const PANELS: { label: string; unit: string; pick: (p: SoakPoint) => number }[] = [
  { label: 'Resident memory', unit: 'MB', pick: (p) => p.rssMb },
  { label: 'Heap used', unit: 'MB', pick: (p) => p.heapMb },
  { label: 'Pool connections in use', unit: '', pick: (p) => p.poolInUse },
  { label: 'Event-loop delay p99', unit: 'ms', pick: (p) => p.loopP99Ms },
];
const WIDTH = 720;
const PANEL_HEIGHT = 120;
const LEFT = 60;
const RIGHT = 16;
const TOP = 24;
const BOTTOM = 22;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** One SVG with a panel per figure; each panel's y axis starts at 0 so a flat line looks flat. */
export function soakSvg(points: SoakPoint[]): string {
  const lastAt = Math.max(1, ...points.map((p) => p.at));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const panels = PANELS.map((panel, i) => {
    const values = points.map(panel.pick).filter((v) => Number.isFinite(v));
    const top = i * (PANEL_HEIGHT + TOP + BOTTOM) + TOP;
    const max = Math.max(1, ...values) * 1.1;
    const x = (at: number) => LEFT + (at / lastAt) * plotWidth;
    const y = (v: number) => top + PANEL_HEIGHT - (v / max) * PANEL_HEIGHT;
    const path = points
      .filter((p) => Number.isFinite(panel.pick(p)))
      .map((p, j) => `${j ? 'L' : 'M'}${x(p.at).toFixed(1)},${y(panel.pick(p)).toFixed(1)}`)
      .join(' ');
    const minutes = Math.round(lastAt / 60);
    return [
      `<text x="${LEFT}" y="${top - 8}" font-weight="bold">${esc(panel.label)}${panel.unit ? ` (${panel.unit})` : ''}</text>`,
      `<line x1="${LEFT}" y1="${top + PANEL_HEIGHT}" x2="${WIDTH - RIGHT}" y2="${top + PANEL_HEIGHT}" stroke="#888"/>`,
      `<line x1="${LEFT}" y1="${top}" x2="${LEFT}" y2="${top + PANEL_HEIGHT}" stroke="#888"/>`,
      `<text x="${LEFT - 6}" y="${top + 4}" text-anchor="end">${(max / 1.1).toFixed(max < 10 ? 1 : 0)}</text>`,
      `<text x="${LEFT - 6}" y="${top + PANEL_HEIGHT + 4}" text-anchor="end">0</text>`,
      `<text x="${WIDTH - RIGHT}" y="${top + PANEL_HEIGHT + 16}" text-anchor="end">${minutes} min</text>`,
      `<path d="${path}" fill="none" stroke="#1f6feb" stroke-width="1.5"/>`,
    ].join('\n');
  });
  const height = PANELS.length * (PANEL_HEIGHT + TOP + BOTTOM);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12" fill="#222">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    ...panels,
    '</svg>',
    '',
  ].join('\n');
}

/** The samples of the soak section's "Every sample" table. */
export function pointsFromFaultsDoc(doc: string): SoakPoint[] {
  const section = doc.slice(doc.indexOf('<!-- soak -->'), doc.indexOf('<!-- /soak -->'));
  return section
    .split('\n')
    .filter((line) => /^\| \d+ \|/.test(line))
    .map((line) => {
      const [at, rss, heap, pool, , loop] = line.split('|').slice(1).map((c) => Number(c.trim()));
      return { at: at!, rssMb: rss!, heapMb: heap!, poolInUse: pool!, loopP99Ms: loop! };
    });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const docPath = join(process.cwd(), 'docs', 'bench', 'faults.md');
  const doc = readFileSync(docPath, 'utf8');
  const points = pointsFromFaultsDoc(doc);
  if (points.length < 2) throw new Error('docs/bench/faults.md has no soak samples to plot');
  writeFileSync(SOAK_PLOT, soakSvg(points));
  if (!doc.includes(SOAK_PLOT_LINK)) writeFileSync(docPath, doc.replace('<details><summary>Every sample</summary>', `${SOAK_PLOT_LINK}\n\n<details><summary>Every sample</summary>`));
  process.stdout.write(`wrote ${SOAK_PLOT} from ${points.length} samples\n`);
}
