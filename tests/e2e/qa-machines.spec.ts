import { expect, test } from '@playwright/test';
import { STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe } from './support/axe';

test('/qa/machines draws every machine and highlights the live states as they change', async ({ page }) => {
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  // The home screen's tickets machine has loaded its data before we leave.
  await expect(page.getByRole('region', { name: 'My open tickets' }).getByRole('listitem').first()).toBeVisible();
  // In-app navigation keeps this tab's actors (and their event log) alive.
  await page.evaluate(() => window.history.pushState(null, '', '/qa/machines'));
  await expect(page.getByRole('heading', { name: 'Machines', level: 1 })).toBeVisible();

  const staff = page.locator('section[data-machine="staff-session"]');
  await expect(staff.locator('[data-state-id="staffSession.signedIn"][data-active="true"]')).toBeVisible();
  // signedIn is parallel (role, initials): its regions are active with it, no other top state is.
  for (const other of ['checking', 'signedOut', 'signingIn', 'signingOut']) {
    await expect(staff.locator(`[data-state-id="staffSession.${other}"][data-active="true"]`)).toHaveCount(0);
  }
  await expect(page.getByTestId('current-state-staff-session')).toContainText('signedIn');
  // The diagram is styled under the page's CSP: boxes are filled white and the active one amber.
  const fill = (id: string) =>
    staff.locator(`[data-state-id="${id}"] > rect.box`).evaluate((el) => getComputedStyle(el).fill);
  expect(await fill('staffSession.signedOut')).toBe('rgb(255, 255, 255)');
  expect(await fill('staffSession.signedIn')).toBe('rgb(255, 243, 196)');
  // Sign-in happens on the light public page; this tab's session restored itself and read the profile.
  await expect(staff.getByRole('list', { name: 'Recent events of staff-session' })).toContainText('xstate.done.actor.profileMe');
  for (const id of ['client-session', 'my-tickets']) {
    await expect(page.locator(`section[data-machine="${id}"] svg [data-state-id]`).first()).toBeVisible();
  }
  // The tickets machine of /home ran in this tab too: its last state is shown.
  await expect(page.getByTestId('current-state-my-tickets')).toHaveText('ready');

  // The overdue poll runs invoked by the session: opening the modal from the header badge moves
  // its highlight from modal.closed to modal.open, and the event shows in its log.
  const overdue = page.locator('section[data-machine="overdue"]');
  await expect(overdue.locator('[data-state-id="overdue.modal.closed"][data-active="true"]')).toHaveCount(1);
  await page.getByRole('button', { name: /overdue tickets$/ }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: 'Overdue Tickets' })).toBeVisible();
  await expect(overdue.locator('[data-state-id="overdue.modal.open"][data-active="true"]')).toHaveCount(1);
  await expect(overdue.locator('[data-state-id="overdue.modal.closed"][data-active="true"]')).toHaveCount(0);
  await expect(overdue.getByRole('list', { name: 'Recent events of overdue' })).toContainText('overdue.openModal');
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expect(overdue.locator('[data-state-id="overdue.modal.closed"][data-active="true"]')).toHaveCount(1);

  const download = page.waitForEvent('download');
  await staff.getByRole('button', { name: 'Download staff-session.svg' }).click();
  expect((await download).suggestedFilename()).toBe('staff-session.svg');

  const results = await analyzeAxe(page);
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // A reload restores the session from per-tab storage: checking → signedIn, highlighted again.
  await page.reload();
  await expect(page.locator('section[data-machine="staff-session"] [data-state-id="staffSession.signedIn"][data-active="true"]')).toBeVisible();
  await expect(page.getByTestId('current-state-my-tickets')).toHaveCount(0);
});
