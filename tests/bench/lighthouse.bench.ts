/**
 * Lighthouse against the production build served by the real server on a fresh embedded database
 * with the demo data:
 * - the six public pages and the survey page (for comparison) under Lighthouse's mobile defaults
 *   (Moto G Power screen, simulated Slow 4G, 4× CPU slow-down), each a cold load: JS transferred,
 *   LCP, performance and accessibility scores; budgets from QUALITY.md (scripts/budgets.ts);
 * - accessibility scores of sign-in, home, ticket search, the client dashboard and the survey page
 *   (issue 15: at least 95 each) at desktop size.
 *
 *   npm run bench:lighthouse            # builds, measures, writes docs/bench/lighthouse.md
 *   SKIP_BUILD=1 npm run bench:lighthouse
 *   BENCH_PORT=4670 SKIP_BUILD=1 npm run bench:lighthouse   # the server on that port (else a free one)
 *   LHR_DIR=/tmp/lhr SKIP_BUILD=1 npm run bench:lighthouse  # also keeps each phone run's Lighthouse JSON
 *
 * A phone page whose LCP is over the target is measured once more; the table shows every run
 * with the machine's one-minute load average when it started (the simulated throttling scales the
 * CPU time the page took, so a loaded machine lengthens LCP).
 *
 * Chromium is /usr/bin/chromium (CHROMIUM_PATH), launched by chrome-launcher with background
 * networking off; Lighthouse drives it through puppeteer-core. The signed-in pages are measured
 * in the tab that signed in (storage is not reset between pages), as a person would open them.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { startServer } from '@tests/support/server-process';
import { clientCareSurveyPath } from './survey-link';
import { BUDGETS, KB } from '../../scripts/budgets';

const ROOT = resolve(import.meta.dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGET = 95;
const DEMO_PASSWORD = 'care-demo-2026';
const REPORT = join(ROOT, 'docs/bench/lighthouse.md');

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--no-first-run',
  '--disable-quic',
  '--metrics-recording-only',
  '--mute-audio',
];

type Score = { page: string; path: string; score: number; failing: string[] };

/** The public pages (served by public.html) and the survey, measured cold on a phone. */
const PUBLIC_PAGES = [
  { page: 'Staff sign-in', path: '/' },
  { page: 'Client log-in', path: '/client/login' },
  { page: 'Client signup', path: '/client/signup' },
  { page: 'Forgot password', path: '/client/forgot-password' },
  { page: 'Set password', path: '/client/set-password/{token}' },
  { page: 'Reset password', path: '/client/reset-password/{token}' },
] as const;
/** The LCP the public pages aim at under Slow 4G (QUALITY.md). */
const LCP_TARGET_MS = 1500;
/** Measured before the public pages had their own entry (portal entry, Lighthouse 13, mobile Slow 4G). */
const BEFORE: Record<string, string> = {
  '/': '160.6 KB / 2.80 s / 93',
  '/client/login': '158.3 KB / 2.76 s / 94',
  'survey': '29.7 KB / 1.26 s / 100',
};

/** One cold load of a page on the phone, with the machine's one-minute load average when it started. */
type Run = { js: number; lcp: number; performance: number; accessibility: number; load: number };
type Mobile = { page: string; path: string; runs: Run[] };
/** Where each phone run's Lighthouse JSON is kept (LHR_DIR), if anywhere. */
const LHR_DIR = process.env.LHR_DIR;

async function mobile(page: Page, url: string, name: string): Promise<Run> {
  const load = loadavg()[0]!;
  const result = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], formFactor: 'mobile' }, undefined, page);
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  if (LHR_DIR) {
    mkdirSync(LHR_DIR, { recursive: true });
    writeFileSync(join(LHR_DIR, `${name}.json`), JSON.stringify(result.lhr));
  }
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  const { audits, categories } = result.lhr;
  const items = (audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)?.items ?? [];
  return {
    js: items.find((i) => i.resourceType === 'script')?.transferSize ?? 0,
    lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    load,
  };
}

async function accessibility(page: Page, url: string): Promise<{ score: number; failing: string[] }> {
  const result = await lighthouse(
    url,
    { output: 'json', logLevel: 'error', onlyCategories: ['accessibility'], disableStorageReset: true, formFactor: 'desktop', screenEmulation: { mobile: false, width: 1366, height: 800, deviceScaleFactor: 1, disabled: false } },
    undefined,
    page,
  );
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  // A signed-in page that sent the browser back to a sign-in page would score the wrong page.
  const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(url).pathname) throw new Error(`${url} ended on ${landed}: not the page to measure`);
  const category = result.lhr.categories.accessibility!;
  const failing = category.auditRefs
    .map((ref) => result.lhr.audits[ref.id]!)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => `${a.id}: ${a.title}`);
  return { score: Math.round((category.score ?? 0) * 100), failing };
}

async function signIn(page: Page, base: string, path: string, email: string, button: string, landed: RegExp) {
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' });
  await page.locator('input[type="email"], input[name="email"]').fill(email);
  await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
  await page.locator(`button[type="submit"] ::-p-text(${button})`).click();
  await page.waitForFunction((re) => new RegExp(re).test(location.pathname), { timeout: 30_000 }, landed.source);
}

