/**
 * A tour of every screen the menus lead to, as each staff role and as a client user (desktop size):
 * no screen may log a console error, throw, or make a request that fails (4xx/5xx). No route is
 * excused: a screen that asks for something it cannot get is a defect. Besides, a client's new
 * ticket is in their list at once, and Home's counts lead to the ticket search holding as many.
 */
import { expect, test, type Page } from '@playwright/test';
import { CLIENTS, clientLogIn, STAFF, staffSignIn } from './support/accounts';
import { navigateInApp } from './support/visual';

const DESKTOP = { width: 1366, height: 800 };
/** How long a screen may keep loading before the tour moves on (an open event stream never settles). */
const SETTLE_MS = 8_000;
/** A request is quiet once nothing has been in flight this long. */
const QUIET_MS = 400;

type Problems = { console: string[]; failed: string[] };

/** Records console errors, uncaught exceptions and failed requests (4xx/5xx, or no answer) of a page, and counts requests in flight. */
function watch(page: Page) {
  const problems: Problems = { console: [], failed: [] };
  let inFlight = 0;
  let lastChange = Date.now();
  const counts = (r: { resourceType(): string }) => r.resourceType() !== 'eventsource';
  page.on('console', (m) => {
    if (m.type() === 'error') problems.console.push(`${new URL(page.url()).pathname}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.console.push(`${new URL(page.url()).pathname}: ${e.message}`));
  page.on('request', (r) => {
    if (!counts(r)) return;
    inFlight += 1;
    lastChange = Date.now();
  });
  const done = (r: { resourceType(): string }) => {
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
  /** Waits until the screen's requests have settled (or SETTLE_MS passed). */
  const settle = async () => {
    const until = Date.now() + SETTLE_MS;
    while (Date.now() < until && (inFlight > 0 || Date.now() - lastChange < QUIET_MS)) await page.waitForTimeout(100);
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

async function tour(page: Page, paths: string[], settle: () => Promise<void>) {
  for (const path of paths) {
    await navigateInApp(page, path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await settle();
  }
}

for (const role of ['agent', 'manager', 'admin'] as const) {
  test(`as the ${role}, every screen of the staff menu opens with no console error and no failed request`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(DESKTOP);
    const { problems, settle } = watch(page);
    await staffSignIn(page, STAFF[role].email);
    await expect(page.getByRole('heading', { name: `Welcome, ${STAFF[role].name}` })).toBeVisible();
    await settle();
    const paths = await menuPaths(page, 'Main menu');
    expect(paths).toContain('/home');
    expect(paths.length).toBeGreaterThan(20);
    // The admin's own screen is outside the menu's groups; a manager and an agent are refused it without a request.
    await tour(page, [...paths, '/admin/outbox'], settle);
    expect(problems).toEqual({ console: [], failed: [] });
  });
}

test('as a client user, every screen of the portal opens with no console error and no failed request', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const { problems, settle } = watch(page);
  await clientLogIn(page, CLIENTS.acme.email);
  await expect(page).toHaveURL(/\/client$/);
  await settle();
  const paths = await menuPaths(page, 'Client portal');
  expect(paths.length).toBeGreaterThan(4);
  await tour(page, paths, settle);
  await page.goto('/client/clientaichat');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await settle();
  expect(problems).toEqual({ console: [], failed: [] });
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
