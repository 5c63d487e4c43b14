import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe, axeLines } from './support/axe';

async function expectAccessible(page: Page) {
  const { violations } = await analyzeAxe(page);
  expect(axeLines(violations)).toEqual([]);
}

const seconds = (text: string) => {
  const [h, m, s] = text.trim().split(':').map(Number);
  return h! * 3600 + m! * 60 + s!;
};

test.describe.configure({ mode: 'serial' });

test('the timeclock: punch in, take a break, punch out', async ({ page }) => {
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/timeclock');
  await expect(page).toHaveTitle(/Time Clock/);
  await page.getByRole('button', { name: 'Punch in' }).click();
  await expect(page.getByText('Punched in', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Start break' }).click();
  await expect(page.getByText('On a break', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'End break' }).click();
  await expect(page.getByRole('button', { name: 'Start break' })).toBeVisible();
  await page.getByRole('button', { name: 'Punch out' }).click();
  await expect(page.getByRole('button', { name: 'Punch in' })).toBeVisible();
  await expect(page.getByText('Punched out', { exact: true })).toBeVisible();
  // The punch is listed with its times.
  await expect(page.getByRole('region', { name: "This week's punches" }).getByRole('row')).toHaveCount(2);
  await expectAccessible(page);
});

test('the tracker window keeps its time on the server through a reload; stopping posts the rounded entry to the timesheet', async ({ page, request }) => {
  const login = await request.post('/api/v2/auth/login', { data: { email: STAFF.agent.email, password: DEMO_PASSWORD } });
  const { token, userid } = (await login.json()) as { token: string; userid: number };
  const contracts = await (await request.get('/api/v2/ms/contracts', { headers: { authorization: `Bearer ${token}` } })).json();
  const acme = contracts.contracts.find((c: { company: string }) => c.company === 'Acme Utilities');

  await page.clock.install();
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/ms/time/tracker/${acme.company_id}/Acme%20Utilities/${userid}`);
  await expect(page.getByRole('heading', { name: 'Acme Utilities' })).toBeVisible();
  await expect(page).toHaveTitle(/Acme Utilities/);
  const shown = page.getByRole('status', { name: 'Time on the timer' });
  await expect(shown).toHaveText('0:00:00');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Running')).toBeVisible();
  // The controlled clock moves the count on.
  await page.clock.runFor(5_000);
  expect(seconds(await shown.innerText())).toBeGreaterThanOrEqual(5);
  await expectAccessible(page);

  // Paused, the server holds the time still: a reload shows exactly it.
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Paused')).toBeVisible();
  const paused = await shown.innerText();
  await page.reload();
  await expect(page.getByText('Paused')).toBeVisible();
  await expect(shown).toHaveText(paused);

  // Running, a reload mid-run shows the server's running time again (the same, give or take the reload's own seconds).
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByText('Running')).toBeVisible();
  const before = seconds(await shown.innerText());
  await page.reload();
  await expect(page.getByText('Running')).toBeVisible();
  const after = seconds(await shown.innerText());
  expect(after).toBeGreaterThanOrEqual(before);
  expect(after - before).toBeLessThan(10);

  await page.getByRole('button', { name: 'Stop' }).click();
  await page.getByLabel('Note').fill('Firewall rules reviewed');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Stop and post' }).click();
  await expect(page.getByText('Time posted')).toBeVisible();
  // Under a minute of work, rounded up to the contract's 15 minutes.
  await expect(page.getByText(/0:15 posted to Acme Utilities/)).toBeVisible();

  await page.goto('/timesheet');
  await expect(page).toHaveTitle(/Time/);
  const grid = page.getByRole('table', { name: /Time of Avery Agent/ });
  const row = grid.getByRole('row').filter({ hasText: 'Acme Utilities' });
  await expect(row.getByRole('cell').last()).toHaveText('0:15');
});

test('the tracker window discards a timer after confirmation, posting nothing', async ({ page, request }) => {
  const login = await request.post('/api/v2/auth/login', { data: { email: STAFF.agent.email, password: DEMO_PASSWORD } });
  const { token, userid } = (await login.json()) as { token: string; userid: number };
  const contracts = await (await request.get('/api/v2/ms/contracts', { headers: { authorization: `Bearer ${token}` } })).json();
  const acme = contracts.contracts.find((c: { company: string }) => c.company === 'Acme Utilities');

  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/ms/time/tracker/${acme.company_id}/Acme%20Utilities/${userid}`);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('Running')).toBeVisible();
  await page.getByRole('button', { name: 'Discard' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Discard this timer?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Keep timer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Running')).toBeVisible();
  await page.getByRole('button', { name: 'Discard' }).click();
  await dialog.getByRole('button', { name: 'Discard timer' }).click();
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Time on the timer' })).toHaveText('0:00:00');
  await expect(page.getByText('Time posted')).toBeHidden();
  // The server has no timer left.
  const after = await (await request.get(`/api/v2/ms/tracker/${acme.company_id}/${userid}`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(after.timer).toBeNull();
});

test('a project row: added from the picker, 2:00 typed by keyboard, in the week total and in the project hours used', async ({ page, request }) => {
  const login = await request.post('/api/v2/auth/login', { data: { email: STAFF.admin.email, password: DEMO_PASSWORD } });
  const { token, userid } = (await login.json()) as { token: string; userid: number };
  const headers = { authorization: `Bearer ${token}` };
  const companies = (await (await request.get('/api/v2/companies?q=Acme', { headers })).json()) as { rows: { id: number; name: string }[] };
  const acme = companies.rows.find((c) => c.name === 'Acme Utilities')!;
  const name = `Portal relaunch ${Date.now().toString(36)}`;
  const created = await request.post('/api/v2/projects', { headers, data: { name, company_id: acme.id, owner_id: userid, status: 'active', budget_hours: 10 } });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { project: { id: number } }).project.id;

  await staffSignIn(page, STAFF.admin.email);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/timesheet');
  await expect(page.getByRole('table', { name: /Time of / })).toBeVisible();
  await page.getByRole('button', { name: 'Add row' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a row' });
  await dialog.getByText('A project', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'A project' })).toBeChecked();
  await dialog.getByRole('combobox', { name: 'Project' }).fill(name);
  await page.getByRole('option', { name: `${name} · Acme Utilities` }).click();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add row' }).click();

  const grid = page.getByRole('table', { name: /Time of Alex Admin/ });
  const row = grid.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('link', { name: `Project ${name}` })).toHaveAttribute('href', `/project/${projectId}`);
  const minutesOf = (text: string) => {
    const [h, m] = text.trim().split(':').map(Number);
    return h! * 60 + m!;
  };
  const weekTotal = grid.locator('tfoot td').last();
  const before = minutesOf(await weekTotal.innerText());
  const monday = row.getByRole('textbox').first();
  await monday.click();
  await page.keyboard.type('2:00');
  await page.keyboard.press('Enter');
  await expect(monday).toHaveValue('2:00');
  await expect(row.getByRole('cell').last()).toHaveText('2:00');
  const after = before + 120;
  await expect(weekTotal).toHaveText(`${Math.floor(after / 60)}:${String(after % 60).padStart(2, '0')}`);
  await expectAccessible(page);

  // The row's link opens the project: its hours used count the two hours.
  await row.getByRole('link', { name: `Project ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}$`));
  await expect(page.getByRole('meter').first()).toHaveAttribute('aria-valuetext', '2 h of 10 h');
});

test('a week is submitted by the agent and approved by the manager', async ({ page, browser }) => {
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/timesheet');
  const grid = page.getByRole('table', { name: /Time of Avery Agent/ });
  await expect(grid).toBeVisible();
  // Quick entry: type 1:30 in the Acme row's first cell that is still empty, Enter saves.
  const cells = grid.getByRole('row').filter({ hasText: 'Acme Utilities' }).getByRole('textbox');
  let target = cells.first();
  for (let i = 0; i < 7; i++) {
    if ((await cells.nth(i).inputValue()) === '') {
      target = cells.nth(i);
      break;
    }
  }
  // The week's total before (other journeys running beside this one may log the agent's time too).
  const weekTotal = grid.getByRole('row').last().getByRole('cell').last();
  const [h, m] = (await weekTotal.innerText()).trim().split(':').map(Number);
  const after = (h! * 60 + m! + 90);
  await target.click();
  await page.keyboard.type('1:30');
  await page.keyboard.press('Enter');
  await expect(target).toHaveValue('1:30');
  await expect(weekTotal).toHaveText(`${Math.floor(after / 60)}:${String(after % 60).padStart(2, '0')}`);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Submit week' }).click();
  await expect(page.getByText('Submitted for approval', { exact: true })).toBeVisible();
  await expect(target).toBeDisabled();

  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await staffSignIn(manager, STAFF.manager.email);
  await expect(manager).toHaveURL(/\/home$/);
  await manager.goto('/timesheet');
  await manager.getByRole('tab', { name: 'Team' }).click();
  const team = manager.getByRole('table', { name: 'Weeks of my team' });
  const avery = team.getByRole('row').filter({ hasText: 'Avery Agent' });
  await expect(avery).toContainText('Submitted');
  await expectAccessible(manager);
  await avery.getByRole('checkbox').check();
  await expect(manager.getByRole('button', { name: /Approve selected \(1\)/ })).toBeEnabled();
  // The week itself, in the manager's words, the whole week on screen, approved from there.
  await avery.getByText('Avery Agent').click();
  const week = manager.getByRole('dialog', { name: /Avery Agent, week of/ });
  await expect(week.getByText(/^Submitted by Avery Agent on /)).toBeVisible();
  await expect(week.getByRole('table', { name: /Time of Avery Agent/ }).getByRole('columnheader').last()).toBeInViewport({ ratio: 1 });
  await expectAccessible(manager);
  await week.getByRole('button', { name: 'Approve week' }).click();
  await expect(avery).toContainText('Approved');
  // The selection went with the decision: the count and the button agree.
  await expect(manager.getByText(/row\(s\) selected/)).toHaveCount(0);
  await expect(manager.getByRole('button', { name: /Approve selected \(0\)/ })).toBeDisabled();
  await managerContext.close();

  await page.reload();
  await expect(page.getByText('Approved by Morgan Manager')).toBeVisible();
});

test('managed services: usage per contract, a contract edited and last month closed by a manager', async ({ page }) => {
  await staffSignIn(page, STAFF.manager.email);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/managed/services');
  await expect(page).toHaveTitle(/Managed Services/);
  const contracts = page.getByRole('table', { name: /Managed-services contracts/ });
  const acme = contracts.getByRole('row').filter({ hasText: 'Acme Utilities' });
  await expect(acme.getByRole('meter', { name: 'Usage of Acme Utilities' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Open Managed Services tickets' })).toBeVisible();
  await expectAccessible(page);

  await acme.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contract of Acme Utilities' });
  await dialog.getByRole('textbox', { name: 'Included hours a month' }).fill('30');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save contract' }).click();
  // Saved: the dialog closes and the row reads the new included hours (the success toast shows once the layout hosts the toast region).
  await expect(dialog).toHaveCount(0);
  await expect(acme).toContainText('30:00');

  await page.getByRole('button', { name: 'Previous month' }).click();
  await acme.getByRole('button', { name: 'Close month' }).click();
  await expect(acme).toContainText('Closed');
  await expect(acme.getByRole('button', { name: 'Close month' })).toHaveCount(0);
});
