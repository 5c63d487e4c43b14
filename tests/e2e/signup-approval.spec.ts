import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CLIENTS, clientLogIn, DEMO_PASSWORD, STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe } from './support/axe';

type Mail = { toAddress: string; subject: string; body: string; kind: string };

async function expectAccessible(page: Page) {
  const { violations } = await analyzeAxe(page);
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** Every outbox email to an address, read as an admin through the outbox API. */
async function emailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const login = await request.post('/api/v2/auth/login', { data: { email: STAFF.admin.email, password: DEMO_PASSWORD } });
  const token = (await login.json()).token;
  const res = await request.get('/api/v2/admin/outbox?pageSize=100', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()).rows as Mail[]).filter((m) => m.toAddress === to);
}

const setPasswordPath = (body: string) => /https?:\/\/[^\s]+(\/client\/set-password\/[\w-]+)/.exec(body)?.[1];

async function signUp(page: Page, accountNumber: string, name: string, email: string, password: string) {
  await page.goto('/client/signup');
  await page.getByLabel('Company account number').fill(accountNumber);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Request received' })).toBeVisible();
}

test("a stranger with another company's account number gets no access until staff approve; then they see that company's tickets", async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `sam.stranger.${stamp}@elsewhere.example.com`;
  const password = 'first choice of passphrase';

  // The stranger signs up with Globex Water's account number (Globex needs approval).
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await stranger.goto('/client/signup');
  await expect(stranger.getByText('The account number alone does not open an account.')).toBeVisible();
  await expectAccessible(stranger);
  await signUp(stranger, 'GLOBEX-002', 'Sam Stranger', email, password);
  await expect(stranger.getByRole('status')).not.toContainText('we sent');
  await expectAccessible(stranger);

  // Staff see the request waiting; a second, unwanted request too.
  const unwanted = `mallory.${stamp}@attacker.example.com`;
  await signUp(stranger, 'GLOBEX-002', 'Mallory', unwanted, password);
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/client/portal/users');
  const requests = page.getByRole('table', { name: 'Sign-up requests awaiting approval' });
  const row = requests.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
  await expect(row.getByRole('cell', { name: CLIENTS.globex.company, exact: true })).toBeVisible();
  await expect(requests.getByRole('cell', { name: unwanted, exact: true })).toBeVisible();
  await expectAccessible(page);

  // Until then: no activation link in the outbox, and no way in.
  expect(await emailsTo(request, email)).toEqual([]);
  await clientLogIn(stranger, email, password);
  await expect(stranger.getByRole('alert')).toContainText('Email or password is incorrect');
  await stranger.goto('/client/forgot-password');
  await stranger.getByLabel('Email').fill(email);
  await stranger.getByRole('button', { name: 'Send reset link' }).click();
  await expect(stranger.getByRole('status')).toContainText('If an account uses this email');
  expect(await emailsTo(request, email)).toEqual([]);

  // Declining the unwanted request asks first, then removes it and mails nobody.
  await requests.getByRole('button', { name: `Decline ${unwanted}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Decline this sign-up request?' });
  await expect(dialog).toContainText(unwanted);
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(requests.getByRole('cell', { name: unwanted, exact: true })).toHaveCount(0);
  expect(await emailsTo(request, unwanted)).toEqual([]);

  // Approving sends the activation link.
  await row.getByRole('button', { name: `Approve ${email}` }).click();
  await expect(requests.getByRole('cell', { name: email, exact: true })).toHaveCount(0);
  const users = page.getByRole('table', { name: 'Client portal users' });
  await expect(users.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) }).getByRole('cell', { name: 'Invited', exact: true })).toBeVisible();
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await emailsTo(request, email)).find((m) => m.subject === 'Activate your Client Care account');
      link = mail ? setPasswordPath(mail.body) : undefined;
      return Boolean(link);
    }, { message: 'an activation link for the approved stranger' })
    .toBe(true);

  // The link lets them set a password; they sign in and see Globex Water's tickets.
  const chosen = 'harbor cranes at first light';
  await stranger.goto(link!);
  await stranger.getByLabel('New password').fill(chosen);
  await stranger.getByLabel('Confirm password').fill(chosen);
  await stranger.getByRole('button', { name: 'Set password' }).click();
  await expect(stranger.getByRole('status')).toContainText('Your account is active');
  await clientLogIn(stranger, email, chosen);
  await expect(stranger).toHaveURL(/\/client$/);
  await expect(stranger.getByRole('heading', { name: CLIENTS.globex.company })).toBeVisible();
  await stranger.getByRole('navigation', { name: 'Client portal' }).getByRole('link', { name: 'Tickets' }).click();
  const tickets = stranger.getByRole('table', { name: "Your company's tickets" });
  await expect(tickets.getByRole('link').first()).toBeVisible();
  await expectAccessible(stranger);
  const token = await stranger.evaluate(() => sessionStorage.getItem('token'));
  const list = await request.get('/api/v2/client/tickets?pageSize=5', { headers: { authorization: `Bearer ${token}` } });
  expect((await list.json()).total).toBeGreaterThan(0);
  await strangerContext.close();
});
