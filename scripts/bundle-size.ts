/**
 * The JavaScript a browser loads, gzip-compressed, against the budgets of QUALITY.md
 * (scripts/budgets.ts): each of the six public pages, the first staff screen after sign-in (/home)
 * and the first client screen after log-in (/client), measured in Chromium against the built server
 * on a throw-away database; and every staff route's own chunk, from the build manifest. The CSS
 * beside the pages is reported (no budget). Writes docs/bench/bundle.md and exits 1 when a budget is
 * exceeded. Run after `vite build`: `npm run bundle-size`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { testLaunchOptions } from '../playwright.config';
import { startServer } from '@tests/support/server-process';
import { BUDGETS, KB } from './budgets';
import { allFiles, filesOf, FIRST_SCREEN_MODULES, readManifest, type Manifest } from './manifest';

const DEMO_PASSWORD = 'care-demo-2026';
const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const size = (files: readonly string[]) => files.reduce((sum, f) => sum + gz(join('dist', f)), 0);
const fmt = (n: number) => `${(n / KB).toFixed(1)} KB`;

/** The six public pages (spec 2.4, 2.5), each loaded in a fresh browser context. */
const PUBLIC_PAGES = [
  { screen: 'Staff sign-in', path: '/' },
  { screen: 'Client log-in', path: '/client/login' },
  { screen: 'Client signup', path: '/client/signup' },
  { screen: 'Forgot password', path: '/client/forgot-password' },
  { screen: 'Set password', path: '/client/set-password/some-token' },
  { screen: 'Reset password', path: '/client/reset-password/some-token' },
] as const;

type Row = { screen: string; files: string[]; bytes: number; budget: number; css: number; prefetched?: number };

/** Every .js and .css file the page fetches, across navigations (prefetches included). */
function record(page: Page) {
  const js = new Set<string>();
  const css = new Set<string>();
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname.slice(1);
    if (path.endsWith('.js')) js.add(path);
    if (path.endsWith('.css')) css.add(path);
  });
  return () => ({ js: [...js], css: [...css] });
}

/** The portal's files (its build manifest), told apart from the light entries' (public.html, survey.html). */
let portalFiles = new Set<string>();
/** What public.html lists to prefetch while the person types. */
const prefetchList = (): Set<string> => {
  const json = /id="portal-prefetch">(.*?)<\/script>/.exec(readFileSync('dist/public.html', 'utf8'))?.[1];
  const lists = json ? (JSON.parse(json) as Record<string, string[]>) : {};
  return new Set(Object.values(lists).flat().map((url) => url.slice(1)));
};

/**
 * Loads a page and runs the journey. Without one, what the page loaded; with one (a sign-in), what
 * the portal loaded for its first screen: the portal's files fetched since the page opened (those
 * the public page prefetched while the person typed too), not the public page's own.
 */
async function measure(browser: Browser, url: string, screen: string, budget: number, journey?: (page: Page) => Promise<void>): Promise<Row> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const loaded = record(page);
    await page.goto(url, { waitUntil: 'networkidle' });
    if (journey) {
      await journey(page);
      await page.waitForLoadState('networkidle');
    }
    const after = loaded();
    if (!journey) return { screen, files: after.js, bytes: size(after.js), budget, css: size(after.css) };
    const js = after.js.filter((f) => portalFiles.has(f));
    const css = after.css.filter((f) => portalFiles.has(f));
    const prefetch = prefetchList();
    return { screen, files: js, bytes: size(js), budget, css: size(css), prefetched: js.filter((f) => prefetch.has(f)).length };
  } finally {
    await context.close();
  }
}

async function signIn(page: Page, email: string, button: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: button }).click();
}

/**
 * Each staff route's own chunk: every lazy module the staff shell opens, with those of its static
 * imports that no other lazy module and not the first staff screen load (JS only). What routes
 * share (the kit, the table, the chart) is paid once and counted in none of them.
 */
