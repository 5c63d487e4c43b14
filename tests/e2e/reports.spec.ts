import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe, axeLines } from './support/axe';

async function expectAccessible(page: Page) {
  const { violations } = await analyzeAxe(page);
  expect(axeLines(violations)).toEqual([]);
}

test('reports: the catalog, a run, a new period (and back), drill-down to the same count, CSV and PDF', async ({ page }) => {
  // A manager: overdue by assignee is a per-person figure (docs/adr/0104-report-access.md).
  await staffSignIn(page, STAFF.manager.email);
  await expect(page).toHaveURL(/\/home$/);

  // The catalog, grouped.
  await page.goto('/report/base');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  for (const group of ['Tickets', 'Service levels', 'Time', 'Satisfaction']) await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
  await expect(page).toHaveTitle(/Reports/);
  await expectAccessible(page);

  // A run, its parameters in the address.
  await page.getByRole('link', { name: 'Opened vs closed' }).click();
  await expect(page).toHaveURL(/\/report\/view\?report=opened-vs-closed$/);
  const summary = page.getByTestId('report-summary');
  await expect(summary).toContainText('in the period');
  await expect(page.getByText(/Period: Last 90 days/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Opened vs closed' })).toBeVisible();
  await expectAccessible(page);

  // Another period: the address changes; back returns to the last one.
  const bar = page.getByRole('form', { name: 'Report parameters' });
  await bar.getByRole('button', { name: /Period/ }).click();
  await page.getByRole('option', { name: 'This year' }).click();
  await expect(page).toHaveURL(/period=this-year/);
  await expect(page.getByText(/Period: This year/)).toBeVisible();
  await bar.getByRole('button', { name: /Per$/ }).click();
  await page.getByRole('option', { name: 'Month' }).click();
  await expect(page).toHaveURL(/period=this-year&granularity=month/);
  await page.goBack();
  await expect(page).toHaveURL(/period=this-year$/);
  await page.goBack();
  await expect(page.getByText(/Period: Last 90 days/)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/Period: Last 90 days/)).toBeVisible();

  // Drill-down: an assignee's overdue tickets open in the ticket search with the same count.
  await page.goto('/report/view?report=overdue-by-assignee');
  const table = page.getByRole('table', { name: 'Overdue by assignee' });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  const count = Number((await firstRow.getByRole('cell').nth(1).innerText()).replace(/,/g, ''));
  expect(count).toBeGreaterThan(0);
  await expectAccessible(page);

  // CSV of exactly the table.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^overdue-by-assignee-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await csv.path())!, 'utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('Assignee,Overdue,Critical or high,Oldest due date');
  expect(lines[1]).toContain(`,${count},`);
  await expect(page.getByRole('status').filter({ hasText: `Exported ${csv.suggestedFilename()}` })).toBeVisible();

  // PDF with the chart and the table.
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export PDF' }).click()]);
  const bytes = readFileSync((await pdf.path())!);
  expect(bytes.length).toBeGreaterThan(1000);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  await firstRow.getByRole('link').click();
  await expect(page).toHaveURL(/\/ticket\/search\?assignee=\d+&overdue=true/);
  await expect(page.getByText(`${count} rows`, { exact: true })).toBeAttached();
});

test('reports drill down to lists of the same count: opened vs closed (a month closed) and SLA attainment (late ones)', async ({ page }) => {
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  const rowsText = (n: number) => `${new Intl.NumberFormat('en-US').format(n)} rows`;

  // Opened vs closed per month: a month's Closed count opens the tickets closed in that month.
  await page.goto('/report/view?report=opened-vs-closed&period=this-year&granularity=month');
  const opened = page.getByRole('table', { name: 'Opened vs closed' });
  const closedLink = opened.getByRole('link', { name: /closed, \d{4}-\d{2}: open the list/ }).first();
  await expect(closedLink).toBeVisible();
  const closed = Number((await closedLink.innerText()).replace(/,/g, ''));
  expect(closed).toBeGreaterThan(0);
  await expectAccessible(page);
  await closedLink.click();
  await expect(page).toHaveURL(/\/ticket\/search\?closed_from=\d{4}-\d{2}-\d{2}&closed_to=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByRole('grid', { name: /Active filters/ }).getByRole('row', { name: /Closed from/ })).toBeVisible();
  await expect(page.getByText(rowsText(closed), { exact: true })).toBeAttached();
  await expectAccessible(page);

  // SLA attainment: a priority and month's Late count opens the tickets closed after their due date.
  await page.goto('/report/view?report=sla-attainment&period=this-year');
  const sla = page.getByRole('table', { name: 'SLA attainment' });
  const lateLink = sla.getByRole('link', { name: /late, \d{4}-\d{2}: open the list/ }).first();
  await expect(lateLink).toBeVisible();
  const late = Number((await lateLink.innerText()).replace(/,/g, ''));
  expect(late).toBeGreaterThan(0);
  await expectAccessible(page);
  await lateLink.click();
  await expect(page).toHaveURL(/\/ticket\/search\?f\.status=C&f\.severity=[CHML]&closed_from=.+&sla=missed$/);
  await expect(page.getByRole('grid', { name: /Active filters/ }).getByRole('row', { name: 'Due date: Missed the due date' })).toBeVisible();
  await expect(page.getByText(rowsText(late), { exact: true })).toBeAttached();
});

test('reports: a custom period chosen on the date picker, a backwards range refused, the Unassigned bar drilled to the same count', async ({ page, request }) => {
  // A ticket nobody holds (made through the API), so "tickets by assignee" has an Unassigned bar.
  const login = await request.post('/api/v2/auth/login', { data: { email: STAFF.manager.email, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const created = await request.post('/api/v2/tickets', {
    headers,
    data: { title: 'Nobody holds this one yet', description: 'Waiting for triage.', company_id: 1, severity: 'M', queue: 'Support', assignee_id: null },
  });
  expect(created.status(), await created.text()).toBe(201);

  // A manager: tickets by assignee is a per-person figure (docs/adr/0104-report-access.md).
  await staffSignIn(page, STAFF.manager.email);
  await expect(page).toHaveURL(/\/home$/);

  // Custom period: the From and To date pickers, kept in the address.
  await page.goto('/report/view?report=opened-vs-closed');
  const bar = page.getByRole('form', { name: 'Report parameters' });
  await bar.getByRole('button', { name: /Period/ }).click();
  await page.getByRole('option', { name: 'Custom' }).click();
  await expect(page).toHaveURL(/period=custom&from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}/);
  const from = bar.getByRole('group', { name: 'From' });
  await from.getByRole('button').click();
  const calendar = page.getByRole('dialog').getByRole('grid');
  await expect(calendar).toBeVisible();
  await expectAccessible(page);
  // Keyboard: the focused day moves with the arrows, Enter picks it.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(page).toHaveURL(/period=custom&from=\d{4}-\d{2}-\d{2}&to=/);
  const picked = new URL(page.url()).searchParams.get('from')!;
  // The period names the picked day as people read it ("Mar 19, 2026"), not its ISO form.
  const pickedDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${picked}T00:00:00Z`));
  await expect(page.getByText(`Period: ${pickedDay} – `, { exact: false })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Opened vs closed' })).toBeVisible();

  // A start after the end: told at the To field, nothing run.
  const url = new URL(page.url());
  url.searchParams.set('from', '2026-03-20');
  url.searchParams.set('to', '2026-03-01');
  await page.goto(url.pathname + url.search);
  await expect(bar.getByText('The end date must be on or after the start date.')).toBeVisible();
  await expectAccessible(page);

  // The Unassigned bar of tickets by assignee opens the ticket search of unassigned tickets, same count.
  await page.goto('/report/view?report=tickets-by-assignee');
  const table = page.getByRole('table', { name: 'Tickets by assignee' });
  const unassigned = table.getByRole('row', { name: /^Unassigned/ });
  await expect(unassigned).toBeVisible();
  const rowsText = (n: number) => `${new Intl.NumberFormat('en-US').format(n)} rows`;
  // The bar of the new ticket's priority, through the chart's keyboard twin (the same drill key as a click on the bar).
  await page.getByText('Show the figures as a table').click();
  const drillBar = page.getByRole('link', { name: /: Medium, Unassigned$/ });
  const figure = Number((await drillBar.innerText()).replace(/,/g, ''));
  expect(figure).toBeGreaterThan(0);
  await expectAccessible(page);
  await drillBar.click();
  await expect(page).toHaveURL(/\/ticket\/search\?f\.status=A%2CWOP%2CWOC%2CWOT&f\.severity=M&unassigned=true$/);
  await expect(page.getByRole('grid', { name: /Active filters/ }).getByRole('row', { name: 'Assignee: Unassigned' })).toBeVisible();
  await expect(page.getByText(rowsText(figure), { exact: true })).toBeAttached();
  await expect(page.getByRole('link', { name: 'Nobody holds this one yet' })).toBeVisible();
  await expectAccessible(page);
});
