import { expect, test, type Page } from '@playwright/test';
import { STAFF, staffSignIn } from './support/accounts';
import { expectAxeClean } from './support/visual';

const DAY = 86_400_000;
/** The demo's Support rotation hands the watch to the agent every fifth Monday from two weeks ago: three weeks ahead it is theirs again. */
function agentOnCallWeek(): { monday: string; from: string; to: string } {
  const now = Date.now();
  const monday = now - ((new Date(now).getUTCDay() + 6) % 7) * DAY + 21 * DAY;
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { monday: day(monday), from: day(monday + DAY), to: day(monday + 2 * DAY) };
}

/** The kit's date pickers take a date segment by segment (month, day, year in en-US). */
async function typeDate(page: Page, label: string, iso: string) {
  const [year, month, day] = iso.split('-');
  await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.type(`${month}${day}${year}`);
}

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

test('PTO asked while on call: the manager sees the gap, approves in Approvals, and the leave shows on the schedule', async ({ page, browser }) => {
  // Three screens shot at two sizes in two themes.
  test.slow();
  const week = agentOnCallWeek();
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/certification-pto-dashboard');
  await expect(page.getByRole('heading', { name: 'Certification and PTO Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Available')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'ITIL 4 Foundation' })).toBeVisible();
  await expectAxeClean(page);
  await typeDate(page, 'First day', week.from);
  await typeDate(page, 'Last day', week.to);
  await page.getByRole('textbox', { name: /^Note/ }).fill('School play and the day after');
  await page.getByRole('button', { name: 'Request time off' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Time off requested')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'In review' }).first()).toBeVisible();
  await shoot(page, 'pto-dashboard');

  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await staffSignIn(manager, STAFF.manager.email);
  await expect(manager).toHaveURL(/\/home$/);
  await manager.goto('/certification-pto-dashboard');
  const request = manager.getByRole('region', { name: `${STAFF.agent.name}: ${week.from} to ${week.to}` });
  await expect(request.getByText(/^Leaves \d+ on-call stretch/)).toBeVisible();
  await expectAxeClean(manager);
  await shoot(manager, 'pto-dashboard-manager');
  await expect(request.getByRole('link', { name: 'Decide in Approvals' })).toHaveAttribute('href', /^\/approvals\/requests\/\d+$/);
  await manager.goto('/approvals');
  await manager.getByRole('link', { name: `Time off ${week.from} to ${week.to}` }).click();
  await manager.getByRole('button', { name: 'Accept' }).click();
  await expect(manager.getByRole('region', { name: 'Notifications' }).getByText('Request accepted')).toBeVisible();

  await manager.goto('/weekly-schedule');
  await expect(manager.getByRole('heading', { name: 'Weekly Schedule', level: 1 })).toBeVisible();
  await expect(manager.getByRole('table')).toBeVisible();
  for (let i = 0; i < 3; i++) {
    await manager.getByRole('button', { name: 'Next week' }).click();
    await expect(manager.getByRole('table')).toBeVisible();
  }
  const agentRow = manager.getByRole('row', { name: new RegExp(`^${STAFF.agent.name}`) });
  await expect(agentRow.getByText('Off', { exact: true })).toHaveCount(2);
  await expect(manager.getByText('Avery Agent is on leave').first()).toBeVisible();
  await expectAxeClean(manager);
  // A shift added by keyboard: the owner's "Add" of a day, then Save.
  await agentRow.getByRole('button', { name: /^Add a shift for Avery Agent/ }).first().focus();
  await manager.keyboard.press('Enter');
  const dialog = manager.getByRole('dialog', { name: 'Add a shift' });
  await dialog.getByRole('textbox', { name: 'Start' }).fill('08:00');
  await dialog.getByRole('textbox', { name: /^End/ }).fill('12:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(manager.getByRole('region', { name: 'Notifications' }).getByText('Shift saved')).toBeVisible();
  await expect(agentRow.getByRole('button', { name: /08:00.*12:00|8:00.*12:00/ })).toBeVisible();
  await shoot(manager, 'weekly-schedule');
  await managerContext.close();
});
