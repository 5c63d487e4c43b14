/**
 * Visual checks (issue 15) of the client dashboard, the client tickets, both surveys and staff
 * home: at 1366×800 and 375×812, light and dark, each axe clean. Absolute and relative times and
 * clock-dependent counts are masked; the browser clock is fixed.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CLIENTS, STAFF, clientLogIn, staffSignIn } from './support/accounts';
import { describeEachViewportAndTheme, expectAxeClean } from './support/visual';

/** A fixed moment for the browser: timers and Date agree between runs. */
const CLOCK = new Date('2026-11-22T10:00:00Z');

async function snap(page: Page, name: string, mask: Locator[] = []) {
  await expectAxeClean(page);
  await expect(page).toHaveScreenshot(`${name}.png`, { fullPage: false, mask: [page.locator('time'), ...mask], maxDiffPixelRatio: 0.01, animations: 'disabled' });
}

/** Survey links from the outbox: a client care survey to Acme, and a closed ticket's support survey. */
async function surveyLinks(page: Page): Promise<{ css: string; tcs: string }> {
  await staffSignIn(page, STAFF.admin.email);
  await expect(page).toHaveURL(/\/home$/);
  const headers = { authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem('token'))}` };
  // The manager confirms the recipients the page lists: every contact of Acme with an address.
  const recipients = (await (await page.request.get('/api/v2/surveys/client-care/recipients?companyId=1', { headers })).json()).rows as { id: number }[];
  const contactIds = recipients.map((r) => r.id);
  expect((await page.request.post('/api/v2/surveys/client-care/send', { headers, data: { companyId: 1, contactIds } })).status()).toBe(200);
  let tcs = '';
  for (let id = 1; id <= 200 && !tcs; id++) {
    const res = await page.request.post('/api/v2/surveys/support/send', { headers, data: { ticketId: id } });
    if (res.status() !== 200 || (await res.json()).queued !== 1) continue;
    const rows = (await (await page.request.get('/api/v2/admin/outbox?pageSize=5', { headers })).json()).rows as { body: string; kind: string }[];
    const path = new URL(/https?:\/\/\S+\/survey\/\S+/.exec(rows.find((m) => m.kind === 'survey.support')!.body)![0]).pathname;
    if (!(await (await page.request.get(`/api/survey-keys/${path.split('/').pop()}?type=TCS`)).json()).answered) tcs = path;
  }
  const rows = (await (await page.request.get('/api/v2/admin/outbox?pageSize=50', { headers })).json()).rows as { body: string; kind: string }[];
  const css = new URL(/https?:\/\/\S+\/survey\/\S+/.exec(rows.find((m) => m.kind === 'survey.client_care')!.body)![0]).pathname;
  return { css, tcs };
}

let links: { css: string; tcs: string };
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  links = await surveyLinks(page);
  await page.close();
});

describeEachViewportAndTheme(CLOCK, (viewport, theme) => {
  test('client dashboard', async ({ page }) => {
    await clientLogIn(page, CLIENTS.acme.email);
    await expect(page.getByRole('heading', { level: 1, name: CLIENTS.acme.company })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Open tickets/ })).toBeVisible();
    // The open count changes as other journeys add tickets.
    await snap(page, `client-dashboard-${viewport.name}-${theme}`, [page.getByRole('heading', { name: /^Open tickets/ })]);
  });

  test('client tickets', async ({ page }) => {
    await clientLogIn(page, CLIENTS.acme.email);
    await expect(page.getByRole('heading', { level: 1, name: CLIENTS.acme.company })).toBeVisible();
    await page.goto('/client/tickets');
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    // Created and Updated are dates.
    await snap(page, `client-tickets-${viewport.name}-${theme}`, [page.locator('td:nth-child(5), td:nth-child(6)')]);
  });

  test('client care survey', async ({ page }) => {
    await page.goto(links.css);
    await expect(page.getByRole('heading', { level: 1, name: 'CLIENT CARE SURVEY' })).toBeVisible();
    await snap(page, `survey-client-care-${viewport.name}-${theme}`, [page.locator('.survey-notice')]);
  });

  test('support survey', async ({ page }) => {
    await page.goto(links.tcs);
    await expect(page.getByRole('heading', { level: 1, name: 'SUPPORT SURVEY' })).toBeVisible();
    await snap(page, `survey-support-${viewport.name}-${theme}`, [page.locator('.survey-notice')]);
  });

  test('home', async ({ page }) => {
    await staffSignIn(page, STAFF.agent.email);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const mine = page.getByRole('region', { name: 'My open tickets' });
    await expect(mine.getByRole('listitem').first()).toBeVisible();
    // The overdue badge, the bell and the figures count against the real clock; so do both lists.
    const overdue = page.getByRole('region', { name: 'Overdue' });
    await snap(page, `home-${viewport.name}-${theme}`, [page.getByRole('button', { name: /overdue tickets$/ }), page.getByRole('button', { name: /^Notifications,/ }), page.getByRole('group', { name: 'Your figures' }), mine.locator('ul'), overdue.locator('ul')]);
  });
});
