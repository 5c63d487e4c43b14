import { expect, test, type Page } from '@playwright/test';
import { STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe } from './support/axe';

async function expectAccessible(page: Page) {
  const { violations } = await analyzeAxe(page);
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('Ctrl+K, type a word with an accent, arrow, Enter: lands on the ticket; Esc gives the focus back; "?" lists the shortcuts', async ({ page }) => {
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  // The portal opens with a page load after the public sign-in page: its shell (and shortcuts) are up once Home shows.
  await expect(page.getByRole('heading', { name: /Welcome/, level: 1 })).toBeVisible();

  // The palette from the keyboard; the word typed with an accent and in capitals.
  await page.keyboard.press('Control+k');
  const field = page.getByRole('combobox', { name: 'Search everything' });
  await expect(field).toBeFocused();
  await field.fill('MÉTER');
  const tickets = page.getByRole('group', { name: 'Tickets' }).getByRole('option');
  await expect(tickets.first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/search-palette.png' });
  await page.keyboard.press('ArrowDown');
  const second = tickets.nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  const number = /^#(\d+)/.exec((await second.textContent()) ?? '')![1]!;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/ticket/${number}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The header's button opens it too; Esc closes it and the focus goes back to the button.
  const button = page.getByRole('button', { name: /Search everything/ });
  await button.click();
  await expect(field).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(button).toBeFocused();

  // "?" lists the shortcuts; "g t" goes to the ticket search.
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('?');
  const overlay = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(overlay.getByText('Search everything')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(overlay).toHaveCount(0);
  await page.keyboard.press('g');
  await page.keyboard.press('t');
  await expect(page).toHaveURL(/\/ticket\/search/);
});

test('on a phone the header keeps a named search button that opens the palette', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await staffSignIn(page, STAFF.agent.email);
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Search everything' }).click();
  await page.getByRole('combobox', { name: 'Search everything' }).fill('acme');
  await expect(page.getByRole('group', { name: 'Companies' }).getByRole('option').first()).toBeVisible();
  await expectAccessible(page);
});
