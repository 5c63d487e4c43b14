import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { STAFF, staffSignIn } from './support/accounts';

test('an admin adds an SMTP listener channel on the Email in screen; it is off until switched on', async ({ page }) => {
  const name = `Forwarded ${Date.now().toString(36)}`;
  await staffSignIn(page, STAFF.admin.email);
  await page.getByRole('link', { name: 'Email in' }).click();
  await expect(page.getByRole('heading', { name: 'Email in', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add a channel' });
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await form.getByRole('button', { name: /Kind/ }).click();
  await page.getByRole('option', { name: /SMTP listener/ }).click();
  await form.getByRole('textbox', { name: /^Address clients write to/ }).fill('forward@helpdesk.example');
  await form.getByRole('textbox', { name: /^Port/ }).fill('2599');
  await form.getByRole('button', { name: 'Add channel' }).click();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 3 }) });
  await expect(row).toContainText('SMTP listener on 127.0.0.1:2599');
  await expect(row).toContainText('Off');
  await page.screenshot({ path: 'test-results/mail-admin-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'test-results/mail-admin-phone.png', fullPage: true });
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
