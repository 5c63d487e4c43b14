import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, STAFF, staffSignIn } from './support/accounts';

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('a correction reaches the manager, who approves it from /approvals; a kudo appears on Home', async ({ page, request }) => {
  test.setTimeout(90_000);
  const summary = `Late reads ${Date.now().toString(36)}`;
  const login = await request.post('/api/v2/auth/login', { data: { email: STAFF.agent.email, password: DEMO_PASSWORD } });
  const token = (await login.json()).token as string;
  const created = await request.post('/api/v2/approvals/requests', {
    headers: { authorization: `Bearer ${token}` },
    data: { formType: 'correction', payload: { summary, customerImpact: 'Reads late by an hour.', rootCause: 'A stuck import job.', correctiveAction: 'An alert on the job.' } },
  });
  expect(created.status()).toBe(201);

  await staffSignIn(page, STAFF.manager.email);
  await page.getByRole('link', { name: /^Approvals/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(summary) });
  await expect(row).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.screenshot({ path: 'test-results/approvals-1366.png' });
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Approve selected (1)' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Request approved')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(summary) })).toHaveCount(0);

  // A kudo sent by API shows on Home.
  const message = `Thanks for the quick fix ${Date.now().toString(36)} on the import job.`;
  const kudo = await request.post('/api/v2/approvals/requests', { headers: { authorization: `Bearer ${token}` }, data: { formType: 'kudo', payload: { toId: 1, message, value: 'Own it' } } });
  expect(kudo.status()).toBe(201);
  await page.goto('/home');
  await expect(page.getByText(message)).toBeVisible();

  await page.goto('/forms/kudo');
  await expect(page.getByRole('heading', { name: 'Kudos Form', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/kudo-1366.png' });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'test-results/kudo-375.png' });
  await page.goto('/approvals');
  await page.screenshot({ path: 'test-results/approvals-375.png' });
});
