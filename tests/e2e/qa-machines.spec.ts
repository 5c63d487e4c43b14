import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { STAFF, staffSignIn } from './support/accounts';

test('/qa/machines draws every machine and highlights the live staff session state', async ({ page }) => {
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  // The home screen's tickets machine has loaded its data before we leave.
  await expect(page.getByRole('table')).toBeVisible();
  // In-app navigation keeps this tab's actors (and their event log) alive.
  await page.evaluate(() => window.history.pushState(null, '', '/qa/machines'));
  await expect(page.getByRole('heading', { name: 'Machines', level: 1 })).toBeVisible();

  const staff = page.locator('section[data-machine="staff-session"]');
  await expect(staff.locator('[data-state-id="staffSession.signedIn"][data-active="true"]')).toBeVisible();
  await expect(staff.locator('[data-active="true"]')).toHaveCount(1);
  await expect(page.getByTestId('current-state-staff-session')).toHaveText('signedIn');
  await expect(staff.getByRole('list', { name: 'Recent events of staff-session' })).toContainText('session.signIn');
  for (const id of ['client-session', 'my-tickets']) {
    await expect(page.locator(`section[data-machine="${id}"] svg [data-state-id]`).first()).toBeVisible();
  }
  // The tickets machine of /home ran in this tab too: its last state is shown.
  await expect(page.getByTestId('current-state-my-tickets')).toHaveText('ready');

  const download = page.waitForEvent('download');
  await staff.getByRole('button', { name: 'Download staff-session.svg' }).click();
  expect((await download).suggestedFilename()).toBe('staff-session.svg');

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // A reload restores the session from per-tab storage: checking → signedIn, highlighted again.
  await page.reload();
  await expect(page.locator('section[data-machine="staff-session"] [data-state-id="staffSession.signedIn"][data-active="true"]')).toBeVisible();
  await expect(page.getByTestId('current-state-my-tickets')).toHaveCount(0);
});
