import { expect, test, type Page } from '@playwright/test';
import { STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe, axeLines } from './support/axe';

async function expectAccessible(page: Page) {
  const { violations } = await analyzeAxe(page);
  expect(axeLines(violations)).toEqual([]);
}

const totalCalls = async (page: Page) => Number((await page.getByTestId('total-call').innerText()).split('/')[0]!.replace(/\D/g, ''));

/** Presses Tab until the named button has the focus (keyboard only). */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((n) => document.activeElement?.textContent?.trim() === n, name)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

test('a call logged from the dashboard by keyboard moves the count; a form answer, confirmed by a rep, then a closed sale, moves its channel’s CAC', async ({ browser, page }) => {
  // Six axe checks and a second browser context: more than the default minute on a loaded machine.
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);

  // Dashboard: press L, pick a company, save, all by keyboard.
  await page.goto('/sales/dashboard');
  await expect(page).toHaveTitle(/Sales Dashboard/);
  await expect(page.getByTestId('total-call')).toBeVisible();
  const before = await totalCalls(page);
  await expectAccessible(page);
  await page.locator('body').press('l');
  const dialog = page.getByRole('dialog', { name: 'Log activity' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Activity/ })).toContainText('Call');
  await expect(dialog.getByRole('combobox', { name: 'Company' })).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Acme');
  // The list narrows to the match once the search answers.
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option', { name: /Acme Utilities/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('combobox', { name: 'Company' })).toHaveValue('Acme Utilities');
  await expectAccessible(page);
  await tabTo(page, 'Save');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Call logged for Acme Utilities').first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => totalCalls(page)).toBe(before + 1);

  // Which customers the Industry magazine channel brought this month, before.
  await page.goto('/sales/debug/cac');
  await expect(page).toHaveTitle(/Customer Acquisition Cost Check/);
  const channelRow = page.getByTestId('cac-by-channel').getByRole('row', { name: /Industry magazine/ });
  await expect(channelRow).toBeVisible();
  const customersBefore = Number(await channelRow.getByRole('cell').nth(1).innerText());
  await expectAccessible(page);

  // A new client answers the public form (no sign-in).
  const visitorContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/dtc/huhy/submit');
  await expect(visitor.getByRole('heading', { name: 'How did you hear about us?', level: 1 })).toBeVisible();
  await expectAccessible(visitor);
  const company = `Harbor Light ${stamp}`;
  await visitor.getByLabel('Company').fill(company);
  await visitor.getByLabel('Your name').fill('Hana Harbor');
  await visitor.getByLabel('Email').fill(`hana.${stamp.toLowerCase()}@harbor.example`);
  await visitor.getByRole('button', { name: /How did you hear about us/ }).click();
  await visitor.getByRole('option', { name: 'Industry magazine' }).click();
  await visitor.getByRole('button', { name: 'Send' }).click();
  await expect(visitor.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await visitorContext.close();

  // The answer touches no company until a rep confirms it: here as a new prospect.
  await page.goto('/sales/huhy');
  const waiting = page.getByRole('region', { name: 'Waiting for review' });
  await expect(waiting.getByRole('row', { name: new RegExp(company) })).toContainText('No match');
  await expectAccessible(page);
  await waiting.getByRole('button', { name: 'Review the answer from Hana Harbor' }).click();
  const review = page.getByRole('dialog', { name: 'Review the answer from Hana Harbor' });
  await expect(review.getByRole('radio', { name: new RegExp(`A new prospect named “${company}”`) })).toBeChecked();
  await expectAccessible(page);
  await review.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`${company} added as a prospect`).first()).toBeVisible();
  await expect(review).toHaveCount(0);

  // Close a sale for that company from its sales page.
  await page.goto('/sales/customers');
  await page.getByRole('searchbox').fill(company);
  await page.getByRole('link', { name: company }).click();
  await expect(page.getByRole('heading', { name: company, level: 1 })).toBeVisible();
  await expect(page.getByText('via Industry magazine')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Log closed sale' }).click();
  const saleDialog = page.getByRole('dialog', { name: 'Log activity' });
  await saleDialog.getByLabel('Amount ($)').fill('4800.00');
  await saleDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Closed sale logged for ${company}`).first()).toBeVisible();

  await page.goto('/sales/debug/cac');
  await expect(channelRow.getByRole('cell').nth(1)).toHaveText(String(customersBefore + 1));
  await expect(page.getByTestId('cac-table').getByRole('row').filter({ hasText: company })).toContainText('Industry magazine');
});

test('the other sales screens load with their data and pass axe', async ({ page }) => {
  await staffSignIn(page, STAFF.manager.email);
  await expect(page).toHaveURL(/\/home$/);
  for (const [path, title, check] of [
    ['/sales/customers', /Sales Customers/, 'Lifetime revenue'],
    ['/sales/territories', /Sales Territories/, 'All companies'],
    ['/sales/settings', /Sales Settings/, 'Monthly targets'],
    ['/sales/huhy', /How Did You Hear About Us/, 'Breakdown by channel'],
    ['/sales/reports', /Sales Reporting/, 'Number of calls'],
    ['/sales/reports/closed-sales', /Closed sales/i, 'Revenue'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expect(page.getByText(check).first()).toBeVisible();
    await expectAccessible(page);
  }
});
