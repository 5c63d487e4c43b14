/**
 * The performance check of every route (`npm run bench:routes`; needs `npx vite build` first):
 * the built server on a throw-away demo database, Debian's Chromium at 1366×800, every staff route
 * (src/app/staff-routes.ts) opened after signing in as the admin and every client portal route
 * (src/features/client-portal/routes.tsx) after logging in as a client user (the guest pages
 * signed out). Routes with parameters open a demo record. Each route is opened in a fresh tab
 * that starts with the signed-in tab's session (as a duplicated tab does), and the bench records:
 *
 * - JS loaded: every `.js` file the tab fetched until the network settled, gzip level 9;
 * - what it adds: the files of that set that the group's first screen (/home for staff,
 *   /client/ for the portal, /client/login signed out) does not load (information);
 * - its own chunk (ADR 0152): the files it adds that no other route of its group loads, i.e. the
 *   route's lazy module and the imports only it needs; what routes share (the kit, the data
 *   table, the chart runtime, the date picker) counts for none of them. Routes opening the same
 *   screen count as one route. A staff route whose own chunk is over BUDGETS.staffRouteChunk
 *   (scripts/budgets.ts) fails;
 * - first content: from the navigation's start to the route's first level-1 heading being visible
 *   (the main landmark with content when the screen has no heading);
 * - long tasks: the browser's `longtask` entries (over 50 ms) until the network settled.
 *
 * Writes docs/bench/routes.md (keeping the sections written by hand after the generated one) and exits 1 when a staff route's own chunk exceeds the budget.
 * BENCH_ONLY=<substring> opens only the routes whose path contains it (the report is then printed,
 * not written).
 */
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumLaunchOptions } from '../../playwright.config';
import { BUDGETS, KB } from '../../scripts/budgets';
import { CLIENTS, DEMO_PASSWORD, STAFF, clientLogIn, staffSignIn } from '@tests/e2e/support/accounts';
import { startServer } from '@tests/support/server-process';
import { STAFF_ROUTES } from '@/app/staff-routes';
import { clientRoutes } from '@/features/client-portal/routes';

/** How long a screen may take to show its heading before the bench records it as not shown. */
const CONTENT_TIMEOUT_MS = 20_000;
/** The network is settled when no script or API call started for this long. */
const QUIET_MS = 700;
/** A long task over this is worth fixing (the issue's threshold for this check). */
const LONG_TASK_FLAG_MS = 200;
const ONLY = process.env.BENCH_ONLY;
const REPORT = 'docs/bench/routes.md';

type Group = 'staff' | 'client' | 'guest';
/** `screen`: what the route opens (routes opening the same screen count as one route for "own"). */
type Target = { group: Group; pattern: string; url: string; name: string; screen: unknown; note?: string };
type Measure = { files: string[]; firstContentMs: number | null; longTasks: number[]; heading: string | null };
type Row = Target & Measure & { jsBytes: number; addsFiles: string[]; addsBytes: number; ownFiles: string[]; ownBytes: number };

declare global {
  interface Window {
    __bench: { longTasks: number[]; firstContent: number | null; heading: string | null };
  }
}

const gzCache = new Map<string, number>();
const gz = (path: string) => {
  if (!gzCache.has(path)) gzCache.set(path, gzipSync(readFileSync(join('dist', path)), { level: 9 }).length);
  return gzCache.get(path)!;
};
const sum = (files: string[]) => files.reduce((n, f) => n + gz(f), 0);
const kb = (n: number) => `${(n / KB).toFixed(1)}`;

