import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe } from './support/axe';

async function expectAccessible(page: Page) {
  const { violations } = await analyzeAxe(page);
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** Light and dark, desktop and phone, of the screen the page is on. */
async function shoot(page: Page, name: string) {
  for (const [size, viewport] of [['1366', { width: 1366, height: 800 }], ['375', { width: 375, height: 812 }]] as const) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `test-results/${name}-${size}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 800 });
}

async function signIn(page: Page, email: string) {
  await staffSignIn(page, email);
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
}

/** Types a day into a date picker: its first segment, then month, day and year. */
async function typeDay(scope: Locator, label: string, digits: string) {
  await scope.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await scope.page().keyboard.type(digits);
}

const receipt = (background: string) => sharp({ create: { width: 600, height: 800, channels: 3, background } }).png().toBuffer();

test('an agent files a travel expense with two receipts, the manager approves it from /approvals, the agent sees it approved', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const purpose = `Acme depot visit ${Date.now().toString(36)}`;

  await signIn(page, STAFF.agent.email);
  await page.goto('/forms/travel/expense');
  await expect(page.getByRole('heading', { name: 'Travel Expense', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'New travel expense claim' });
  // The company picker loads on its own; once it is there the form no longer moves under the pointer.
  await expect(form.getByRole('combobox', { name: 'Company (optional)' })).toBeVisible();
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(form.getByText('Say what the trip was for')).toBeVisible();
  await form.getByRole('textbox', { name: /^Purpose/ }).fill(purpose);
  await form.getByRole('textbox', { name: /^Destination/ }).fill('Denver');
  await typeDay(form, 'First day', '03092026');
  await typeDay(form, 'Last day', '03102026');
  const line = form.getByRole('group', { name: 'Line 1' });
  await typeDay(line, 'Day', '03092026');
  await line.getByRole('textbox', { name: /^Merchant/ }).fill('Hyatt Regency Denver');
  await line.getByRole('textbox', { name: /^Amount/ }).fill('189.00');
  await expect(line.getByText('$189.00 USD')).toBeVisible();
  await expect(line.getByText(/^Attach a receipt/)).toBeVisible();
  await line.locator('input[type="file"]').setInputFiles([
    { name: 'hotel-folio.png', mimeType: 'image/png', buffer: await receipt('#f4efe2') },
    { name: 'parking.png', mimeType: 'image/png', buffer: await receipt('#e2ecf4') },
  ]);
  const receipts = line.getByRole('list', { name: 'Receipts of line 1' });
  await expect(receipts.getByText('hotel-folio.png')).toBeVisible();
  await expect(receipts.getByText('parking.png')).toBeVisible();
  await expect(receipts.locator('img')).toHaveCount(2);
  await expect(line.getByText(/^Attach a receipt/)).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, 'travel-expense-new');
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Expense claim submitted')).toBeVisible();
  const title = `${purpose} (Denver)`;
  await expect(page.getByRole('list', { name: 'my expense claims' }).getByRole('button', { name: title })).toBeVisible();

  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, STAFF.manager.email);
  await manager.goto('/approvals');
  // The manager opens the claim: its receipts show as thumbnails that open the image; the claim goes back for a change.
  await manager.getByRole('row', { name: new RegExp(purpose) }).getByRole('link', { name: title }).click();
  const lines = manager.getByRole('table', { name: 'Lines' });
  await expect(lines.locator('img')).toHaveCount(2);
  await lines.getByRole('button', { name: /^Open hotel-folio\.png/ }).click();
  await expect(manager.getByRole('dialog', { name: 'hotel-folio.png' }).getByRole('img', { name: 'hotel-folio.png' })).toBeVisible();
  await manager.keyboard.press('Escape');
  await expectAccessible(manager);
  await shoot(manager, 'approvals-expense-receipts');
  await manager.getByRole('textbox', { name: /^Comment/ }).fill('Say which depot this was for.');
  await manager.getByRole('button', { name: 'Send back' }).click();
  await expect(manager.getByRole('region', { name: 'Notifications' }).getByText('Sent back to the requester')).toBeVisible();

  // The agent changes the claim, its line and receipts kept, and sends it again.
  await page.reload();
  await page.getByRole('tab', { name: 'My submissions' }).click();
  await page.getByRole('list', { name: 'my expense claims' }).getByRole('button', { name: title }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Change and send again' }).click();
  const change = page.getByRole('form', { name: 'Change the travel expense claim' });
  await expect(change.getByText('Say which depot this was for.')).toBeVisible();
  const changed = change.getByRole('group', { name: 'Line 1' });
  await expect(changed.getByRole('list', { name: 'Receipts of line 1' }).locator('img')).toHaveCount(2);
  await changed.getByRole('textbox', { name: /^Description/ }).fill('Two nights, north depot');
  await expectAccessible(page);
  await shoot(page, 'travel-expense-resend');
  await change.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Expense claim sent again')).toBeVisible();

  await manager.goto('/approvals');
  const row = manager.getByRole('row', { name: new RegExp(purpose) });
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();
  await manager.getByRole('button', { name: 'Approve selected (1)' }).click();
  await expect(manager.getByRole('region', { name: 'Notifications' }).getByText('Request approved')).toBeVisible();
  await managerContext.close();

  await page.reload();
  await page.getByRole('tab', { name: 'My submissions' }).click();
  const mine = page.getByRole('list', { name: 'my expense claims' });
  await expect(mine.getByRole('listitem').filter({ hasText: title }).getByText('Approved')).toBeVisible();
  await mine.getByRole('button', { name: title }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('table')).toContainText('Hyatt Regency Denver');
  await expect(dialog.getByRole('table')).toContainText('Two nights, north depot');
  await expect(dialog.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'travel-expense-approved');
});

/** The page is no wider than the phone, and the selected tab shows whole inside its tab row. */
async function expectTabsFit(page: Page) {
  const fit = await page.evaluate(() => {
    const list = document.querySelector<HTMLElement>('[role="tablist"]');
    const tab = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    const box = list?.getBoundingClientRect();
    const selected = tab?.getBoundingClientRect();
    return {
      width: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      selectedShown: !!box && !!selected && selected.left >= box.left - 1 && selected.right <= box.right + 1,
    };
  });
  expect(fit.width).toBeLessThanOrEqual(fit.viewport);
  expect(fit.selectedShown).toBe(true);
}

test('on a phone the tab rows fit the screen, and the selected tab shows whole', async ({ page }) => {
  await signIn(page, STAFF.admin.email);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/forms/travel/expense');
  const tabs = page.getByRole('tablist', { name: 'Travel expenses' });
  await expect(tabs.getByRole('tab', { name: 'Rates' })).toBeAttached();
  await expectTabsFit(page);
  // The arrow keys walk the row; the tab they reach scrolls into view and its panel shows.
  await tabs.getByRole('tab', { name: 'New' }).focus();
  for (const name of [/^My submissions/, /^Review/, /^Rates/]) {
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    await expectTabsFit(page);
  }
  await expect(page.getByRole('form', { name: 'Add a rate' })).toBeVisible();
  // A screen that opens on a later tab (a company's sections, named in the address) shows that tab in view.
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/company/1');
  const sections = page.getByRole('tablist', { name: 'Company sections' });
  await sections.getByRole('tab').last().click();
  await expect(page).toHaveURL(/[?&]tab=/);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(sections.getByRole('tab').last()).toHaveAttribute('aria-selected', 'true');
  await expectTabsFit(page);
});
