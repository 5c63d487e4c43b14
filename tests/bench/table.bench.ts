/**
 * The data-table benchmark (`npm run bench:table`; needs `npm run build` first for the browser part).
 *
 * 1. Client mode on 100,000 rows in Node: sort, multi-sort, column filter and global search, our
 *    table model against @tanstack/react-table's row models on the same rows in the same run
 *    (medians, plus the first "cold" run that builds the caches).
 * 2. 'All' on 100,000 rows in Chromium, on the staff demo screen of the production build: time to
 *    render, rows in the DOM, and frame times while scrolling.
 *
 * Writes docs/bench/table.md. BENCH_RUNS and BENCH_ROWS change the run count and the row count.
 */
import { chromium } from '@playwright/test';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumLaunchOptions } from '../../playwright.config';
import { STAFF, staffSignIn } from '@tests/e2e/support/accounts';
import { startServer } from '@tests/support/server-process';
import { runNodeBench, type OpResult } from './table-node';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const BUDGET_MS = 100;

type BrowserResult = {
  renderAllMs: number;
  domRows: number;
  domRowsAfterScroll: number;
  frames: number;
  frameMedianMs: number;
  frameP95Ms: number;
  frameMaxMs: number;
  sortClickMs: number;
};

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function runBrowserBench(): Promise<BrowserResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-bench-table-'));
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await staffSignIn(page, STAFF.admin.email);
    await page.waitForURL(/\/home$/);
    await page.goto(`/ui/table-demo?rows=${ROWS}`);
    await page.getByText(`${ROWS} rows`).waitFor({ state: 'attached', timeout: 60_000 });

    // Sort by a click on ID (descending after two clicks), timed to the next painted frame.
    const sortClickMs = await page.evaluate(async () => {
      const button = document.querySelector<HTMLButtonElement>('th .dt-sort')!;
      button.click();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const t = performance.now();
      button.click();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return performance.now() - t;
    });

    const renderAllMs = await page.evaluate(async () => {
      const select = [...document.querySelectorAll('select')].find((s) => s.id.endsWith('-size'))!;
      const t = performance.now();
      select.value = '-1';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return performance.now() - t;
    });
    const domRows = await page.locator('tr.dt-row').count();

    const frames = await page.evaluate(async () => {
      const region = document.querySelector<HTMLElement>('.dt-scroll-all')!;
      const deltas: number[] = [];
      let last = performance.now();
      for (let i = 0; i < 180; i++) {
        region.scrollTop += 600;
        await new Promise((r) => requestAnimationFrame(r));
        const now = performance.now();
        deltas.push(now - last);
        last = now;
      }
      return deltas;
    });
    const domRowsAfterScroll = await page.locator('tr.dt-row').count();
    return {
      renderAllMs,
      domRows,
      domRowsAfterScroll,
      frames: frames.length,
      frameMedianMs: pct(frames, 50),
      frameP95Ms: pct(frames, 95),
      frameMaxMs: Math.max(...frames),
      sortClickMs,
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function tableChunkGzipKb(): string {
  try {
    const dir = 'dist/assets';
    const file = readdirSync(dir).find((f) => f.startsWith('TableDemoScreen-') && f.endsWith('.js'));
    return file ? (gzipSync(readFileSync(join(dir, file))).length / 1024).toFixed(1) : 'n/a';
  } catch {
    return 'n/a (no build)';
  }
}

const f = (x: number) => x.toFixed(1);

function report(node: OpResult[], browser: BrowserResult | string): string {
  const lines = [
    '# Data table benchmark',
    '',
    `Measured with \`npm run bench:table\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${cpus().length} cores,`,
    `load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')} when the run ended (the machine is shared: compare the ratios, not the absolute times).`,
    `${ROWS.toLocaleString('en')} demo rows (src/features/table-demo/machines/demo-rows.ts), ${RUNS} runs per operation, medians.`,
    '',
    '## Client mode: ours against @tanstack/react-table row models',
    '',
    '"Cold" is the first run on fresh data: ours builds its per-column caches then; TanStack has already built its core row model (as a mounted table has) and runs the operation for the first time.',
    '"Median" runs alternate with a run without the query, so each recomputes the operation.',
    '',
    `| operation | rows out | ours median (ms) | ours cold (ms) | TanStack median (ms) | TanStack cold (ms) | TanStack / ours (median) | within ${BUDGET_MS} ms |`,
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...node.map(
      (r) =>
        `| ${r.op} | ${r.rows} | ${f(r.oursMedianMs)} | ${f(r.oursColdMs)} | ${f(r.tanstackMedianMs)} | ${f(r.tanstackColdMs)} | ${(r.tanstackMedianMs / r.oursMedianMs).toFixed(1)}× | ${r.oursMedianMs <= BUDGET_MS ? 'yes' : 'no'} (median)${r.oursColdMs <= BUDGET_MS ? '' : ', not cold'} |`,
    ),
    '',
    'TanStack\'s global filter (`includesString`) lowercases but does not fold accents, so it finds no "José" for "jose";',
    'the comparison uses a term without accents. Ours folds accents in the same pass.',
    '',
    "## 'All' in Chromium",
    '',
  ];
  if (typeof browser === 'string') lines.push(`Not measured: ${browser}`);
  else
    lines.push(
      `Staff demo screen (/ui/table-demo) of the production build, headless Chromium, viewport 1280×900.`,
      '',
      '| measure | value |',
      '|---|---:|',
      `| second click on the ID header (descending, caches warm) to the next frame (ms) | ${f(browser.sortClickMs)} |`,
      `| switch to 'All' to the next frame (ms) | ${f(browser.renderAllMs)} |`,
      `| body rows in the DOM after 'All' | ${browser.domRows} |`,
      `| body rows in the DOM after scrolling | ${browser.domRowsAfterScroll} |`,
      `| frames while scrolling 600 px per frame | ${browser.frames} |`,
      `| frame time median / p95 / max (ms) | ${f(browser.frameMedianMs)} / ${f(browser.frameP95Ms)} / ${f(browser.frameMaxMs)} |`,
    );
  lines.push('', `Gzipped JS of the demo screen chunk (DataTable, virtualizer, table machine and model): ${tableChunkGzipKb()} KB.`, '');
  return lines.join('\n');
}

const node = runNodeBench(ROWS, RUNS);
let browser: BrowserResult | string;
try {
  browser = await runBrowserBench();
} catch (error) {
  browser = (error as Error).message;
}
const md = report(node, browser);
mkdirSync('docs/bench', { recursive: true });
writeFileSync('docs/bench/table.md', md);
process.stdout.write(md);
