import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
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

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
});
