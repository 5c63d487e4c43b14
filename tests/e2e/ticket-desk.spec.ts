import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { clientLogIn, DEMO_PASSWORD, STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe } from './support/axe';

/** The set-password link of the newest invitation to an address, read as an admin through the outbox API. */
async function invitationLink(request: APIRequestContext, to: string): Promise<string> {
  const login = await request.post('/api/v2/auth/login', { data: { email: STAFF.admin.email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const res = await request.get('/api/v2/admin/outbox?pageSize=50', { headers: { authorization: `Bearer ${(await login.json()).token}` } });
  expect(res.status()).toBe(200);
  const mail = (await res.json()).rows.find((m: { toAddress: string }) => m.toAddress === to);
  expect(mail, `an email to ${to}`).toBeTruthy();
  const link = /https?:\/\/[^\s]+(\/client\/set-password\/[\w-]+)/.exec(mail.body as string);
  expect(link, 'a set-password link').toBeTruthy();
  return link![1]!;
}

async function expectAccessible(page: Page) {
  const { violations } = await analyzeAxe(page);
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('a company, a contact and a ticket: found by a word, notes, the WOC clock pause, closing, a client user invited who sees the public note only', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const word = `kumquat${stamp}`;
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);

  // A company.
  await page.goto('/create/company');
  await expect(page.getByRole('heading', { name: 'Create Company' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create company' }).click();
  // Nothing typed: each problem shows once, beside its field (no banner, no toast), and nothing is created.
  await expect(page.getByRole('main').getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('main').getByText('Name is required', { exact: true })).toBeVisible();
  await expect(page.getByText('The company was not created')).toHaveCount(0);
  await expect(page).toHaveURL(/\/create\/company$/);
  await page.getByRole('main').getByLabel('Name').fill(`Harbor Water ${stamp}`);
  await page.getByRole('main').getByLabel('Account number').fill(`HARB-${stamp}`);
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page).toHaveURL(/\/company\/\d+$/);
  await expect(page.getByRole('heading', { name: `Harbor Water ${stamp}` })).toBeVisible();
  const companyId = page.url().split('/').pop()!;

  // A contact.
  const add = page.getByRole('form', { name: 'Add a contact' });
  await add.getByLabel('Name').fill('Nora Quinn');
  await add.getByLabel('Email').fill(`nora.${stamp}@harbor.example.com`);
  await add.getByRole('button', { name: 'Add contact' }).click();
  await expect(page.getByRole('cell', { name: 'Nora Quinn', exact: true })).toBeVisible();
  await expectAccessible(page);

  // A ticket for it, the company pre-filled from the route.
  await page.getByRole('link', { name: 'Create Ticket for this company' }).click();
  await expect(page).toHaveURL(new RegExp(`/create/ticket/${companyId}$`));
  await expect(page.getByRole('main').getByRole('combobox', { name: 'Company' })).toHaveValue(`Harbor Water ${stamp}`);
  await expectAccessible(page);
  await page.getByRole('main').getByLabel('Title').fill('Meter reads missing after upgrade');
  await page.getByRole('main').getByLabel('Description').fill(`Route 7 reads show a ${word} error since Monday.`);
  await page.getByRole('main').getByRole('button', { name: /Contact$/ }).click();
  await page.getByRole('option', { name: /^Nora Quinn/ }).click();
  await page.getByRole('main').getByRole('button', { name: /Priority$/ }).click();
  await page.getByRole('option', { name: 'High' }).click();
  await page.getByRole('button', { name: 'Create ticket' }).click();
  await expect(page).toHaveURL(/\/\/[^/]+\/ticket\/\d+$/);
  const ticketId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: `#${ticketId} Meter reads missing after upgrade` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(`Ticket #${ticketId} created`)).toBeVisible();

  // Found by a word of its description, the query in the URL.
  await page.goto('/ticket/search');
  await page.getByRole('main').getByLabel('Search Table').fill(word);
  await page.getByRole('main').getByLabel('Search Table').press('Enter');
  await expect(page).toHaveURL(new RegExp(`search=${word}`));
  await expect(page.getByRole('link', { name: 'Meter reads missing after upgrade' })).toHaveCount(1);
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Meter reads missing after upgrade' })).toHaveCount(1);
  await page.getByRole('link', { name: 'Meter reads missing after upgrade' }).click();
  await expect(page).toHaveURL(new RegExp(`/ticket/${ticketId}$`));

  // An internal and a public note.
  const note = page.getByRole('form', { name: 'Add a note' });
  await note.getByLabel('Note').fill('Internal: the import job skipped route 7.');
  // The internal switch (its label beside it): pressed as a user does, then it reads as on.
  await note.getByText('Internal (never shown to the client)').click();
  await expect(note.getByRole('switch', { name: 'Internal (never shown to the client)' })).toBeChecked();
  await note.getByLabel('Time spent (minutes)').fill('25');
  await note.getByRole('button', { name: 'Add note' }).click();
  await expect(page.locator('.thread-entry.internal')).toContainText('the import job skipped route 7');
  await note.getByLabel('Note').fill('We found the cause and are re-importing the reads.');
  await note.getByRole('button', { name: 'Add note' }).click();
  await expect(page.locator('.thread-entry.public')).toContainText('re-importing the reads');
  await expect(page.getByText('Total 0 h 25 min')).toBeVisible();
  await expectAccessible(page);

  // Waiting on the client pauses the clock; back to Active moves the due date out.
  // The due date shows to the minute; its <time> carries the exact instant the pause moves.
  const dueBefore = await page.getByTestId('due-date').locator('time').getAttribute('datetime');
  const change = page.getByRole('region', { name: 'Change' });
  // The kit's Select: a button that opens a listbox.
  const pickStatus = async (label: string) => {
    await change.getByRole('button', { name: /Status/ }).click();
    await page.getByRole('listbox').getByRole('option', { name: label, exact: true }).click();
  };
  await pickStatus('Waiting on Client');
  await change.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('clock')).toContainText('Paused since');
  await page.waitForTimeout(2_100);
  await pickStatus('Active');
  await change.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('clock')).toHaveCount(0);
  await expect(page.locator('.thread-entry.change').last()).toContainText('Clock resumed after');
  await expect(page.getByTestId('due-date').locator('time')).not.toHaveAttribute('datetime', dueBefore!);

  // Keyboard: "a" assigns the ticket to me, "s" puts the keyboard in the Status field.
  await page.locator('.ticket-header h1').click();
  await page.keyboard.press('a');
  await expect(page.getByRole('region', { name: 'Properties' })).toContainText('Avery Agent');
  await page.keyboard.press('s');
  await expect(change.getByLabel('Status')).toBeFocused();

  // Closing.
  await pickStatus('Closed');
  await change.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('.ticket-header')).toContainText('Closed');
  // Closing emailed the contact the support survey; staff can send it again.
  const surveys = page.getByRole('region', { name: 'Survey responses' });
  await expect(surveys).toContainText('Support survey sent');
  await expect(surveys).toContainText('No answer yet.');
  await surveys.getByRole('button', { name: 'Send the survey again' }).click();
  await expect(surveys.getByRole('button', { name: 'Send the survey again' })).toBeEnabled();

  // A client user of that company, invited; the table is filtered by the company from the URL.
  const clientEmail = `nora.${stamp}@harbor.example.com`;
  await page.goto(`/client/portal/users?f.company=${companyId}`);
  const users = page.getByRole('table', { name: 'Client portal users' });
  await expect(page.getByRole('search', { name: 'Filter client users' }).getByRole('combobox', { name: 'Company' })).toHaveValue(`Harbor Water ${stamp}`);
  await expect(users.getByRole('cell', { name: 'No data for table' })).toBeVisible();
  const invite = page.getByRole('form', { name: 'Invite a client user' });
  await expect(invite.getByRole('combobox', { name: /^Company/ })).toHaveValue(`Harbor Water ${stamp}`);
  await invite.getByRole('textbox', { name: /^Name/ }).fill('Nora Quinn');
  await invite.getByRole('textbox', { name: /^Email/ }).fill(clientEmail);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByRole('status')).toHaveText(`Invitation sent to ${clientEmail}.`);
  const invited = users.getByRole('row').filter({ has: page.getByRole('cell', { name: clientEmail, exact: true }) });
  await expect(invited.getByRole('cell', { name: 'Invited', exact: true })).toBeVisible();
  await expect(users.getByRole('row')).toHaveCount(2); // the header and Nora (the filters are in the bar above)
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(`Invitation sent to ${clientEmail}`)).toBeVisible();
  await expectAccessible(page);

  // She follows the emailed link and sets her password.
  const password = 'tide tables at noon';
  const client = await browser.newContext();
  const portal = await client.newPage();
  await portal.goto(await invitationLink(page.request, clientEmail));
  await portal.getByLabel('New password').fill(password);
  await portal.getByLabel('Confirm password').fill(password);
  await portal.getByRole('button', { name: 'Set password' }).click();
  await expect(portal.getByRole('status')).toContainText('Your account is active');

  // Signed in to the client portal, she sees the ticket with the public note and not the internal one.
  await clientLogIn(portal, clientEmail, password);
  await expect(portal).toHaveURL(/\/client$/);
  await portal.goto('/client/tickets');
  await portal.getByRole('table', { name: "Your company's tickets" }).getByRole('link', { name: 'Meter reads missing after upgrade' }).click();
  await expect(portal).toHaveURL(new RegExp(`/client/tickets\\?id=${ticketId}$`));
  await expect(portal.getByRole('heading', { name: `#${ticketId} Meter reads missing after upgrade` })).toBeVisible();
  await expect(portal.getByText('We found the cause and are re-importing the reads.')).toBeVisible();
  await expect(portal.getByText('the import job skipped route 7', { exact: false })).toHaveCount(0);
  expect(await portal.content()).not.toContain('the import job skipped route 7');
  await expectAccessible(portal);
  await client.close();

  // Back in the staff portal, she is active now.
  await page.reload();
  await expect(invited.getByRole('cell', { name: 'Active', exact: true })).toBeVisible();
});

