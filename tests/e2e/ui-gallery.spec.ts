import { expect, test, type Page } from '@playwright/test';
import { STAFF, staffSignIn } from './support/accounts';
import { navigateInApp } from './support/visual';
import { analyzeAxe, axeLines } from './support/axe';

/**
 * The UI kit gallery (/qa/ui) at a desk and on a phone, in both themes: axe finds nothing, a modal
 * dialog is centred, a checkbox's label sits beside its box, and the screenshots match.
 */
test.use({ locale: 'en-US', timezoneId: 'UTC' });

const SIZES = [
  { name: 'desktop', width: 1366, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

async function openGallery(page: Page) {
  await staffSignIn(page, STAFF.admin.email);
  await expect(page).toHaveURL(/\/home$/);
  // Home has drawn (the signed-in layout is in place) before the app moves on.
  await expect(page.getByRole('heading', { name: /^Welcome, /, level: 1 })).toBeVisible();
  await navigateInApp(page, '/qa/ui');
  // The gallery holds every component of the kit: its chunk is the largest a staff screen loads,
  // and on a busy machine it takes longer than the default look.
  await expect(page.getByRole('heading', { name: 'UI kit', level: 1 })).toBeVisible({ timeout: 45_000 });
}

for (const size of SIZES) {
  for (const scheme of SCHEMES) {
    test(`gallery at ${size.width}×${size.height}, ${scheme}: axe, centred dialog, checkbox label, screenshot`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await openGallery(page);
      // No stored choice: the system preference decides.
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);

      const gallery = page.getByTestId('ui-gallery');
      const axe = await analyzeAxe(page, '[data-testid="ui-gallery"]');
      expect(axeLines(axe.violations)).toEqual([]);

      // The checkbox's label is beside the box, on the same line, not above or below it.
      const checkbox = gallery.getByRole('checkbox', { name: 'Notify the client', exact: true });
      await expect(checkbox).toBeAttached();
      const { box, text } = await checkbox.evaluate((input) => {
        const label = input.closest('label')!;
        const spans = [...label.children].filter((el) => el.tagName === 'SPAN' && !el.contains(input));
        const rect = (el: Element) => {
          const r = el.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        };
        return { box: rect(spans[0]!), text: rect(spans[1]!.firstElementChild!) };
      });
      expect(text.x).toBeGreaterThanOrEqual(box.x + box.width);
      expect(Math.abs(text.y + text.height / 2 - (box.y + box.height / 2))).toBeLessThanOrEqual(3);

      await page.mouse.move(0, 0);
      await expect(gallery).toHaveScreenshot(`gallery-${size.name}-${scheme}.png`, { maxDiffPixelRatio: 0.01 });

      // A modal dialog sits in the middle of the viewport (full screen on a phone, still centred).
      await gallery.getByRole('button', { name: 'Open md dialog' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit ticket (md)' });
      await expect(dialog).toBeVisible();
      // Measured once its entrance (a rise of 8 px, one frame long with motion reduced) has ended.
      await expect(page.locator('[data-entering]')).toHaveCount(0);
      const modal = (await dialog.boundingBox())!;
      expect(Math.abs(modal.x + modal.width / 2 - size.width / 2)).toBeLessThanOrEqual(2);
      expect(Math.abs(modal.y + modal.height / 2 - size.height / 2)).toBeLessThanOrEqual(2);
      expect(modal.x).toBeGreaterThanOrEqual(0);
      const axeDialog = await analyzeAxe(page, '[role="dialog"]');
      expect(axeDialog.violations.map((v) => v.id)).toEqual([]);
      await expect(page).toHaveScreenshot(`dialog-${size.name}-${scheme}.png`, { maxDiffPixelRatio: 0.01, mask: [page.locator('header.shell-header')] });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(gallery.getByRole('button', { name: 'Open md dialog' })).toBeFocused();
    });
  }
}

test('the theme switcher stores the choice and applies it at once and after a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openGallery(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('radio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('cc.theme'))).toBe('dark');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'UI kit', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('radio', { name: 'System' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('cc.theme'))).toBeNull();
});

test('a toast says a save worked, closes by itself, and errors stay until closed', async ({ page }) => {
  await openGallery(page);
  // The page's timers from here on run on a clock the test moves: a toast's seconds pass at once.
  await page.clock.install();
  const gallery = page.getByTestId('ui-gallery');
  await gallery.getByRole('button', { name: 'Success' }).click();
  const region = page.getByRole('region', { name: 'Notifications' });
  await expect(region.getByText('Ticket saved')).toBeVisible();
  await page.clock.runFor(4_000);
  await expect(region.getByText('Ticket saved')).toBeVisible();
  await page.clock.runFor(1_500);
  await expect(region).toBeHidden();
  await gallery.getByRole('button', { name: 'Error', exact: true }).click();
  await expect(region.getByText('Could not save the ticket')).toBeVisible();
  await page.clock.runFor(60_000);
  await expect(region.getByText('Could not save the ticket')).toBeVisible();
  await region.getByRole('button', { name: 'Dismiss: Could not save the ticket' }).click();
  await expect(region).toBeHidden();
});
