import { resolve } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import { embeddedConnection } from '@server/platform/db/embedded';
import { E2E_DATA_DIR } from '../../playwright.config';
import { CLIENTS, clientLogIn, DEMO_PASSWORD, STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe } from './support/axe';

/** The e2e server's embedded database, reached on its unix socket (E2E_DATA_DIR of playwright.config.ts). */
async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client(embeddedConnection(resolve(E2E_DATA_DIR)));
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

async function staffToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/v2/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

type Mail = { toAddress: string; subject: string; body: string; kind: string };

/** The outbox emails to an address, newest first, read as an admin through the outbox API. */
async function emailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const token = await staffToken(request, STAFF.admin.email);
  const res = await request.get('/api/v2/admin/outbox?pageSize=50', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()).rows as Mail[]).filter((m) => m.toAddress === to);
}

/** The newest outbox email to an address; public endpoints queue their mail just after answering. */
async function latestEmail(request: APIRequestContext, to: string): Promise<Mail> {
  let mail: Mail | undefined;
  await expect
    .poll(async () => {
      mail = (await emailsTo(request, to))[0];
      return Boolean(mail);
    }, { message: `an email to ${to}` })
    .toBe(true);
  return mail!;
}

const linkIn = (body: string, path: string) => {
  const m = new RegExp(`https?://[^\\s]+(${path}/[\\w-]+)`).exec(body);
  expect(m, `a ${path} link`).toBeTruthy();
  return m![1]!;
};

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await analyzeAxe(page);
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