test('the active ticket stats show open tickets by status, priority, queue, assignee and age', async ({ page }) => {
  await staffSignIn(page, STAFF.manager.email);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/active/ticket/stats');
  for (const name of ['Open tickets by status', 'Open tickets by priority', 'Open tickets by queue', 'Open tickets by assignee', 'Open tickets by age']) {
    // Each breakdown is a chart (a figure named by its title and summary) with its table twin.
    await expect(page.getByRole('figure', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await expectAccessible(page);
});

test('ticket search sorts by a column with aria-sort and keeps the sort in the URL', async ({ page }) => {
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/ticket/search');
  const due = page.getByRole('columnheader', { name: 'Due Date' });
  await due.getByRole('button').click();
  await expect(page).toHaveURL(/sort=duedate(%3A|:)asc/);
  await expect(due).toHaveAttribute('aria-sort', 'ascending');
  await due.getByRole('button').click();
  await expect(due).toHaveAttribute('aria-sort', 'descending');
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Due Date' })).toHaveAttribute('aria-sort', 'descending');
});

test('company search filters by status and sorts by open tickets on the server, keeps both in the URL and passes axe', async ({ page }) => {
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/company/search');
  const companies = page.getByRole('table', { name: 'Companies' });
  await expect(companies.getByRole('link', { name: 'Acme Utilities' })).toBeVisible();
  await expectAccessible(page);
  const bar = page.getByRole('search', { name: 'Filter companies' });
  await bar.getByRole('button', { name: /Status$/ }).click();
  await page.getByRole('option', { name: 'active', exact: true }).click();
  await expect(page).toHaveURL(/f\.status=active/);
  await expect(bar.getByRole('row', { name: 'Status: active' })).toBeVisible();
  const open = companies.getByRole('columnheader', { name: /Open tickets/ });
  await open.getByRole('button').click();
  await expect(open).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=open_tickets(%3A|:)desc/);
  const counts = async () => (await companies.locator('tbody tr td:nth-child(5)').allTextContents()).map(Number);
  await expect.poll(async () => { const c = await counts(); return c.length > 1 && c.every((n, i) => i === 0 || c[i - 1]! >= n); }).toBe(true);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Companies' }).getByRole('columnheader', { name: /Open tickets/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('search', { name: 'Filter companies' }).getByRole('button', { name: /Status$/ })).toHaveText(/active/);
});