/** Demo records for the routes with parameters, found through the API as the admin sees them. */
async function demoRecords(baseURL: string) {
  const login = await fetch(`${baseURL}/api/v2/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: STAFF.admin.email, password: DEMO_PASSWORD }) });
  if (!login.ok) throw new Error(`sign-in: ${login.status}`);
  const session = (await login.json()) as { token: string; userid: number };
  const get = async (path: string): Promise<unknown> => {
    const res = await fetch(`${baseURL}${path}`, { headers: { authorization: `Bearer ${session.token}` } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  /** The first object with a numeric id in a list answer (depth first, in order). */
  const first = (value: unknown, where: string): Record<string, unknown> => {
    const walk = (v: unknown): Record<string, unknown> | null => {
      if (Array.isArray(v)) {
        for (const x of v) {
          const hit = walk(x);
          if (hit) return hit;
        }
        return null;
      }
      if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if (typeof o.id === 'number') return o;
        for (const x of Object.values(o)) {
          const hit = walk(x);
          if (hit) return hit;
        }
      }
      return null;
    };
    const hit = walk(value);
    if (!hit) throw new Error(`no demo record in ${where}`);
    return hit;
  };
  const company = first(await get('/api/v2/companies'), 'companies');
  return {
    userId: session.userid,
    company: { id: company.id as number, name: String(company.name ?? 'Company') },
    ticket: first(await get('/api/v2/tickets'), 'tickets').id as number,
    project: first(await get('/api/v2/projects'), 'projects').id as number,
    sprint: first(await get('/api/v2/sprints'), 'sprints').id as number,
    quote: first(await get('/api/v2/quotes'), 'quotes').id as number,
    salesCompany: first(await get('/api/v2/sales/customers'), 'sales customers').id as number,
  };
}

function targets(demo: Awaited<ReturnType<typeof demoRecords>>): Target[] {
  const staffParams: Record<string, { url: string; note?: string }> = {
    '/company/:id': { url: `/company/${demo.company.id}` },
    '/create/ticket/:companyId?': { url: '/create/ticket' },
    '/ticket/:id': { url: `/ticket/${demo.ticket}` },
    '/ms/time/tracker/:id/:name/:user_id': { url: `/ms/time/tracker/${demo.company.id}/${encodeURIComponent(demo.company.name)}/${demo.userId}` },
    '/quote/edit/:id': { url: `/quote/edit/${demo.quote}` },
    '/quote/view/:id': { url: `/quote/view/${demo.quote}` },
    '/sales/quote/:id': { url: `/sales/quote/${demo.quote}` },
    '/quote/accept/:key': { url: '/quote/accept/not-a-real-key', note: 'a key that matches no quote (the emailed keys are not readable through the API): the page shows that the link is not valid' },
    '/sales/company/:id': { url: `/sales/company/${demo.salesCompany}` },
    '/project/kanban/:id': { url: `/project/kanban/${demo.project}` },
    '/project/sprint/:id': { url: `/project/sprint/${demo.sprint}` },
    '/project/:id': { url: `/project/${demo.project}` },
  };
  const staff = STAFF_ROUTES.map((r): Target => {
    const param = staffParams[r.path];
    if (!param && r.path.includes(':')) throw new Error(`no demo record for ${r.path}: add it to the bench`);
    return { group: 'staff', pattern: r.path, name: r.name, url: param?.url ?? r.path, screen: r.screen ?? 'placeholder', note: param?.note ?? (r.screen ? undefined : 'not built yet: the placeholder screen') };
  });
  const client = clientRoutes.map((r): Target => {
    const path = r.path.replace(':token', 'not-a-real-token');
    return {
      group: r.guest ? 'guest' : 'client',
      pattern: `/client${r.path === '/' ? '/' : r.path}`,
      name: r.guest ? 'signed out' : 'client user',
      url: `/client${path === '/' ? '/' : path}`,
      screen: r,
      note: r.path.includes(':token') ? 'a token that matches no invitation: the page shows that the link is not valid' : undefined,
    };
  });
  return [...staff, ...client];
}

async function measure(context: BrowserContext, url: string): Promise<Measure> {
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'commit' });
    // The first level-1 heading (or the main landmark with content) seen visible, in the page's clock.
    const shown = await page
      .waitForFunction(() => window.__bench.firstContent !== null, undefined, { timeout: CONTENT_TIMEOUT_MS, polling: 100 })
      .then(() => true)
      .catch(() => false);
    // Until no script or API call started for QUIET_MS.
    let count = -1;
    for (let i = 0; i < 40; i++) {
      const now = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\.js$|\/api\//.test(new URL(e.name).pathname)).length);
      if (now === count) break;
      count = now;
      await page.waitForTimeout(QUIET_MS);
    }
    if (process.env.BENCH_SHOT) await page.screenshot({ path: `${process.env.BENCH_SHOT}-${url.replace(/\W+/g, '_')}.png` });
    const result = await page.evaluate(() => ({
      files: performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.endsWith('.js')),
      firstContentMs: window.__bench.firstContent === null ? null : Math.round(window.__bench.firstContent),
      longTasks: window.__bench.longTasks.slice(),
      heading: window.__bench.heading,
    }));
    return { ...result, files: [...new Set(result.files)], firstContentMs: shown ? result.firstContentMs : null };
  } finally {
    await page.close();
  }
}

/**
 * Runs in every tab before the app: records long tasks and the moment the first level-1 heading
 * (or the main landmark with content) is visible. Plain JavaScript, as the page runs it.
 */
const WATCH_PAGE = `
window.__bench = { longTasks: [], firstContent: null, heading: null };
new PerformanceObserver(function (list) {
  for (const e of list.getEntries()) window.__bench.longTasks.push(Math.round(e.duration));
}).observe({ type: 'longtask', buffered: true });
function visible(el) { return !!el && el.offsetParent !== null && (el.textContent || '').trim() !== ''; }
function check() {
  if (window.__bench.firstContent !== null) return;
  const h1 = Array.from(document.querySelectorAll('h1')).find(visible);
  const main = document.querySelector('main, [role="main"]');
  if (h1 || (visible(main) && main.querySelector('h1, h2, table, [role="grid"], form, p'))) {
    window.__bench.firstContent = performance.now();
    window.__bench.heading = (h1 ? h1.textContent : '(main landmark)').trim().slice(0, 60);
    return;
  }
  requestAnimationFrame(check);
}
requestAnimationFrame(check);
`;

async function newContext(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 800 } });
  await context.addInitScript(WATCH_PAGE);
  return context;
}

/**
 * Each route's own chunk (ADR 0152): the files it adds to its group's first screen that no route
 * opening another screen of the group loads. Needs every route of the group measured (with
 * BENCH_ONLY the figure is of the routes opened).
 */
function withOwnChunks(rows: Row[]): Row[] {
  return rows.map((r) => {
    const others = new Set(rows.filter((o) => o.screen !== r.screen).flatMap((o) => o.addsFiles));
    const own = r.addsFiles.filter((f) => !others.has(f));
    return { ...r, ownFiles: own, ownBytes: sum(own) };
  });
}

async function main() {
  const started = { at: new Date(), load: loadavg() };
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-bench-routes-'));
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const rows: Row[] = [];
  try {
    const all = targets(await demoRecords(server.url)).filter((t) => !ONLY || t.url.includes(ONLY) || t.pattern.includes(ONLY));
    const signInAs = async (ctx: BrowserContext, group: Group) => {
      const page = await ctx.newPage();
      if (group === 'staff') {
        await staffSignIn(page, STAFF.admin.email);
        await page.waitForURL(/\/home$/);
      } else if (group === 'client') {
        await clientLogIn(page, CLIENTS.acme.email);
        await page.waitForURL(/\/client\/?$/);
      } else {
        await page.close();
        return;
      }
      // The session lives in the tab (sessionStorage): every new tab starts as a copy of this one.
      const tab = await page.evaluate(() => Object.entries(sessionStorage));
      await ctx.addInitScript((entries) => {
        for (const [k, v] of entries) if (sessionStorage.getItem(k) === null) sessionStorage.setItem(k, v);
      }, tab);
      await page.close();
    };
    const base: Record<Group, string> = { staff: '/home', client: '/client/', guest: '/client/login' };
    for (const group of ['staff', 'client', 'guest'] as const) {
      const list = all.filter((t) => t.group === group);
      if (!list.length) continue;
      const context = await newContext(browser, server.url);
      await signInAs(context, group);
      const baseline = new Set((await measure(context, base[group])).files);
      const measured: Row[] = [];
      for (const t of list) {
        const m = await measure(context, t.url);
        const adds = m.files.filter((f) => !baseline.has(f));
        measured.push({ ...t, ...m, jsBytes: sum(m.files), addsFiles: adds, addsBytes: sum(adds), ownFiles: [], ownBytes: 0 });
        process.stdout.write(`${t.url}: ${kb(sum(m.files))} KB, adds ${kb(sum(adds))} KB, first content ${m.firstContentMs ?? '—'} ms, long tasks ${m.longTasks.join(' ') || 'none'}\n`);
      }
      rows.push(...withOwnChunks(measured));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const budget = BUDGETS.staffRouteChunk;
  const overBudget = rows.filter((r) => r.group === 'staff' && r.ownBytes > budget);
  const slowTasks = rows.filter((r) => Math.max(0, ...r.longTasks) > LONG_TASK_FLAG_MS);
  const noContent = rows.filter((r) => r.firstContentMs === null);
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)] ?? 0;
  const groupName: Record<Group, string> = { staff: 'staff (admin)', client: 'client user', guest: 'client, signed out' };
  const ended = loadavg();
  const md = `# Every route: JavaScript, first content and long tasks

\`npm run bench:routes\` (after \`npx vite build\`), ${started.at.toISOString().slice(0, 16).replace('T', ' ')} UTC: Chromium
(${chromiumLaunchOptions.executablePath}), 1366×800, production build served by the real server on a throw-away demo
database. Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average (1 / 5 / 15 min)
${started.load.map((l) => l.toFixed(2)).join(' / ')} at the start and ${ended.map((l) => l.toFixed(2)).join(' / ')} at the end (shared with other work).

Each route is opened in a fresh tab of a signed-in browser (staff: ${STAFF.admin.email}; client: ${CLIENTS.acme.email};
the portal's guest pages signed out), so its code is fetched and run as on a first visit (the HTTP cache may
answer, the sizes are of the built files). Columns:

- **JS loaded**: every \`.js\` file the tab fetched until no script or API call started for ${QUIET_MS} ms, gzip level 9.
- **adds**: the files of that set that the group's first screen (staff /home, client /client/, signed out
  /client/login) does not load: what opening the route from there adds (information, not budgeted).
- **own**: the route's own chunk (ADR 0152): the files it adds that no route opening another screen of its
  group loads, i.e. its lazy module and the imports only it needs; what routes share (the kit, the data
  table, the chart runtime, the date picker) counts for none of them. A staff route's own chunk has a
  budget of ${kb(budget)} KB (\`BUDGETS.staffRouteChunk\`, scripts/budgets.ts, QUALITY.md).
- **first content**: from the navigation's start to the route's first level-1 heading being visible
  (the main landmark with content for a screen without one); "—" if none showed in ${CONTENT_TIMEOUT_MS / 1000} s.
- **long tasks**: the browser's \`longtask\` entries (main-thread tasks over 50 ms) from the navigation
  until the network settled: how many, and the longest. A task's wall time includes waiting for a core.

| route | opened as | URL | JS loaded (KB gzip, files) | adds (KB gzip, files) | own (KB gzip, files) | within budget | largest own file (KB gzip) | first content (ms) | heading | long tasks (count, longest ms) |
|---|---|---|---|---|---|---|---|---|---|---|
${rows
  .map((r) => {
    const within = r.group === 'staff' ? (r.ownBytes <= budget ? 'yes' : '**no**') : 'n/a';
    const longest = r.longTasks.length ? Math.max(...r.longTasks) : 0;
    const tasks = r.longTasks.length ? `${r.longTasks.length}, ${longest > LONG_TASK_FLAG_MS ? `**${longest}**` : longest}` : '0';
    const largest = [...r.ownFiles].sort((a, b) => gz(b) - gz(a))[0];
    const big = largest ? `${largest.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')} (${kb(gz(largest))})` : '—';
    return `| ${r.group === 'staff' ? `${r.name} (\`${r.pattern}\`)` : `\`${r.pattern}\``} | ${groupName[r.group]} | \`${r.url}\` | ${kb(r.jsBytes)} (${r.files.length}) | ${kb(r.addsBytes)} (${r.addsFiles.length}) | ${kb(r.ownBytes)} (${r.ownFiles.length}) | ${within} | ${big} | ${r.firstContentMs ?? '—'} | ${(r.heading ?? '—').replace(/\|/g, '/')} | ${tasks} |`;
  })
  .join('\n')}