function staffRouteChunks(manifest: Manifest): Row[] {
  const entry = ['index.html', ...FIRST_SCREEN_MODULES.staff];
  const loaded = new Set(filesOf(manifest, entry));
  const lazy = [...new Set(['src/app/StaffApp.tsx', 'src/app/SignedInLayout.tsx'].flatMap((key) => manifest[key]?.dynamicImports ?? []))].filter((key) => !entry.includes(key));
  const closures = new Map(lazy.map((key) => [key, filesOf(manifest, [key]).filter((f) => f.endsWith('.js') && !loaded.has(f))]));
  const users = new Map<string, number>();
  for (const files of closures.values()) for (const f of files) users.set(f, (users.get(f) ?? 0) + 1);
  return lazy
    .map((key) => {
      const own = manifest[key]!.file;
      const files = closures.get(key)!.filter((f) => f === own || users.get(f) === 1);
      return { screen: manifest[key]?.src ?? key, files, bytes: size(files), budget: BUDGETS.staffRouteChunk, css: 0 };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

async function main() {
  const manifest = readManifest('dist');
  if (!manifest) throw new Error('Build first: `npx vite build` (dist/.vite/manifest.json is missing)');
  portalFiles = allFiles(manifest);
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-bundle-'));
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
  const browser = await chromium.launch(testLaunchOptions);
  try {
    const pages: Row[] = [];
    for (const p of PUBLIC_PAGES) pages.push(await measure(browser, `${server.url}${p.path}`, `${p.screen} (\`${p.path}\`)`, BUDGETS.publicPage));
    pages.push(
      await measure(browser, `${server.url}/`, 'First staff screen (`/home` after sign-in)', BUDGETS.firstStaffScreen, async (page) => {
        await signIn(page, 'agent@demo.test', 'Sign in');
        await page.waitForURL('**/home');
        await page.getByRole('heading', { name: /Welcome/ }).waitFor();
      }),
    );
    // The same screen for a person with an avatar (the demo manager): the header fetches their picture.
    pages.push(
      await measure(browser, `${server.url}/`, 'First staff screen, a person with an avatar (`/home` after sign-in)', BUDGETS.firstStaffScreen, async (page) => {
        await signIn(page, 'manager@demo.test', 'Sign in');
        await page.waitForURL('**/home');
        await page.getByRole('heading', { name: /Welcome/ }).waitFor();
        await page.getByRole('button', { name: /^Signed in as/ }).locator('img').waitFor();
      }),
    );
    pages.push(
      await measure(browser, `${server.url}/client/login`, 'First client screen (`/client` after log-in)', BUDGETS.firstClientScreen, async (page) => {
        await signIn(page, 'client@acme.demo.test', 'Log in');
        await page.waitForURL((url) => url.pathname === '/client');
        await page.getByRole('heading', { name: /Acme Utilities|Dashboard|Welcome/ }).first().waitFor();
      }),
    );
    // BUNDLE_DETAIL=1 lists each screen's files by size, to see what a screen carries.
    if (process.env.BUNDLE_DETAIL) {
      for (const r of pages) {
        process.stderr.write(`\n${r.screen}\n`);
        for (const f of [...r.files].sort((a, b) => size([b]) - size([a]))) process.stderr.write(`  ${fmt(size([f])).padStart(9)}  ${f}\n`);
      }
    }
    const routes = staffRouteChunks(manifest);
    const largest = routes.slice(0, 10);
    const report = [
      '# JavaScript and CSS per screen (gzip)',
      '',
      'Measured by `npx vite build && npm run bundle-size` (scripts/bundle-size.ts): the built app served by the real server,',
      "loaded in Debian's Chromium, a fresh browser context per row; every `.js` and `.css` file the page fetched (after",
      'sign-in: also the portal files the public page prefetched while the person typed), gzip level 9. Budgets (JS) from',
      'QUALITY.md, named in scripts/budgets.ts.',
      '',
      '| screen | JS files | JS gzip | budget | within | CSS gzip | JS files prefetched while typing |',
      '|---|---|---|---|---|---|---|',
      ...pages.map(
        (r) => `| ${r.screen} | ${r.files.length} | ${fmt(r.bytes)} | ${fmt(r.budget)} | ${r.bytes <= r.budget ? 'yes' : '**no**'} | ${fmt(r.css)} | ${r.prefetched ?? '—'} |`,
      ),
      '',
      `## Staff routes: each route's own chunk`,
      '',
      `Each lazy module the staff shell opens, with the static imports that no other lazy module and not the first staff`,
      `screen load, from the build manifest (dist/.vite/manifest.json). ${routes.length} lazy modules; budget ${fmt(BUDGETS.staffRouteChunk)} each;`,
      `${routes.filter((r) => r.bytes > r.budget).length} over. The ten largest:`,
      '',
      '| module | JS files | JS gzip | within |',
      '|---|---|---|---|',
      ...largest.map((r) => `| ${r.screen} | ${r.files.length} | ${fmt(r.bytes)} | ${r.bytes <= r.budget ? 'yes' : '**no**'} |`),
      '',
      `Measured on ${new Date().toISOString().slice(0, 10)}.`,
      '',
    ].join('\n');
    writeFileSync('docs/bench/bundle.md', report);
    process.stdout.write(report);
    const over = [...pages, ...routes].filter((r) => r.bytes > r.budget);
    if (over.length) {
      process.stderr.write(`Over budget: ${over.map((r) => `${r.screen} ${fmt(r.bytes)} > ${fmt(r.budget)}`).join(', ')}\n`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
