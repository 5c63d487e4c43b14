import { expect, test } from '@playwright/test';
import { CLIENTS, clientLogIn, DEMO_PASSWORD, STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe } from './support/axe';

test('staff sign-in lands on /home with the user name and their open tickets', async ({ page }) => {
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${STAFF.agent.name}` })).toBeVisible();
  const mine = page.getByRole('region', { name: 'My open tickets' }).getByRole('listitem');
  await expect(mine.first()).toBeVisible();
  expect(await mine.count()).toBeGreaterThan(0);
  const stored = await page.evaluate(() => ({ ...sessionStorage }));
  expect(stored).toMatchObject({ auth: 'true', username: STAFF.agent.name, role: 'user' });
  expect(stored.token).toMatch(/^[\w-]{43}$/);
  expect(stored.userid).toMatch(/^\d+$/);
});

test('each staff demo account signs in with its role stored', async ({ page }) => {
  for (const [role, account] of [['admin', STAFF.admin], ['manager', STAFF.manager], ['user', STAFF.agent]] as const) {
    await page.context().clearCookies();
    await page.goto('/');
    await page.evaluate(() => sessionStorage.clear());
    await staffSignIn(page, account.email);
    await expect(page.getByRole('heading', { name: `Welcome, ${account.name}` })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('role'))).toBe(role);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
  }
});

test('a wrong password shows an error, keeps what was typed and stores nothing', async ({ page }) => {
  await staffSignIn(page, STAFF.agent.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect');
  await expect(page.getByLabel('Email')).toHaveValue(STAFF.agent.email);
  await expect(page.getByLabel('Password')).toHaveValue('not-the-password');
  expect(await page.evaluate(() => ({ s: sessionStorage.length, l: localStorage.length }))).toEqual({ s: 0, l: 0 });
  await expect(page).toHaveURL(/\/$/);
});

test('signing out goes back to / and the old token is rejected by the API', async ({ page, request }) => {
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  expect((await request.get('/api/v2/tickets/mine', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  expect((await request.get('/api/v2/tickets/mine', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
});

test('a staff route without a session goes to the sign-in screen', async ({ page }) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('client log-in shows the dashboard with the company name', async ({ page }) => {
  await clientLogIn(page, CLIENTS.acme.email);
  await expect(page).toHaveURL(/\/client$/);
  await expect(page.getByRole('heading', { name: CLIENTS.acme.company })).toBeVisible();
  // A reload keeps the session: the stored token is verified with verify-token.
  await page.reload();
  await expect(page.getByRole('heading', { name: CLIENTS.acme.company })).toBeVisible();
});

test('a staff token is not a client token', async ({ page }) => {
  await staffSignIn(page, STAFF.agent.email);
  await expect(page).toHaveURL(/\/home$/);
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const res = await page.request.post('/api/v2/client/verify-token', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(401);
});

test('an unknown path shows the not-found screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the sign-in screens have no serious accessibility violations', async ({ page }) => {
  for (const path of ['/', '/client/login']) {
    await page.goto(path);
    await expect(page.getByLabel('Email')).toBeVisible();
    const results = await analyzeAxe(page);
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);
  }
});

for (const { audience, path, email, button, shell, landing } of [
  { audience: 'staff', path: '/', email: STAFF.agent.email, button: 'Sign in', shell: 'StaffApp', landing: /\/home$/ },
  { audience: 'client', path: '/client/login', email: CLIENTS.acme.email, button: 'Log in', shell: 'ClientApp', landing: /\/client$/ },
] as const) {
  test(`the ${audience} sign-in page loads no portal code before typing; the portal is prefetched while typing and opens after`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('.js')) scripts.push(url.pathname);
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: button })).toBeVisible();
    expect(scripts.filter((s) => /\/assets\/(main|StaffApp|ClientApp)-/.test(s))).toEqual([]);
    expect(await page.locator('link[rel="prefetch"]').count()).toBe(0);

    await page.getByLabel('Email').fill(email);
    await expect(page.locator(`link[rel="prefetch"][href^="/assets/${shell}-"][href$=".js"]`)).toHaveCount(1);
    await expect(page.locator('link[rel="prefetch"][href^="/assets/main-"][href$=".js"]')).toHaveCount(1);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: button }).click();
    await expect(page).toHaveURL(landing);
    await expect(page.locator('script[src^="/assets/main-"]')).toHaveCount(1);
  });
}
