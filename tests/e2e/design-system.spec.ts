/**
 * The design system in the real app: every data table lines up header over body at 375 and 1366 px
 * without pushing the page sideways, Survey Results stacks its comments on a phone, and a pending
 * button is axe clean while it waits and after it has left the page.
 */
import { expect, test, type Page } from '@playwright/test';
import { CLIENTS, clientLogIn, STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe, axeLines } from './support/axe';

async function expectAxeClean(page: Page) {
  const results = await analyzeAxe(page);
  expect(axeLines(results.violations)).toEqual([]);
}

/** Header cells and the first body row's cells of every data table: left edge and width, rounded. */
const tableGeometry = (page: Page) =>
  page.locator('table.dt-table').evaluateAll((tables) =>
    tables.map((t) => {
      const table = t as HTMLTableElement;
      const box = (c: Element) => {
        const r = c.getBoundingClientRect();
        return { left: Math.round(r.left), width: Math.round(r.width) };
      };
      const head = [...(table.tHead?.rows[0]?.cells ?? [])];
      const body = [...(table.tBodies[0]?.querySelector('tr.dt-row')?.children ?? [])];
      return {
        head: head.map(box),
        body: body.map(box),
        labels: head.map((c) => (c.textContent ?? '').replace(/[↕▲▼]/g, '').trim() || (c.querySelector('input[aria-label]') ? 'checkbox' : '')),
      };
    }),
  );

const SCREENS: { path: string; heading: RegExp; tab?: string }[] = [
  { path: '/ticket/search', heading: /^Ticket Search$/ },
  { path: '/company/search', heading: /^Company Search$/ },
  { path: '/report/view?report=sla-attainment', heading: /^SLA attainment$/ },
  { path: '/project/search', heading: /^Project Search$/ },
  { path: '/timesheet', heading: /^Time$/, tab: 'Team' },
];

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1366, height: 800 },
]) {
  test(`data tables line up header over body and never widen the page at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await staffSignIn(page, STAFF.admin.email);
    await expect(page).toHaveURL(/\/home$/);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      if (screen.tab) await page.getByRole('tab', { name: screen.tab }).click();
      await expect(page.locator('table.dt-table tbody tr.dt-row').first()).toBeVisible();
      const tables = await tableGeometry(page);
      expect(tables.length, screen.path).toBeGreaterThan(0);
      for (const t of tables) {
        expect(t.body, screen.path).toEqual(t.head);
        for (const [i, cell] of t.head.entries()) {
          expect(cell.width, `${screen.path} column ${t.labels[i]}`).toBeGreaterThan(30);
          expect(t.labels[i], `${screen.path} header ${i}`).not.toBe('');
        }
      }
      // The page itself never scrolls sideways: a table too wide for its box scrolls inside it.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, screen.path).toBeLessThanOrEqual(0);
    }
  });
}

test('Survey Results on a phone: kit filters, comment rows stacked inside the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await staffSignIn(page, STAFF.admin.email);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/report/surveys');
  await expect(page.getByRole('heading', { level: 1, name: 'Survey results' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'From' })).toBeVisible();
  const firstComment = page.getByRole('region', { name: 'Responses and comments' }).getByRole('row').nth(1);
  await expect(firstComment).toBeVisible();
  const cells = await firstComment.getByRole('cell').evaluateAll((els) => els.map((e) => ({ right: Math.round(e.getBoundingClientRect().right), label: e.getAttribute('data-label') })));
  expect(cells.map((c) => c.label)).toEqual(['Received', 'Survey', 'Company', 'Ticket', 'Q1', 'Q2', 'Comments']);
  for (const c of cells) expect(c.right, c.label ?? '').toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectAxeClean(page);
});

test('a pending button is axe clean while it waits and after its form gives way to the confirmation', async ({ page }) => {
  await clientLogIn(page, CLIENTS.acme.email);
  await expect(page).toHaveURL(/\/client\/?$/);
  // The message is held for a moment and answered here, so nothing is written to the shared database.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v2/client/contact-support', async (route) => {
    await held;
    await route.fulfill({ status: 201, json: { id: 4242 } });
  });
  await page.goto('/client/contact/support');
  await page.getByRole('textbox', { name: /^Subject/ }).fill('Invoice copy');
  await page.getByRole('textbox', { name: /^Message/ }).fill('Please send a copy of the October invoice.');
  await page.getByRole('button', { name: 'Send message' }).press('Enter');

  const pending = page.getByRole('button', { name: /Send message/ });
  await expect(pending).toHaveAttribute('aria-disabled', 'true');
  await expect(pending).toBeFocused();
  await expect(pending.getByRole('progressbar')).toBeVisible();
  // Said once, as text, in the kit's polite region.
  await expect(page.locator('[data-cc-announcer]')).toHaveText('Working');
  await expectAxeClean(page);

  release();
  await expect(page.getByText('Your message became ticket #4242')).toBeVisible();
  // The button has left the page; its announcement must not leave a nameless image behind.
  await expect(page.locator('[role="img"][aria-labelledby]')).toHaveCount(0);
  await expectAxeClean(page);
});
