import { expect, test, type Page } from '@playwright/test';
import { STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe, axeLines } from './support/axe';

const ROWS = 100_000;

async function openDemo(page: Page) {
  await staffSignIn(page, STAFF.admin.email);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/ui/table-demo');
  await expect(page.getByRole('heading', { name: 'Table demo' })).toBeVisible();
  await expect(page.getByRole('status').first()).toHaveText(`${ROWS} rows`);
}

const bodyRows = (page: Page) => page.locator('table.dt-table tbody tr.dt-row');
const firstIds = async (page: Page, n: number) => (await bodyRows(page).locator('td:nth-child(2)').allTextContents()).slice(0, n);

async function expectAxeClean(page: Page) {
  const results = await analyzeAxe(page);
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(axeLines(bad)).toEqual([]);
}

test('the table demo sorts, filters, searches and pages on 100,000 rows with mouse and keyboard', async ({ page }) => {
  await openDemo(page);
  await expect(bodyRows(page)).toHaveCount(10);
  for (const text of ['Rows per page:', 'Previous', 'Next', 'page', `of ${ROWS / 10}`]) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  await expect(page.getByPlaceholder('Search Table')).toBeVisible();

  // Keyboard: Tab to the ID sort button, Enter cycles ascending → descending.
  const idSort = page.getByRole('columnheader', { name: /^ID/ }).getByRole('button');
  await idSort.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('columnheader', { name: /^ID/ })).toHaveAttribute('aria-sort', 'ascending');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('columnheader', { name: /^ID/ })).toHaveAttribute('aria-sort', 'descending');
  expect(await firstIds(page, 1)).toEqual([String(ROWS)]);

  // Mouse: Shift-click adds Priority as a second key with its index.
  await page.getByRole('columnheader', { name: /^Priority/ }).getByRole('button').click();
  await page.getByRole('columnheader', { name: /^ID/ }).getByRole('button').click({ modifiers: ['Shift'] });
  await expect(page.getByRole('columnheader', { name: /^Priority/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('columnheader', { name: /^ID/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('columnheader', { name: /^ID/ }).locator('.dt-sort-index')).toHaveText('2');

  // Column filters: text on Enter, dropdown at once.
  await page.getByRole('textbox', { name: 'Filter Title' }).fill('printer');
  await page.getByRole('textbox', { name: 'Filter Title' }).press('Enter');
  await expect(bodyRows(page).first().locator('td').nth(2)).toContainText('printer');
  await page.getByRole('button', { name: /Filter Status/ }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Closed', exact: true }).click();
  await expect(bodyRows(page).first()).toContainText('Closed');
  await expect(bodyRows(page).first().locator('td').nth(2)).toContainText('printer');
  await page.getByRole('button', { name: /Filter Status/ }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Any', exact: true }).click();
  await page.getByRole('textbox', { name: 'Filter Title' }).fill('');
  await page.getByRole('textbox', { name: 'Filter Title' }).press('Enter');

  // Accent-insensitive search.
  await page.getByRole('searchbox', { name: 'Search Table' }).fill('jose alvarez');
  await expect(bodyRows(page).first()).toContainText('José Álvarez');

  // Rejected page number.
  const pageBox = page.getByLabel('page', { exact: true });
  await pageBox.fill('999999');
  await pageBox.press('Enter');
  await expect(pageBox).toHaveValue('1');
  await pageBox.fill('3');
  await pageBox.press('Enter');
  await expect(pageBox).toHaveValue('3');

  await expectAxeClean(page);
});

test("'All' on 100,000 rows keeps only the visible rows in the DOM and scrolls with the keyboard", async ({ page }) => {
  await openDemo(page);
  // Rows per page is a list box opened by its button (not a native select).
  await page.getByRole('button', { name: /Rows per page:/ }).click();
  await page.getByRole('option', { name: 'All', exact: true }).click();
  await expect(page.getByRole('table')).toHaveAttribute('aria-rowcount', String(ROWS + 2));
  const count = await bodyRows(page).count();
  expect(count).toBeGreaterThan(5);
  expect(count).toBeLessThan(60);

  // Arrow keys move from row to row; Ctrl+End reaches the last row, still with few rows in the DOM.
  await bodyRows(page).first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('tr.dt-row[data-index="1"]')).toBeFocused();
  await page.keyboard.press('Control+End');
  await expect(page.locator(`tr.dt-row[data-index="${ROWS - 1}"]`)).toBeFocused();
  await expect(page.locator(`tr.dt-row[data-index="${ROWS - 1}"] td`).nth(1)).toHaveText(String(ROWS));
  expect(await bodyRows(page).count()).toBeLessThan(60);

  // Mouse-wheel scrolling renders other rows and keeps the DOM small.
  await page.getByRole('region', { name: 'Demo requests' }).evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
  await expect(page.locator(`tr.dt-row[data-index="${ROWS / 2}"]`)).toBeAttached();
  expect(await bodyRows(page).count()).toBeLessThan(60);
  await expectAxeClean(page);
});

test('the Session Expired dialog from a machine ignores Escape and outside clicks; focus comes back', async ({ page }) => {
  await openDemo(page);
  const opener = page.getByRole('button', { name: 'Session expired dialog' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Session Expired' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your session has expired. Please log in again.');
  await expect(dialog.getByRole('button')).toHaveText(['Log In']);
  await expectAxeClean(page);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Log In' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Answer: confirm')).toBeVisible();
  await expect(opener).toBeFocused();

  await page.getByRole('button', { name: 'Confirm dialog' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this request?' });
  await expect(confirm.getByRole('button')).toHaveText(['Cancel', 'No', 'OK']);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Answer: dismiss')).toBeVisible();
});
