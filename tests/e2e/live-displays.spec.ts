/**
 * Live displays in the browser against the real server: a staff member's support board counts a
 * new critical ticket without a reload; an admin pairs a TV by its link, the TV shows its board
 * without anyone signing in, and says so once the admin revokes it; axe finds nothing on the boards
 * and on Admin → Displays. With LIVE_DISPLAY_SCREENSHOTS=1, a second test writes screenshots of the
 * five boards and of Admin → Displays at the wall, desk and phone sizes to test-results/live-displays/.
 */
import { expect, test, type Page } from '@playwright/test';
import { LIVE_BOARD_TITLES, LIVE_BOARDS } from '@contracts/live-display-paths';
import { DEMO_PASSWORD, STAFF, staffSignIn } from './support/accounts';
import { expectAxeClean, expectNoHorizontalOverflow, navigateInApp } from './support/visual';

/** The number a board's figure tile shows. */
const figure = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true }).locator('div').first();

async function openBoard(page: Page, board: (typeof LIVE_BOARDS)[number]) {
  await navigateInApp(page, `/live/displays/${board}`);
  await expect(page.getByRole('heading', { level: 1, name: LIVE_BOARD_TITLES[board] })).toBeVisible();
  await expect(page.getByText('Loading the board…')).toBeHidden();
}

test('a board counts a new critical ticket live; a TV pairs by its link, shows its board signed out, and says so once revoked', async ({ page, browser, request }) => {
  const stamp = Date.now().toString(36);

  // Staff open the Support board from a signed-in tab.
  await staffSignIn(page, STAFF.admin.email);
  await expect(page).toHaveURL(/\/home$/);
  await openBoard(page, 'support');
  await expect(page).toHaveTitle('Live Display: Support · Client Care');
  await expect(page.getByRole('region', { name: 'On call now' })).toBeVisible();
  await expectAxeClean(page);
  const before = Number(await figure(page, 'Critical').textContent());
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  // A critical Support ticket raised through the API reaches the open board without a reload.
  const login = await request.post('/api/v2/auth/login', { data: { email: STAFF.agent.email, password: DEMO_PASSWORD } });
  const auth = { authorization: `Bearer ${(await login.json()).token as string}` };
  const companies = (await (await request.get('/api/v2/companies', { headers: auth })).json()) as { rows: { id: number }[] };
  const created = await request.post('/api/v2/tickets', {
    headers: auth,
    data: { title: `Board check ${stamp}`, description: 'The pumping station reports no pressure', company_id: companies.rows[0]!.id, severity: 'C', queue: 'Support' },
  });
  expect(created.status()).toBe(201);
  // Other journeys may add tickets at the same time: the count grows by at least this one.
  await expect.poll(async () => Number(await figure(page, 'Critical').textContent()), { timeout: 5_000 }).toBeGreaterThan(before);
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  // The other boards, in the portal's light theme (a board is dark whatever the theme): axe finds nothing.
  for (const board of LIVE_BOARDS.filter((b) => b !== 'support')) {
    await openBoard(page, board);
    await expectAxeClean(page);
  }

  // The admin creates a display for Support and Sales and gets its pairing link.
  await navigateInApp(page, '/admin/displays');
  await expect(page.getByRole('heading', { level: 1, name: 'Displays' })).toBeVisible();
  await expect(page).toHaveTitle('Displays · Client Care');
  const name = `Support floor ${stamp}`;
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('group', { name: /^Boards/ }).getByText('Sales', { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Sales' })).toBeChecked();
  await page.getByRole('button', { name: 'Create display' }).click();
  const link = (await page.locator('code').filter({ hasText: '/tv/pair#' }).textContent())!;
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(row.getByText('Waiting to pair', { exact: true })).toBeVisible();
  await expectAxeClean(page);

  // The TV opens the link in a browser nobody signed in to: it pairs and shows the Support board.
  const tvContext = await browser.newContext();
  const tv = await tvContext.newPage();
  await tv.goto(link);
  await expect(tv).toHaveURL(/\/tv$/);
  await expect(tv.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(figure(tv, 'Critical')).toHaveText(/^\d+$/);
  await expect(tv).toHaveTitle('Live Display: Support · Client Care');
  await expectAxeClean(tv);
  await page.reload();
  await expect(row.getByText('Paired', { exact: true })).toBeVisible();

  // Revoked: the TV's stream closes and the TV says it is no longer paired.
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await expect(row.getByText('Revoked', { exact: true })).toBeVisible();
  await expect(tv.getByRole('alert')).toHaveText(/not paired, or it was revoked/, { timeout: 10_000 });
  await tvContext.close();
});

/** The wall (dark, as most wall TVs run), the desk (dark) and the phone (light and dark). */
const BOARD_SIZES = [
  { name: 'wall', width: 1920, height: 1080, themes: ['dark'] },
  { name: 'desk', width: 1366, height: 768, themes: ['dark'] },
  { name: 'phone', width: 375, height: 812, themes: ['light', 'dark'] },
] as const;
const ADMIN_SIZES = [
  { name: 'desk', width: 1366, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;

test('screenshots of the five boards and of Admin → Displays', async ({ page }) => {
  test.skip(!process.env.LIVE_DISPLAY_SCREENSHOTS, 'screenshots are taken on request (LIVE_DISPLAY_SCREENSHOTS=1)');
  test.setTimeout(120_000);
  const wide: string[] = [];
  await staffSignIn(page, STAFF.admin.email);
  await expect(page).toHaveURL(/\/home$/);
  for (const size of BOARD_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const theme of size.themes) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      for (const board of LIVE_BOARDS) {
        await openBoard(page, board);
        await page.screenshot({ path: `test-results/live-displays/${board}-${size.name}-${theme}.png`, fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (overflow > 0) wide.push(`${board} at ${size.name}: ${overflow} px`);
      }
    }
  }
  expect(wide).toEqual([]);
  for (const size of ADMIN_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await navigateInApp(page, '/admin/displays');
      await expect(page.getByRole('heading', { level: 1, name: 'Displays' })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `test-results/live-displays/admin-displays-${size.name}-${theme}.png`, fullPage: true });
    }
  }
});