test('sign up with ACME-001 at its email domain, set the password from the emailed link, log in, create a ticket that staff sees', async ({ page, request, browser }) => {
  // Two people, four screens and two accessibility checks: more than one default test's time on a slow machine.
  test.setTimeout(150_000);
  // Acme takes sign-ups at its own domain at once (the demo's sign-up policy).
  const email = `pat.e2e.${Date.now()}@acme-001.example.com`;
  const password = 'river stones and lanterns';
  await page.goto('/client/login');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/client\/signup$/);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Company account number').fill('ACME-001');
  await page.getByLabel('Name').fill('Pat Example');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('first try password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Request received' })).toBeVisible();

  // The admin reads the email in the staff portal's outbox screen.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await staffSignIn(admin, STAFF.admin.email);
  await expect(admin).toHaveURL(/\/home$/);
  await admin.goto('/admin/outbox');
  await expect(admin.getByRole('heading', { name: 'Activate your Client Care account' }).first()).toBeVisible();
  await expect(admin.getByText(`To ${email}`)).toBeVisible();
  await adminContext.close();

  const mail = await latestEmail(request, email);
  await page.goto(linkIn(mail.body, '/client/set-password'));
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Your account is active');
  // No automatic sign-in: nothing is stored.
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

  await clientLogIn(page, email, password);
  await expect(page).toHaveURL(/\/client$/);
  await expect(page.getByRole('heading', { name: CLIENTS.acme.company })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const stored = await page.evaluate(() => ({ auth: sessionStorage.getItem('auth'), user: JSON.parse(localStorage.getItem('client_user') ?? 'null') }));
  expect(stored.auth).toBe('true');
  expect(stored.user).toMatchObject({ email, companyName: CLIENTS.acme.company, id: expect.any(Number) });

  await page.getByRole('navigation', { name: 'Client portal' }).getByRole('link', { name: 'Tickets' }).click();
  await expect(page.getByRole('heading', { name: 'Create a ticket' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const title = `Bill print misaligned ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('The amount due prints over the address block.');
  await page.getByRole('region', { name: 'Create a ticket' }).getByRole('button', { name: /Priority/ }).click();
  await page.getByRole('option', { name: 'High' }).click();
  await page.getByRole('button', { name: 'Create ticket' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'was created' })).toBeVisible();
  await page.getByRole('link', { name: /Open ticket #/ }).click();
  await expect(page.getByRole('heading', { name: new RegExp(title) })).toBeVisible();
  await page.getByLabel('Your reply').fill('Adding a detail: it started with cycle 12.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  // In the thread (the reply box holds the same text until the reply is sent).
  await expect(page.getByRole('article').filter({ hasText: 'Adding a detail: it started with cycle 12.' })).toBeVisible();
  await expect(page.getByLabel('Your reply')).toHaveValue('');

  // Staff see it: an unassigned portal ticket of Acme Utilities.
  const rows = await query<{ source: string; assignee_id: number | null; company: string; severity: string }>(
    `SELECT t.source, t.assignee_id, c.name AS company, t.severity FROM tickets t JOIN companies c ON c.id = t.company_id WHERE t.title = $1`,
    [title],
  );
  expect(rows).toEqual([{ source: 'portal', assignee_id: null, company: CLIENTS.acme.company, severity: 'H' }]);
});

test('forgot password: the reset link changes the password and kills old sessions, which then see Session Expired', async ({ page, browser, request }) => {
  const email = CLIENTS.globex.email;
  const newPassword = 'harbor lights at dusk';
  await clientLogIn(page, email);
  await expect(page).toHaveURL(/\/client$/);
  const oldToken = await page.evaluate(() => sessionStorage.getItem('token'));

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await other.goto('/client/login');
  await other.getByRole('link', { name: 'Forgot password?' }).click();
  await expectNoSeriousA11yViolations(other);
  await other.getByLabel('Email').fill(email);
  await other.getByRole('button', { name: 'Send reset link' }).click();
  await expect(other.getByRole('status')).toContainText('If an account uses this email');
  const link = linkIn((await latestEmail(request, email)).body, '/client/reset-password');
  await other.goto(link);
  await other.getByLabel('New password').fill(newPassword);
  await other.getByLabel('Confirm password').fill(newPassword);
  await other.getByRole('button', { name: 'Reset password' }).click();
  await expect(other.getByRole('status')).toContainText('Your password was changed');
  // The same link a second time: a clear message and a way to ask again.
  await other.goto(link);
  await other.getByLabel('New password').fill(newPassword);
  await other.getByLabel('Confirm password').fill(newPassword);
  await other.getByRole('button', { name: 'Reset password' }).click();
  await expect(other.getByRole('alert')).toContainText('This link has expired or was already used.');
  await expect(other.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await otherContext.close();

  expect((await request.post('/api/v2/client/verify-token', { headers: { authorization: `Bearer ${oldToken}` } })).status()).toBe(401);

  // The old tab's next request answers 401: the Session Expired dialog, which Escape and outside clicks do not close.
  await page.getByRole('navigation', { name: 'Client portal' }).getByRole('link', { name: 'Tickets' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Session Expired' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your session has expired. Please log in again.');
  await expect(dialog.getByRole('button')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => ({ token: sessionStorage.getItem('token'), stored: localStorage.getItem('token'), auth: sessionStorage.getItem('auth') }))).toEqual({
    token: null,
    stored: null,
    auth: null,
  });
  await dialog.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/client\/login$/);
  await expect(dialog).toBeHidden();

  await clientLogIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/client$/);
});

test('client@acme.demo.test cannot open a Globex ticket by URL or by API', async ({ page, request }) => {
  const [globexTicket] = await query<{ id: number; title: string }>(
    `SELECT t.id, t.title FROM tickets t JOIN companies c ON c.id = t.company_id WHERE c.account_number = 'GLOBEX-002' ORDER BY t.id LIMIT 1`,
  );
  await clientLogIn(page, CLIENTS.acme.email);
  await expect(page).toHaveURL(/\/client$/);
  await page.goto(`/client/tickets?id=${globexTicket!.id}`);
  await expect(page.getByRole('heading', { name: 'Ticket not found' })).toBeVisible();
  await expect(page.getByText(globexTicket!.title)).toHaveCount(0);
  // The 404 is an ordinary error: the session stays.
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const res = await request.get(`/api/v2/client/tickets/${globexTicket!.id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(404);
  expect(await res.text()).not.toContain(globexTicket!.title);
});

test('every client screen renders for a signed-in client without serious accessibility problems', async ({ page }) => {
  await clientLogIn(page, CLIENTS.acme.email);
  await expect(page).toHaveURL(/\/client$/);
  await expect(page.getByRole('heading', { name: 'Open tickets', exact: false })).toBeVisible();
  for (const [link, heading] of [
    ['Order Paper', 'Order paper'],
    ['Contact Support', 'Contact support'],
    ['Help Resources', 'Help resources'],
    ['Software Change Requests', 'Software change requests'],
  ] as const) {
    await page.getByRole('navigation', { name: 'Client portal' }).getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  await page.getByRole('navigation', { name: 'Client portal' }).getByRole('link', { name: 'Help Resources' }).click();
  await page.getByRole('searchbox', { name: 'Search articles' }).fill('Getting started');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('link', { name: /Paying your Client Care invoice/ })).toBeHidden();
  await page.getByRole('link', { name: 'Getting started with the client portal' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Create a ticket' })).toBeVisible();

  await page.goto('/client/clientaichat');
  await expect(page.getByRole('log', { name: 'Conversation with the assistant' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Client portal' })).toHaveCount(0);
});

test('a client turns a ticket mail off and back on from Contact support', async ({ page }) => {
  await clientLogIn(page, CLIENTS.acme.email);
  await expect(page).toHaveURL(/\/client$/);
  await page.getByRole('navigation', { name: 'Client portal' }).getByRole('link', { name: 'Contact Support' }).click();
  const card = page.getByRole('region', { name: 'Email me when…' });
  const status = card.getByRole('switch', { name: 'The status of my tickets changes' });
  await expect(status).toBeChecked();
  await expectNoSeriousA11yViolations(page);

  const save = card.getByRole('button', { name: 'Save' });
  await status.click({ force: true });
  await save.click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Email settings saved')).toBeVisible();
  await page.reload();
  await expect(status).not.toBeChecked();

  for (const [size, viewport] of [['1366', { width: 1366, height: 800 }], ['375', { width: 375, height: 812 }]] as const) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `test-results/client-mail-settings-${size}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 800 });

  // Back on, as the demo has it.
  await status.click({ force: true });
  await save.click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Email settings saved')).toBeVisible();
  await page.reload();
  await expect(status).toBeChecked();
});
