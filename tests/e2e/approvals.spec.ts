import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe } from './support/axe';

async function expectAccessible(page: Page) {
  const { violations } = await analyzeAxe(page);
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('a correction reaches the manager, who approves it from /approvals; a kudo appears on Home', async ({ page, request }) => {
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

/** Light and dark, desktop and phone, of the screen the page is on. */
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

async function signIn(page: Page, email: string) {
  await staffSignIn(page, email);
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
}

test('an agent files a correction, the manager sends it back with a comment, the agent resubmits, the manager accepts', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const summary = `Missed callback ${Date.now().toString(36)}`;
  const ask = 'Say who calls the customer back, and by when.';

  await signIn(page, STAFF.agent.email);
  await page.goto('/forms/correction');
  await expect(page.getByRole('heading', { name: 'Correction Form', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Say what went wrong in a line')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: /^What went wrong/ }).fill(summary);
  await page.getByRole('textbox', { name: /^Customer impact/ }).fill('The customer waited a day for a promised call.');
  await page.getByRole('textbox', { name: /^Root cause/ }).fill('The callback was noted in a comment, not as a task.');
  await page.getByRole('textbox', { name: /^Corrective action/ }).fill('Callbacks are tasks with a due time.');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Correction submitted')).toBeVisible();
  await expect(page.getByRole('list', { name: 'my corrections' }).getByRole('button', { name: summary })).toBeVisible();
  await shoot(page, 'correction');

  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, STAFF.manager.email);
  await manager.goto('/forms/correction');
  await manager.getByRole('tab', { name: /^Review/ }).click();
  await manager.getByRole('list', { name: 'corrections to review' }).getByRole('button', { name: summary }).click();
  const review = manager.getByRole('dialog');
  await expect(review.getByText('The callback was noted in a comment, not as a task.')).toBeVisible();
  await expectAccessible(manager);
  await review.getByRole('textbox', { name: /^Comment/ }).fill(ask);
  await review.getByRole('button', { name: 'Send back' }).click();
  await expect(manager.getByRole('region', { name: 'Notifications' }).getByText('Sent back to the requester')).toBeVisible();
  await expect(review.getByText('Changes requested').first()).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'My submissions' }).click();
  await page.getByRole('list', { name: 'my corrections' }).getByRole('button', { name: summary }).click();
  const mine = page.getByRole('dialog');
  await expect(mine.getByText(ask).first()).toBeVisible();
  await mine.getByRole('button', { name: 'Change and resubmit' }).click();
  await mine.getByRole('textbox', { name: /^Corrective action/ }).fill('Callbacks are tasks with a due time; the agent who promises one owns it, within four hours.');
  await mine.getByRole('button', { name: 'Submit again' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Correction submitted again')).toBeVisible();

  await manager.goto('/approvals');
  await expect(manager.getByRole('link', { name: summary })).toBeVisible();
  await shoot(manager, 'approvals-manager');
  await manager.getByRole('link', { name: summary }).click();
  await expect(manager.getByRole('heading', { name: summary })).toBeVisible();
  await expectAccessible(manager);
  await manager.getByRole('button', { name: 'Accept' }).click();
  await expect(manager.getByRole('region', { name: 'Notifications' }).getByText('Request accepted')).toBeVisible();
  await managerContext.close();

  await page.reload();
  await page.getByRole('tab', { name: 'My submissions' }).click();
  const list = page.getByRole('list', { name: 'my corrections' });
  await expect(list.getByRole('listitem').filter({ hasText: summary }).getByText('Accepted')).toBeVisible();
  await list.getByRole('button', { name: summary }).click();
  const history = page.getByRole('dialog').getByRole('region', { name: 'History' });
  await expect(history.getByText(/sent back for changes/)).toBeVisible();
  await expect(history.getByText(/resubmitted/)).toBeVisible();
  await expect(history.getByText(/approved/)).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await page.goto('/approvals');
  await expect(page.getByRole('heading', { name: 'Out of office' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'approvals');
  await page.goto('/forms/kudo');
  await expect(page.getByRole('heading', { name: 'Kudos Form', level: 1 })).toBeVisible();
  await shoot(page, 'kudo');
});

/** The Monday of the week `weeksBack` weeks before this one (days in UTC, as the browser here counts them). */
function mondayWeeksBack(weeksBack: number): string {
  const today = new Date();
  const monday = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - ((today.getUTCDay() + 6) % 7) - 7 * weeksBack));
  return monday.toISOString().slice(0, 10);
}

test('a time entry of an approved week is corrected: the agent asks, the manager approves in /approvals, the timesheet shows the new value', async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const note = `Depot visit ${stamp}`;
  const summary = `Logged 1 h for a 90-minute visit ${stamp}`;
  const auth = async (email: string) => {
    const login = await request.post('/api/v2/auth/login', { data: { email, password: DEMO_PASSWORD } });
    return { authorization: `Bearer ${(await login.json()).token as string}` };
  };
  const agentAuth = await auth(STAFF.agent.email);
  const managerAuth = await auth(STAFF.manager.email);
  // Its own record: an hour on the Tuesday of the week two weeks back (no other journey uses that week), the week then approved.
  const week = mondayWeeksBack(2);
  const tuesday = new Date(Date.parse(`${week}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const sheet = await (await request.get(`/api/v2/timesheet?week=${week}`, { headers: agentAuth })).json();
  const agentId = sheet.user.id as number;
  if (sheet.status === 'submitted') await request.post('/api/v2/timesheet/decisions', { headers: managerAuth, data: { week, users: [agentId], decision: 'approve' } });
  if (sheet.status === 'submitted' || sheet.status === 'approved') expect((await request.post('/api/v2/timesheet/reopen', { headers: managerAuth, data: { week, user: agentId } })).status()).toBe(200);
  const companies = (await (await request.get('/api/v2/companies', { headers: agentAuth })).json()) as { rows: { id: number; name: string }[] };
  const acme = companies.rows.find((c) => c.name === 'Acme Utilities')!;
  const cell = await request.put('/api/v2/timesheet/cells', { headers: agentAuth, data: { week, item: { kind: 'company', id: acme.id }, day: tuesday, minutes: 60, note } });
  expect(cell.status(), await cell.text()).toBe(200);
  expect((await request.post('/api/v2/timesheet/submit', { headers: agentAuth, data: { week } })).status()).toBe(200);
  expect((await request.post('/api/v2/timesheet/decisions', { headers: managerAuth, data: { week, users: [agentId], decision: 'approve' } })).status()).toBe(200);

  // The agent corrects the entry on the Correction form.
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/forms/correction');
  await page.getByText('Correct my time entry', { exact: true }).click();
  const form = page.getByRole('form', { name: 'Correct my time entry' });
  await form.locator('label').filter({ hasText: note }).click();
  const after = form.getByRole('region', { name: 'After' });
  await after.getByRole('textbox', { name: /^Minutes/ }).fill('90');
  await form.getByRole('textbox', { name: /^Why it is wrong/ }).fill(summary);
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Correction submitted')).toBeVisible();

  // The manager approves it from /approvals; the history says what changed.
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await staffSignIn(manager, STAFF.manager.email);
  await expect(manager).toHaveURL(/\/home$/);
  await manager.goto('/approvals');
  await manager.getByRole('link', { name: `Time correction: ${summary}` }).click();
  await expect(manager.getByRole('heading', { name: `Time correction: ${summary}` })).toBeVisible();
  await expectAccessible(manager);
  await manager.getByRole('button', { name: 'Accept' }).click();
  await expect(manager.getByRole('region', { name: 'Notifications' }).getByText('Request accepted')).toBeVisible();
  await expect(manager.getByRole('list', { name: 'What changed' }).getByText('Minutes 60 → 90')).toBeVisible();
  await expectAccessible(manager);
  await shoot(manager, 'correction-history');
  await managerContext.close();

  // The agent's approved week shows the new value.
  await page.goto('/timesheet');
  const grid = page.getByRole('table', { name: /Time of Avery Agent/ });
  await expect(grid).toBeVisible();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(page.getByText('Approved by Morgan Manager')).toBeVisible();
  await expect(grid.getByRole('textbox', { name: /^Hours for Acme Utilities on Tue/ })).toHaveValue('1:30');
  await expectAccessible(page);

  // The punch kind of the same form, for the screenshots: my punches of the last days, one picked.
  await page.goto('/forms/correction');
  await page.getByText('Correct my punch', { exact: true }).click();
  const punchForm = page.getByRole('form', { name: 'Correct my punch' });
  await punchForm.locator('label:not([data-disabled])').filter({ hasText: '→' }).first().click();
  await expect(punchForm.getByRole('region', { name: 'Before' })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'correction-punch');
});