Summary:

- ${rows.length} routes opened (${rows.filter((r) => r.group === 'staff').length} staff, ${rows.filter((r) => r.group !== 'staff').length} client portal).
- Staff routes over the own-chunk budget of ${kb(budget)} KB: ${overBudget.length ? overBudget.map((r) => `\`${r.pattern}\` (${kb(r.ownBytes)} KB)`).join(', ') : 'none'}; the largest own chunk is
  ${(() => {
    const top = [...rows].filter((r) => r.group === 'staff').sort((a, b) => b.ownBytes - a.ownBytes)[0];
    return top ? `\`${top.pattern}\` at ${kb(top.ownBytes)} KB` : 'n/a';
  })()}; the most a staff route adds to /home is ${(() => {
    const top = [...rows].filter((r) => r.group === 'staff').sort((a, b) => b.addsBytes - a.addsBytes)[0];
    return top ? `\`${top.pattern}\` at ${kb(top.addsBytes)} KB` : 'n/a';
  })()} (information).
- First content: median ${median(rows.flatMap((r) => (r.firstContentMs === null ? [] : [r.firstContentMs])))} ms, slowest ${Math.max(0, ...rows.map((r) => r.firstContentMs ?? 0))} ms${noContent.length ? `; no heading shown: ${noContent.map((r) => `\`${r.url}\``).join(', ')}` : ''}.
- Routes with a long task over ${LONG_TASK_FLAG_MS} ms: ${slowTasks.length ? slowTasks.map((r) => `\`${r.pattern}\` (${Math.max(...r.longTasks)} ms)`).join(', ') : 'none'}.
${rows.some((r) => r.note) ? `\nNotes:\n\n${rows.filter((r) => r.note).map((r) => `- \`${r.url}\`: ${r.note}.`).join('\n')}\n` : ''}`;
  if (!ONLY) {
    // Sections written by hand after the generated one (a reading of a run) stay.
    const doc = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '';
    const rest = doc.indexOf('\n## ');
    writeFileSync(REPORT, rest < 0 ? md : `${md}${doc.slice(rest)}`);
  }
  process.stdout.write(`\n${md}`);
  if (overBudget.length) {
    process.stderr.write(`Over the staff route budget (${kb(budget)} KB): ${overBudget.map((r) => r.pattern).join(', ')}\n`);
    process.exitCode = 1;
  }
}

await main();
