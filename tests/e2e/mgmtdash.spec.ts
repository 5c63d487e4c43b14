import { expect, test, type Page } from '@playwright/test';
import { STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe, axeLines } from './support/axe';
import { emulateColorScheme } from './support/visual';

test('a manager opens the Management Dashboard on their own team; the overdue figure and an unassigned cell open lists of as many tickets, sorted by a header', async ({ page }) => {
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
    await emulateColorScheme(page, colorScheme);
    const { violations } = await analyzeAxe(page);
    expect(axeLines(violations), colorScheme).toEqual([]);
  }
  await emulateColorScheme(page, 'light');

  // An unassigned cell of the priority breakdown opens the unassigned tickets of that priority, as many as the cell says.
  const byPriority = page.getByRole('table', { name: 'Open, overdue and unassigned by priority' });
  const cell = byPriority.getByRole('link', { name: /^[1-9]\d* unassigned, .+: show the list$/ }).first();
  const [, count, priority] = /^(\d+) unassigned, (.+): show the list$/.exec((await cell.getAttribute('aria-label'))!)!;
  await cell.click();
  await expect(page).toHaveURL(/\/mgmtdash\?list=unassigned&severity=[A-Z]+$/);
  const unassigned = page.getByRole('table', { name: `Unassigned open tickets · ${priority} priority (${count})` });
  await expect(unassigned).toBeVisible();
  const tickets = unassigned.getByRole('link', { name: /^#\d+ / });
  await expect(tickets).toHaveCount(Math.min(Number(count), 10));

  // Its Ticket header sorts it, from the keyboard too, and says which way.
  const ticketHeader = unassigned.getByRole('columnheader', { name: /^Ticket/ });
  await expect(ticketHeader).toHaveAttribute('aria-sort', 'none');
  await ticketHeader.getByRole('button').click();
  await expect(ticketHeader).toHaveAttribute('aria-sort', 'ascending');
  const ascending = (await tickets.allInnerTexts()).map((t) => t.replace(/^#\d+ /, ''));
  await ticketHeader.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(ticketHeader).toHaveAttribute('aria-sort', 'descending');
  const descending = (await tickets.allInnerTexts()).map((t) => t.replace(/^#\d+ /, ''));
  if (new Set(ascending).size === ascending.length && Number(count) <= 10) expect(descending).toEqual([...ascending].reverse());
  for (const colorScheme of ['light', 'dark'] as const) {
    await emulateColorScheme(page, colorScheme);
    const { violations } = await analyzeAxe(page);
    expect(axeLines(violations), colorScheme).toEqual([]);
    for (const [width, height] of [[1366, 800], [375, 812]] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `test-results/mgmtdash-unassigned-sorted-${width}-${colorScheme}.png`, fullPage: true });
    }
  }
  await emulateColorScheme(page, 'light');

  // The figures' groups: no tile left alone on a row at a desktop, a small laptop or a phone.
  await page.getByRole('link', { name: 'Close list' }).click();
  for (const [width, height, perRow] of [[1366, 800, [3, 3, 2, 2]], [1024, 768, [3, 3, 2, 2]], [375, 812, [2, 1, 2, 1, 2, 2]]] as const) {
    await page.setViewportSize({ width, height });
    expect(await tilesPerRow(page), `${width} wide`).toEqual(perRow);
    for (const colorScheme of ['light', 'dark'] as const) {
      await emulateColorScheme(page, colorScheme);
      await page.screenshot({ path: `test-results/mgmtdash-${width}-${colorScheme}.png`, fullPage: true });
    }
  }
  await emulateColorScheme(page, 'light');
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
