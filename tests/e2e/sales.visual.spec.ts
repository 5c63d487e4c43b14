import { expect, test, type Locator, type Page } from '@playwright/test';
import { STAFF, staffSignIn } from './support/accounts';
import { expectAxeClean, THEMES, useViewportAndTheme, VIEWPORTS } from './support/visual';

/**
 * The public "How did you hear about us?" form and the sales dashboard at a desk (1366×800) and on
 * a phone (375×812), light and dark: axe finds nothing and the screenshots match. The demo's sales
 * are laid out around today, so what moves with the date is masked: the month, every figure of the
 * tiles and the per-rep table, the charts and the leaderboard; labels, layout and colours are compared.
 */
test.use({ locale: 'en-US', timezoneId: 'UTC' });

const dashboardMasks = (page: Page): Locator[] => {
  const main = page.getByRole('main');
  return [
    main.locator('header p'),
    main.getByRole('button', { name: /Month/ }),
    main.getByText(/^Every rep, /),
    page.locator('[data-testid^="tile-"] > :not(:first-child)'),
    main.getByRole('region', { name: 'Per rep' }).locator('tbody'),
    main.locator('figure, svg'),
    main.getByRole('region', { name: 'Leaderboard' }).locator('ol, p'),
    page.getByRole('button', { name: /overdue tickets$/ }),
    page.getByRole('button', { name: /^Notifications,/ }),
  ];
};

for (const size of VIEWPORTS) {
  for (const theme of THEMES) {
    test(`the public form and the sales dashboard at ${size.width}×${size.height}, ${theme}`, async ({ page }) => {
      await useViewportAndTheme(page, size, theme);
      const options = { maxDiffPixelRatio: 0.01, fullPage: false };

      await page.goto('/dtc/huhy/submit');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page).toHaveTitle(/How Did You Hear About Us\?/);
      await expect(page.getByRole('heading', { level: 1, name: 'How did you hear about us?' })).toBeVisible();
      await expect(page.getByRole('button', { name: /How did you hear about us\?/ })).toBeVisible();
      await expectAxeClean(page);
      await expect(page).toHaveScreenshot(`sales-public-form-${size.name}-${theme}.png`, options);

      await staffSignIn(page, STAFF.manager.email);
      await expect(page).toHaveURL(/\/home$/);
      await page.goto('/sales/dashboard');
      await expect(page).toHaveTitle(/Sales Dashboard/);
      await expect(page.getByTestId('total-call')).toBeVisible();
      await expect(page.getByTestId('tile-revenue')).toBeVisible();
      await expectAxeClean(page);
      await expect(page).toHaveScreenshot(`sales-dashboard-${size.name}-${theme}.png`, { ...options, mask: dashboardMasks(page) });
    });
  }
}