async function main() {
  if (!process.env.SKIP_BUILD) {
    const built = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-lighthouse-'));
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true', ...(process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {}) });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const scores: Score[] = [];
  const phones: Mobile[] = [];
  let version = '';
  try {
    version = await browser.version();
    const base = server.url;
    const surveyPath = await clientCareSurveyPath(base);
    for (const p of [...PUBLIC_PAGES, { page: 'Survey page (for comparison)', path: surveyPath }]) {
      const runs: Run[] = [];
      // A page over the LCP target is measured once more (a loaded machine lengthens LCP); both runs are shown.
      while (runs.length < 2 && (runs.length === 0 || runs[0]!.lcp > LCP_TARGET_MS)) {
        const tab = await browser.newPage();
        const name = `${p.path.startsWith('/survey') ? 'survey' : p.path.replace(/\W+/g, '_')}-${runs.length + 1}`;
        const run = await mobile(tab, `${base}${p.path.replace('{token}', 'a-link-token')}`, name);
        runs.push(run);
        process.stdout.write(`${p.page} (${p.path}) run ${runs.length}: ${JSON.stringify(run)}\n`);
        await tab.close();
      }
      phones.push({ page: p.page, path: p.path, runs });
    }
    const measure = async (page: Page, name: string, path: string) => {
      const { score, failing } = await accessibility(page, `${base}${path}`);
      scores.push({ page: name, path, score, failing });
      process.stdout.write(`${name} (${path}): ${score}\n`);
    };

    const staff = await browser.newPage();
    await measure(staff, 'Sign-in', '/');
    await signIn(staff, base, '/', 'agent@demo.test', 'Sign in', /\/home$/);
    await measure(staff, 'Home', '/home');
    await measure(staff, 'Ticket search', '/ticket/search');
    await staff.close();

    const client = await browser.newPage();
    await signIn(client, base, '/client/login', 'client@acme.demo.test', 'Log in', /^\/client(?!\/login)/);
    await measure(client, 'Client dashboard', '/client');
    await client.close();

    const respondent = await browser.newPage();
    await measure(respondent, 'Survey page (client care)', await clientCareSurveyPath(base));
    await respondent.close();
  } finally {
    await browser.disconnect();
    chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
  const shown = (path: string) => path.replace(/\/survey\/(\d+)\/.+$/, '/survey/$1/{key}');
  const lines = [
    '# Lighthouse: the public pages on a phone, and accessibility scores',
    '',
    '## Public pages, mobile (Slow 4G)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npx vite build && SKIP_BUILD=1 npm run bench:lighthouse\` (\`tests/bench/lighthouse.bench.ts\`): ` +
      `Lighthouse ${lighthouseVersion()} on ${version}, mobile form factor with its default simulated throttling (Slow 4G, 4× CPU), ` +
      'each page a cold load in a new tab. Budgets (QUALITY.md): JS at most ' +
      `${kb(BUDGETS.publicPage)} gzip, LCP at most ${(LCP_TARGET_MS / 1000).toFixed(1)} s, accessibility 100. "Before" is the portal entry as measured earlier with Lighthouse 13 and the same settings (JS / LCP / performance); the machine is shared, so LCP varies by a few tenths of a second between runs (compare the survey row).`,
    '',
    'A page whose LCP is over the target is measured a second time; every run is shown ("/" between runs), with the one-minute load average of the machine (2 cores) when each run started.',
    '',
    '| page | path | JS transferred | LCP | performance | accessibility | load average | within budget | before |',
    '|---|---|---|---|---|---|---|---|---|',
    ...phones.map((m) => {
      const within = (r: Run) => r.js <= BUDGETS.publicPage && r.lcp <= LCP_TARGET_MS && r.accessibility === 100;
      const before = BEFORE[m.path.startsWith('/survey') ? 'survey' : m.path] ?? '—';
      const each = (f: (r: Run) => string) => m.runs.map(f).join(' / ');
      return (
        `| ${m.page} | \`${shown(m.path)}\` | ${each((r) => kb(r.js))} | ${each((r) => `${(r.lcp / 1000).toFixed(2)} s`)} | ${each((r) => String(r.performance))} | ` +
        `${each((r) => String(r.accessibility))} | ${each((r) => r.load.toFixed(1))} | ${each((r) => (within(r) ? 'yes' : '**no**'))} | ${before} |`
      );
    }),
    '',
    '## Accessibility scores (desktop)',
    '',
    `Target (issue 15): at least ${TARGET} on each page. Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:lighthouse\` ` +
      `(\`tests/bench/lighthouse.bench.ts\`): Lighthouse ${lighthouseVersion()} on ${version}, Node ${process.version}, the production build served by ` +
      'the real server on a fresh embedded database with the demo data; desktop form factor at 1366×800; signed-in pages measured in the tab that signed in.',
    '',
    '| page | path | score | target met | audits not passed |',
    '|---|---|---|---|---|',
    ...scores.map((s) => `| ${s.page} | \`${s.path.replace(/\/survey\/(\d+)\/.+$/, '/survey/$1/{key}')}\` | ${s.score} | ${s.score >= TARGET ? 'yes' : 'NO'} | ${s.failing.join('; ') || '—'} |`),
    '',
  ];
  writeFileSync(REPORT, lines.join('\n'));
  process.stdout.write(`${lines.join('\n')}\nwritten to ${REPORT}\n`);
  if (scores.some((s) => s.score < TARGET)) process.exitCode = 1;
}

function lighthouseVersion(): string {
  const r = spawnSync(process.execPath, ['-e', "process.stdout.write(require('lighthouse/package.json').version)"], { cwd: ROOT, encoding: 'utf8' });
  return r.stdout || 'unknown';
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
