import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { STAFF, staffSignIn } from './support/accounts';

test('a manager opens the Management Dashboard on their own team and the overdue figure opens a list of as many tickets', async ({ page }) => {
  await staffSignIn(page, STAFF.manager.email);
  await page.getByRole('link', { name: 'Management Dashboard' }).click();
  await expect(page).toHaveURL(/\/mgmtdash$/);
  await expect(page.getByText("Showing: Morgan Manager's team, every level below them")).toBeVisible();
  const totals = page.getByRole('region', { name: 'Team totals' });
  const overdueLink = totals.getByRole('link', { name: /overdue tickets: show the list/ });
  const overdue = Number(await overdueLink.innerText());
  expect(overdue).toBeGreaterThan(0);

  await overdueLink.click();
  await expect(page).toHaveURL(/\/mgmtdash\?list=overdue$/);
  const list = page.getByRole('table', { name: `Overdue tickets (${overdue})` });
  await expect(list).toBeVisible();
  await expect(list.getByRole('link', { name: /^#\d+ / })).toHaveCount(Math.min(overdue, 10));

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${colorScheme} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // The figures' groups: no tile left alone on a row at a desktop, a small laptop or a phone.
  await page.getByRole('link', { name: 'Close list' }).click();
  for (const [width, height, perRow] of [[1366, 800, [3, 3, 2, 2]], [1024, 768, [3, 3, 2, 2]], [375, 812, [2, 1, 2, 1, 2, 2]]] as const) {
    await page.setViewportSize({ width, height });
    expect(await tilesPerRow(page), `${width} wide`).toEqual(perRow);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `test-results/mgmtdash-${width}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
});

/** How many tiles each group's rows hold, group by group and row by row (a row: tiles sharing a top edge within the group). */
async function tilesPerRow(page: Page): Promise<number[]> {
  return page.getByRole('region', { name: 'Team totals' }).evaluate((totals) =>
    Array.from(totals.querySelectorAll(':scope > [role="group"]')).flatMap((group) => {
      const tops = Array.from(group.lastElementChild!.children).map((tile) => Math.round(tile.getBoundingClientRect().top));
      return [...new Set(tops)].map((top) => tops.filter((t) => t === top).length);
    }),
  );
}
