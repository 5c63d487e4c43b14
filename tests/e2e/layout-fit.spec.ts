/**
 * The staff layout fits: at 1366×800 the sidebar's menu scrolls inside it and Log Out stays in
 * sight; toasts stack bottom right (across the bottom on a phone), at most three, clear of the
 * header, a repeated message counted rather than stacked; Managed Services and a ticket view fit
 * the window at both sizes. Screenshots of each, light and dark, go to the test's output.
 */
import { expect, test, type Page } from '@playwright/test';
import { STAFF, staffSignIn } from './support/accounts';
import { expectNoHorizontalOverflow, navigateInApp, VIEWPORTS } from './support/visual';

/** The staff header's height (StaffLayout.module.css). */
const HEADER_PX = 56;

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test('at 1366×800 the menu scrolls inside the sidebar and Log Out stays in sight', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await staffSignIn(page, STAFF.admin.email);
  await expect(page.getByRole('heading', { name: `Welcome, ${STAFF.admin.name}` })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const logOut = menu.getByRole('button', { name: 'Log Out' });
  await expect(logOut).toBeInViewport({ ratio: 1 });
  // Every group opened: the menu is far taller than the window, and Log Out has not moved.
  const closed = menu.locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  await expect(logOut).toBeInViewport({ ratio: 1 });
  const scrolls = await menu.locator('ul').first().evaluate((ul) => ul.scrollHeight > ul.clientHeight);
  expect(scrolls).toBe(true);
  await expectNoHorizontalOverflow(page);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await shoot(page, `sidebar-desktop-${scheme}`);
  }
});

for (const size of VIEWPORTS) {
  test(`toasts stack ${size.name === 'desktop' ? 'bottom right' : 'across the bottom'}, at most three, clear of the header, a repeat counted`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await staffSignIn(page, STAFF.admin.email);
    await expect(page.getByRole('heading', { name: `Welcome, ${STAFF.admin.name}` })).toBeVisible();
    await navigateInApp(page, '/qa/ui#toasts');
    // The UI kit is one very long page: its first render can take a while on a busy machine.
    await expect(page.locator('#toasts')).toBeVisible({ timeout: 30_000 });
    const button = (name: string) => page.locator('#toasts').getByRole('button', { name, exact: true });
    for (const name of ['Success', 'Error', 'Warning', 'Info with action', 'Error']) await button(name).click();
    const region = page.getByRole('region', { name: 'Notifications' });
    await expect(region.getByRole('listitem')).toHaveCount(3);
    await expect(region.getByRole('listitem').filter({ hasText: 'Could not save the ticket' })).toContainText('×2');
    const box = (await region.boundingBox())!;
    expect(box.y).toBeGreaterThan(HEADER_PX);
    expect(box.y + box.height).toBeLessThanOrEqual(size.height);
    expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    if (size.name === 'desktop') expect(box.x).toBeGreaterThan(size.width / 2);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await shoot(page, `toasts-${size.name}-${scheme}`);
    }
  });

  test(`Managed Services and a ticket view fit the window at ${size.name} size`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await staffSignIn(page, STAFF.manager.email);
    await expect(page.getByRole('heading', { name: `Welcome, ${STAFF.manager.name}` })).toBeVisible();
    await navigateInApp(page, '/managed/services');
    await expect(page.getByRole('heading', { level: 1, name: 'Managed Services' })).toBeVisible();
    await expect(page.getByRole('table').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await shoot(page, `managed-services-${size.name}-${scheme}`);
    }
    await navigateInApp(page, '/ticket/search');
    const ticket = page.locator('main a[href^="/ticket/"]:not([href^="/ticket/search"])').first();
    await expect(ticket).toBeVisible();
    await navigateInApp(page, (await ticket.getAttribute('href'))!);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalOverflow(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await shoot(page, `ticket-view-${size.name}-${scheme}`);
    }
  });
}
