/**
 * A tour of every built screen, as each staff role and as a client user, at a desk (1366×800) and on
 * a phone (375×812): no screen may log a console error, throw, make a request that fails (4xx/5xx),
 * or make the page scroll sideways. No route is excused: a screen that asks for something it cannot
 * get is a defect. The screens are the menu's, those a role is refused by URL, and one instance of
 * every route the screens link to (a ticket, a company, a quote …), found as the tour goes. axe runs
 * on every screen at both sizes (as the admin, who sees every staff screen, and as the client).
 * Each role is a test of its own (the admin's screens in three parts), run side by side on the
 * workers; a test signs in once and moves between screens the way the app's own links do, without
 * reloading, and checks each screen at both sizes by resizing the window (docs/adr/0239 says which
 * combinations are checked and why that covers every screen). Besides, a client's new ticket is in
 * their list at once, and Home's counts lead to the ticket search holding as many.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { CLIENTS, clientLogIn, STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe, axeLines } from './support/axe';
import { navigateInApp } from './support/visual';

const DESKTOP = { width: 1366, height: 800 };
const SIZES = [
  { name: 'desktop', ...DESKTOP },
  { name: 'phone', width: 375, height: 812 },
] as const;
/** How long a screen may keep loading before the tour moves on. */
const SETTLE_MS = 8_000;
/**
 * Screens that show loading skeletons as specimens (the UI kit): busy for good, so the tour does
 * not wait for them to stop being busy.
 */
const BUSY_BY_DESIGN = ['/qa/ui'];
/** How long a screen's heading may take to show. */
const HEADING_MS = 30_000;
/** A request is quiet once nothing has been in flight this long. */
const QUIET_MS = 200;
/** How long a resized screen may take to lay itself out again before a sideways scroll counts (a busy machine). */
const RELAYOUT_MS = 3_000;
/** Screens a role is refused by URL: each must say so without a request. */
const STAFF_BY_URL_ONLY = ['/admin/outbox', '/mgmtdash', '/qa/ui', '/ui/table-demo', '/timeclock'];
/**
 * Linked routes the tour does not open in the page: the time tracker and the chat bot are windows
 * of their own (opened by a button, handed the session by their opener), a quote's acceptance page
 * is the client's public link from an email.
 */
const NOT_IN_PAGE = [/^\/ms\/time\/tracker\//, /^\/chat\/bot/, /^\/quote\/accept\//, /^\/api\//, /^\/client\/clientaichat/];

/** How long the admin's tour is split: its screens in this many tests, run side by side. */
const ADMIN_PARTS = 3;

type Problems = { console: string[]; failed: string[] };
/** What the tour finds besides: pages that scroll sideways, axe violations. */
type Findings = { overflow: string[]; axe: string[] };

/** Records console errors, uncaught exceptions and failed requests (4xx/5xx, or no answer) of a page, and counts requests in flight. */
function watch(page: Page) {
  const problems: Problems = { console: [], failed: [] };
  let inFlight = 0;
  let lastChange = Date.now();
  // An event stream never settles: EventSource requests, and the streams read with fetch (they send a
  // bearer token: the live boards', the ticket list's changes), which ask for text/event-stream.
  const counts = (r: Request) => r.resourceType() !== 'eventsource' && r.headers().accept !== 'text/event-stream';
  page.on('console', (m) => {
    if (m.type() === 'error') problems.console.push(`${new URL(page.url()).pathname}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.console.push(`${new URL(page.url()).pathname}: ${e.message}`));
  page.on('request', (r) => {
    if (!counts(r)) return;
    inFlight += 1;
    lastChange = Date.now();
  });
  const done = (r: Request) => {
    if (!counts(r)) return;
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', (r) => {
    done(r);
    // A request the app cancelled (a superseded query, a page left) is not a failure.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.failed.push(`${r.method()} ${new URL(r.url()).pathname}: ${r.failure()?.errorText}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.failed.push(`${res.request().method()} ${new URL(res.url()).pathname}${new URL(res.url()).search} → ${res.status()} (on ${new URL(page.url()).pathname})`);
  });
  /**
   * Waits until the screen is ready: nothing on it says it is still loading (aria-busy, a skeleton)
   * and its requests have settled (or SETTLE_MS passed).
   */
  const settle = async () => {
    const until = Date.now() + SETTLE_MS;
    if (!BUSY_BY_DESIGN.includes(new URL(page.url()).pathname)) {
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: SETTLE_MS, polling: 50 }).catch(() => undefined);
    }
    while (Date.now() < until && (inFlight > 0 || Date.now() - lastChange < QUIET_MS)) await page.waitForTimeout(50);
  };
  return { problems, settle };
}

