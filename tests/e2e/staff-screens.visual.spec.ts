import { expect, test, type Locator, type Page } from '@playwright/test';
import { STAFF, staffSignIn } from './support/accounts';
import { expectAxeClean, navigateInApp, THEMES, useViewportAndTheme, VIEWPORTS } from './support/visual';

/**
 * The staff screens at a desk (1366×800) and on a phone (375×812), light and dark: axe finds
 * nothing and the screenshots match. Values that move with the clock or the data (dates, counts,
 * relative times) are masked; the browser clock is fixed so relative times read the same.
 */
test.use({ locale: 'en-US', timezoneId: 'UTC' });

/** What changes with the clock or the data: dates and times, the overdue count, page counts. */
const moving = (page: Page): Locator[] => [page.locator('time'), page.getByRole('button', { name: /overdue tickets$/ }), page.getByRole('button', { name: /^Notifications,/ }), page.getByTestId('last-page'), page.getByTestId('due-date'), page.getByTestId('clock')];

for (const size of VIEWPORTS) {
  for (const theme of THEMES) {
    test(`staff screens at ${size.width}×${size.height}, ${theme}`, async ({ page }) => {
      await page.clock.setFixedTime(new Date('2026-06-15T10:00:00Z'));
      await useViewportAndTheme(page, size, theme);
      const shot = (name: string) => ({ name: `${name}-${size.name}-${theme}.png`, options: { mask: moving(page), maxDiffPixelRatio: 0.01, fullPage: false } });

      // Sign-in
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expect(page).toHaveTitle('Sign in · Client Care');
      await expectAxeClean(page);
      let s = shot('sign-in');
      await expect(page).toHaveScreenshot(s.name, s.options);

      await staffSignIn(page, STAFF.agent.email);
      await expect(page).toHaveURL(/\/home$/);

      // Ticket Search (the first page, newest first)
      await navigateInApp(page, '/ticket/search');
      await expect(page.getByRole('table', { name: 'Tickets' }).locator('tbody tr')).toHaveCount(10);
      await expect(page).toHaveTitle('Ticket Search · Client Care');
      await expectAxeClean(page);
      s = shot('ticket-search');
      await expect(page).toHaveScreenshot(s.name, s.options);

      // Ticket view: the oldest ticket, a stable record of the demo data
      const token = await page.evaluate(() => sessionStorage.getItem('token'));
      const oldest = (await (await page.request.get('/api/v2/tickets?sort=id:asc&size=1', { headers: { authorization: `Bearer ${token}` } })).json()) as { rows: { id: number }[] };
      const id = oldest.rows[0]!.id;
      await navigateInApp(page, `/ticket/${id}`);
      await expect(page).toHaveTitle(`Ticket #${id} · Client Care`);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expectAxeClean(page);
      s = shot('ticket-view');
      await expect(page).toHaveScreenshot(s.name, { ...s.options, mask: [...moving(page), page.locator('[data-testid="thread"]')] });

      // Company view: Acme Utilities (ACME-001)
      const acme = (await (await page.request.get('/api/v2/companies?q=ACME-001', { headers: { authorization: `Bearer ${token}` } })).json()) as { rows: { id: number; name: string }[] };
      await navigateInApp(page, `/company/${acme.rows[0]!.id}`);
      await expect(page.getByRole('heading', { name: acme.rows[0]!.name, level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(`${acme.rows[0]!.name} · Client Care`);
      await expectAxeClean(page);
      s = shot('company-view');
      await expect(page).toHaveScreenshot(s.name, s.options);

      // The overdue modal, over Home
      await navigateInApp(page, '/home');
      await page.getByRole('button', { name: /overdue tickets$/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Overdue Tickets' });
      await expect(dialog).toBeVisible();
      await expect(dialog.locator('tbody tr').first()).toBeVisible();
      // Centred in the viewport, never pinned to a corner.
      const box = (await dialog.boundingBox())!;
      expect(Math.abs(box.x + box.width / 2 - size.width / 2)).toBeLessThanOrEqual(2);
      const headers = await dialog.getByRole('columnheader').allTextContents();
      if (size.name === 'desktop') expect(headers.map((h) => h.replace(/[↕▲▼]/g, '').trim())).toEqual(['ID', 'Title', 'Status', 'Priority', 'Company', 'Due Date', 'Action']);
      else expect(headers.map((h) => h.replace(/[↕▲▼]/g, '').trim())).toEqual(['ID', 'Title', 'Action']);
      await expectAxeClean(page);
      s = shot('overdue-modal');
      await expect(page).toHaveScreenshot(s.name, { ...s.options, mask: [...moving(page), dialog.locator('tbody')] });
    });
  }
}

test('at 1366×800 Ticket Search shows its filter bar, 10 rows and the pager without scrolling either way', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  await navigateInApp(page, '/ticket/search?f.status=A&overdue=true');
  const table = page.getByRole('table', { name: 'Tickets' });
  await expect(table.locator('tbody tr')).toHaveCount(10);
  const sizes = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    scrollHeight: document.documentElement.scrollHeight,
    clientHeight: document.documentElement.clientHeight,
  }));
  expect(sizes.scrollWidth).toBeLessThanOrEqual(sizes.clientWidth);
  expect(sizes.scrollHeight).toBeLessThanOrEqual(sizes.clientHeight);
  // Everything in view: the bar (with its chips), every default column, the last row, the pager.
  const inView = async (locator: Locator) => {
    const b = (await locator.boundingBox())!;
    expect(b.y).toBeGreaterThanOrEqual(0);
    expect(b.y + b.height).toBeLessThanOrEqual(800);
    expect(b.x + b.width).toBeLessThanOrEqual(1366);
  };
  await inView(page.getByRole('search', { name: 'Filter tickets' }));
  // Queue waits for a wider table (or the column chooser) so the title gets the room.
  for (const name of ['ID', 'Title', 'Status', 'Priority', 'Company', 'Assignee', 'Due Date', 'Created At']) await inView(page.getByRole('columnheader', { name }));
  expect((await page.getByRole('columnheader', { name: 'Title' }).boundingBox())!.width).toBeGreaterThanOrEqual(300);
  // The pager's label stays on one line.
  const label = page.getByRole('navigation', { name: 'Tickets pages' }).getByText('Rows per page:');
  expect(await label.evaluate((l) => l.getBoundingClientRect().height <= parseFloat(getComputedStyle(l).lineHeight) + 1)).toBe(true);
  await inView(table.locator('tbody tr').last());
  await inView(page.getByRole('navigation', { name: 'Tickets pages' }));
  // No cell scrolls sideways: the table is as wide as its column.
  const tableBox = (await table.boundingBox())!;
  const scroller = await table.evaluate((t) => ({ scroll: t.parentElement!.scrollWidth, client: t.parentElement!.clientWidth }));
  expect(scroller.scroll).toBeLessThanOrEqual(scroller.client);
  expect(tableBox.width).toBeGreaterThan(900);
});
