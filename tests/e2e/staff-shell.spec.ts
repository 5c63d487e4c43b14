import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe } from './support/axe';

test('the overdue badge, modal and CSV match the API for agent@demo.test', async ({ page }) => {
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const userid = await page.evaluate(() => sessionStorage.getItem('userid'));
  const api = await page.request.post('/api/v2/ticket/check/overdue', {
    headers: { authorization: `Bearer ${token}` },
    data: { userId: userid },
  });
  const { overdueTickets } = (await api.json()) as { overdueTickets: { id: number; title: string }[] };
  expect(overdueTickets.length).toBeGreaterThan(0);

  const badge = page.getByRole('button', { name: `${overdueTickets.length} overdue tickets` });
  await expect(badge).toBeVisible();
  await badge.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Overdue Tickets' })).toBeVisible();
  const rows = dialog.locator('tbody tr');
  await expect(rows).toHaveCount(overdueTickets.length);
  expect(await rows.locator('td:first-child').allTextContents()).toEqual(overdueTickets.map((t) => String(t.id)));

  const results = await analyzeAxe(page);
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export to CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('overdue_tickets.csv');
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('ID,Title,Status,Priority,Company,Contact,Email,Queue,Created At');
  expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(overdueTickets.map((t) => t.id));

  await rows.first().click();
  await expect(page).toHaveURL(new RegExp(`/ticket/${overdueTickets[0]!.id}$`));
  await expect(dialog).toHaveCount(0);
});

test('the layout has no serious accessibility violations', async ({ page }) => {
  await staffSignIn(page, STAFF.manager.email);
  await expect(page.getByRole('heading', { name: `Welcome, ${STAFF.manager.name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Company' }).click();
  const results = await analyzeAxe(page);
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('at 375 px the sidebar is a drawer that opens, navigates and closes', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await staffSignIn(page, STAFF.agent.email);
  await expect(page.getByRole('heading', { name: `Welcome, ${STAFF.agent.name}` })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  await menu.getByRole('button', { name: 'Tickets' }).click();
  await menu.getByRole('link', { name: 'Ticket Search' }).click();
  await expect(page).toHaveURL(/\/ticket\/search$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Ticket Search' })).toBeVisible();
});

test('a manager sees Management Dashboard; an agent does not, and the server refuses the agent its data', async ({ page, browser }) => {
  await staffSignIn(page, STAFF.manager.email);
  await page.getByRole('link', { name: 'Management Dashboard' }).click();
  await expect(page).toHaveURL(/\/mgmtdash$/);
  await expect(page.getByRole('heading', { name: 'Management Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Team totals' }).getByText('Open tickets')).toBeVisible();

  const agentPage = await browser.newPage();
  await staffSignIn(agentPage, STAFF.agent.email);
  await expect(agentPage.getByRole('heading', { name: `Welcome, ${STAFF.agent.name}` })).toBeVisible();
  await expect(agentPage.getByRole('link', { name: 'Management Dashboard' })).toHaveCount(0);
  const token = await agentPage.evaluate(() => sessionStorage.getItem('token'));
  const res = await agentPage.request.get('/api/v2/management/dashboard', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
  await agentPage.goto('/mgmtdash');
  await expect(agentPage.getByText(/You do not have access/)).toBeVisible();
  await agentPage.close();
});

test('the chatbot opens in a 520 by 700 window that arrives signed in', async ({ page }) => {
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'AI Chatbot' }).click()]);
  await popup.waitForLoadState();
  expect(new URL(popup.url()).pathname).toBe('/chat/bot');
  await expect(popup.getByText(`Signed in as ${STAFF.agent.name}`)).toBeVisible();
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([520, 700]);
});

test('a second tab opened by hand follows the guard rules', async ({ page, context }) => {
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  // A new tab has its own per-tab storage: no token and no flag, so it goes to sign-in.
  const second = await context.newPage();
  await second.goto('/home');
  await expect(second).toHaveURL(/\/$/);
  await expect(second.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The flag without a token clears the per-tab storage.
  await second.evaluate(() => {
    sessionStorage.setItem('auth', 'true');
    sessionStorage.setItem('username', 'Stale');
  });
  await second.goto('/home');
  await expect(second).toHaveURL(/\/$/);
  expect(await second.evaluate(() => sessionStorage.length)).toBe(0);
  // The first tab is untouched.
  await page.reload();
  await expect(page.getByRole('heading', { name: `Welcome, ${STAFF.agent.name}` })).toBeVisible();
});

test('every route of the table answers: bare screens and the public form', async ({ page }) => {
  await staffSignIn(page, STAFF.admin.email);
  await expect(page).toHaveURL(/\/home$/);
  // A staff route under /client belongs to the staff portal.
  await page.goto('/client/portal/users');
  await expect(page.getByRole('heading', { name: 'Client Portal Users' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.goto('/ms/time/tracker/1/Acme/3');
  await expect(page.getByRole('heading', { name: /^Acme/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  const publicPage = await page.context().browser()!.newPage({ baseURL: new URL(page.url()).origin });
  await publicPage.goto('/dtc/huhy/submit');
  await expect(publicPage.getByRole('heading', { name: 'How did you hear about us?', level: 1 })).toBeVisible();
  await expect(publicPage.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await publicPage.close();
});