/** Every path a menu leads to (its groups opened), in menu order. */
async function menuPaths(page: Page, menu: string): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: menu });
  await expect(nav).toBeVisible();
  const closed = nav.locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  const hrefs = await nav.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  return [...new Set(hrefs)];
}

/**
 * One route per shape: /ticket/12 and /ticket/40 are the same screen, a query string or an anchor
 * does not make another, nor does a report's name under a list already toured (/sales/reports/x).
 */
function shapeOf(path: string, toured: ReadonlySet<string> = new Set()): string {
  const shape = path.split(/[?#]/)[0]!.replace(/\/\d+(?=\/|$)/g, '/:n');
  const parent = shape.slice(0, shape.lastIndexOf('/'));
  return parent && toured.has(parent) ? `${parent}/:name` : shape;
}

/** The page scrolls sideways: the amount, and the elements reaching past the window's right edge. */
async function overflowOf(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    if (root.scrollWidth <= root.clientWidth + 1) return null;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1 && el.getClientRects().length > 0)
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= root.clientWidth + 1)
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`);
    return `${root.scrollWidth} > ${root.clientWidth} (${wide.join(', ')})`;
  });
}

/**
 * The sideways scroll once the screen has laid itself out again after the window changed size: a
 * table still at its old width for a few frames on a busy machine does not count; a real overflow
 * stays and is reported.
 */
async function settledOverflowOf(page: Page): Promise<string | null> {
  const until = Date.now() + RELAYOUT_MS;
  let overflow = await overflowOf(page);
  while (overflow && Date.now() < until) {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    overflow = await overflowOf(page);
  }
  return overflow;
}

/** A path without the slash that may end its path part ('/client/?x' → '/client?x'); '/' stays. */
function withoutTrailingSlash(path: string): string {
  return path.replace(/(.)\/(?=[?#]|$)/, '$1');
}

/**
 * Moves to a path without a reload and waits for the new screen's heading: a level-1 heading the
 * screen left behind does not count (each heading shown is marked with its text as the tour leaves).
 */
async function openScreen(page: Page, path: string, size: string) {
  // The screen already shown (the tour starts where the sign-in lands): its heading stays as it is.
  const url = new URL(page.url());
  const here = `${url.pathname}${url.search}${url.hash}`;
  if (here === path) return;
  await page.evaluate(() => document.querySelectorAll('h1').forEach((h) => h.setAttribute('data-tour-left', h.textContent ?? '')));
  await navigateInApp(page, path);
  // The same screen by another spelling (/client/ from /client) keeps its heading: nothing to wait for.
  if (withoutTrailingSlash(here) !== withoutTrailingSlash(path)) {
    await page
      .waitForFunction(() => [...document.querySelectorAll('h1')].some((h) => h.checkVisibility() && h.getAttribute('data-tour-left') !== h.textContent), null, { timeout: HEADING_MS, polling: 50 })
      .catch(() => undefined);
  }
  // The UI kit is one very long page: on a busy machine its first render can take a while.
  await expect(page.getByRole('heading', { level: 1 }).first(), `${size} ${path}`).toBeVisible({ timeout: HEADING_MS });
}

type Size = (typeof SIZES)[number];
/**
 * `elsewhere`: paths another test of the tour opens (the other parts of the admin's menu). Every
 * screen shows the menu, so its links would otherwise bring the whole menu into each part.
 */
type Tour = { axe: boolean; sizes: readonly Size[]; elsewhere?: readonly string[] };
/** Screens whose own spec runs axe on them at both sizes and themes (tests/e2e/ui-gallery.spec.ts): the largest page of all. */
const AXE_ELSEWHERE = ['/qa/ui'];
/** The panel of a screen not built yet (one component for all of them: the tour opens one). */
const NOT_BUILT = 'This screen is being built.';
/** Sizes in the order a tour checks each screen: the first is the size the screen is opened (mounted) at. */
const PHONE_FIRST = [SIZES[1], SIZES[0]] as const;
const DESKTOP_FIRST = [SIZES[0], SIZES[1]] as const;

/**
 * Opens each path once, at the first of `sizes`, and checks it at each size in turn (the window
 * resized, as a user turning a tablet or narrowing a window): its heading shows, its requests
 * settle, the page does not scroll sideways, axe (when asked) finds nothing. It adds one path of
 * each new route shape the screens link to (at either size), and opens only the first of the
 * screens not built yet (they are one component).
 */
async function tour(page: Page, start: string[], settle: () => Promise<void>, found: Findings, { axe, sizes, elsewhere = [] }: Tour): Promise<string[]> {
  const paths = [...start];
  const shapes = new Set<string>();
  [...paths, ...elsewhere].forEach((p) => shapes.add(shapeOf(p, shapes)));
  const opened: string[] = [];
  let placeholderSeen = false;
  await page.setViewportSize(sizes[0]!);
  for (const path of paths) {
    if (page.viewportSize()?.width !== sizes[0]!.width) await page.setViewportSize(sizes[0]!);
    await openScreen(page, path, sizes[0]!.name);
    if (await page.getByText(NOT_BUILT).isVisible()) {
      if (placeholderSeen) continue;
      placeholderSeen = true;
    }
    opened.push(path);
    for (const [i, size] of sizes.entries()) {
      if (i > 0) await page.setViewportSize(size);
      await settle();
      const overflow = await settledOverflowOf(page);
      if (overflow) found.overflow.push(`${size.name} ${path}: ${overflow}`);
      if (axe && !AXE_ELSEWHERE.includes(path)) {
        for (const v of axeLines((await analyzeAxe(page)).violations)) found.axe.push(`${size.name} ${path}: ${v}`);
      }
      const links = await page.locator('a[href^="/"]:not([target="_blank"]):not([download])').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      for (const link of links) {
        const shape = shapeOf(link, shapes);
        if (shapes.has(shape) || NOT_IN_PAGE.some((re) => re.test(link))) continue;
        shapes.add(shape);
        paths.push(link);
      }
    }
  }
  return opened;
}

test.describe('the tour of every screen', () => {
  test.describe.configure({ mode: 'parallel' });

  // Each role opens every screen it sees once and checks it at both sizes (docs/adr/0239). The admin
  // sees every staff screen: axe checks each there at each size, the screens opened at phone size
  // first; the manager's and the agent's screens are opened at desk size first, so a screen both see
  // is also first drawn at each size. The admin's screens are the most (and axe the slowest part),
  // so they are toured in parts: each part opens its share of the menu and the other routes its own
  // screens link to, not the other parts' menu screens (every screen shows the whole menu). The
  // longest tests come first, so the two workers finish together.
  const RUNS = [
    ...Array.from({ length: ADMIN_PARTS }, (_, part) => ({ role: 'admin' as const, axe: true, part, sizes: PHONE_FIRST })),
    ...(['manager', 'agent'] as const).map((role) => ({ role, axe: false, part: null, sizes: DESKTOP_FIRST })),
  ];
  for (const { role, axe, part, sizes } of RUNS) {
    const of = part === null ? '' : `, screens part ${part + 1} of ${ADMIN_PARTS}`;
    test(`as the ${role}, at phone and desk size${of}, every screen opens with no console error, no failed request and no sideways scroll${axe ? ', and axe finds nothing' : ''}`, async ({ page }) => {
      test.setTimeout(300_000);
      // The menu is read at a desk's width (on a phone it is a drawer).
      await page.setViewportSize(DESKTOP);
      const { problems, settle } = watch(page);
      const found: Findings = { overflow: [], axe: [] };
      await staffSignIn(page, STAFF[role].email);
      await expect(page.getByRole('heading', { name: `Welcome, ${STAFF[role].name}` })).toBeVisible();
      await settle();
      const menu = await menuPaths(page, 'Main menu');
      expect(menu).toContain('/home');
      expect(menu.length).toBeGreaterThan(20);
      const all = [...menu, ...STAFF_BY_URL_ONLY.filter((p) => !menu.includes(p))];
      const share = Math.ceil(all.length / ADMIN_PARTS);
      const start = part === null ? all : all.slice(part * share, (part + 1) * share);
      const elsewhere = all.filter((p) => !start.includes(p));
      const paths = await tour(page, start, settle, found, { axe, sizes, elsewhere });
      if (part === null) expect(paths.map((p) => shapeOf(p))).toEqual(expect.arrayContaining(['/ticket/:n', '/company/:n', '/quote/new/client', '/timeclock']));
      expect({ ...problems, ...found }).toEqual({ console: [], failed: [], overflow: [], axe: [] });
    });
  }

  test('as a client user, at phone and desk size, every screen of the portal opens with no console error, no failed request and no sideways scroll, and axe finds nothing', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(DESKTOP);
    const { problems, settle } = watch(page);
    const found: Findings = { overflow: [], axe: [] };
    await clientLogIn(page, CLIENTS.acme.email);
    await expect(page).toHaveURL(/\/client$/);
    await settle();
    const menu = await menuPaths(page, 'Client portal');
    expect(menu.length).toBeGreaterThan(4);
    await tour(page, [...menu, '/client/clientaichat'], settle, found, { axe: true, sizes: PHONE_FIRST });
    expect({ ...problems, ...found }).toEqual({ console: [], failed: [], overflow: [], axe: [] });
  });
});

test("a client's new ticket is in the company's list at once, without a reload", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const { problems, settle } = watch(page);
  await clientLogIn(page, CLIENTS.acme.email);
  await expect(page).toHaveURL(/\/client$/);
  await navigateInApp(page, '/client/tickets');
  const list = page.getByRole('table', { name: "Your company's tickets" });
  await expect(list.getByRole('row').nth(1)).toBeVisible();
  const title = `Label printer offline ${Date.now()}`;
  await expect(list.getByRole('link', { name: title })).toHaveCount(0);
  const form = page.getByRole('region', { name: 'Create a ticket' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('The label printer in the depot stopped printing.');
  await form.getByRole('button', { name: 'Create ticket' }).click();
  await expect(page.getByRole('link', { name: /^Open ticket #\d+$/ })).toBeVisible();
  await expect(list.getByRole('link', { name: title })).toBeVisible();
  await settle();
  expect(problems).toEqual({ console: [], failed: [] });
});

test("Home's open-ticket count leads to the ticket search holding as many", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await staffSignIn(page, STAFF.agent.email);
  const figures = page.getByRole('group', { name: 'Your figures' });
  const open = figures.locator('div', { hasText: /^Open tickets\d+$/ }).first();
  await expect(open).toHaveText(/^Open tickets\d+$/);
  const count = Number((await open.textContent())!.replace('Open tickets', ''));
  expect(count).toBeGreaterThan(0);
  await page.getByRole('link', { name: `All ${count} open tickets` }).click();
  await expect(page).toHaveURL(/\/ticket\/search\?assignee=\d+&f\.status=A%2CWOP%2CWOC%2CWOT/);
  await expect(page.getByText(new RegExp(`\\b${count} (tickets|results|rows)\\b|of ${count}\\b`)).first()).toBeVisible();
});
