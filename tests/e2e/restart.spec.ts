import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, STAFF } from './support/accounts';
import { freePort, startServer } from '@tests/support/server-process';

test('data and sessions survive a server restart; an open live board shows it is stale, then comes back by itself', async ({ browser }) => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-restart-'));
  // The same address before and after, as behind a load balancer: the open board reconnects to it.
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'true', PORT: String(await freePort()) };
  try {
    const first = await startServer(env);
    const login = await fetch(`${first.url}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: STAFF.agent.email, password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const before = await (await fetch(`${first.url}/api/v2/tickets/mine`, { headers: auth })).json();

    const page = await browser.newPage({ baseURL: first.url });
    await page.goto('/');
    await page.evaluate((t) => {
      sessionStorage.setItem('token', t.token);
      sessionStorage.setItem('auth', 'true');
      sessionStorage.setItem('userid', '3');
      sessionStorage.setItem('username', t.name);
      sessionStorage.setItem('role', 'user');
    }, { token, name: STAFF.agent.name });
    await page.goto('/live/displays/support');
    const critical = page.getByRole('region', { name: 'Critical', exact: true }).locator('div').first();
    await expect(critical).toHaveText(/^\d+$/);
    const stale = page.getByText(/^Stale since .*: reconnecting…$/);
    await expect(stale).toBeHidden();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    expect(await first.stop()).toBe(0);
    // The stream ended with the server: the last figures stay, marked stale.
    await expect(stale).toBeVisible();
    await expect(critical).toHaveText(/^\d+$/);

    const second = await startServer(env);
    try {
      // Back by itself (waits grow to 10 s between attempts), in the same page.
      await expect(stale).toBeHidden({ timeout: 30_000 });
      const shown = Number(await critical.textContent());
      const companies = (await (await fetch(`${second.url}/api/v2/companies`, { headers: auth })).json()) as { rows: { id: number }[] };
      const created = await fetch(`${second.url}/api/v2/tickets`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ title: 'After the restart', description: 'The board must count this one', company_id: companies.rows[0]!.id, severity: 'C', queue: 'Support' }),
      });
      expect(created.status).toBe(201);
      await expect.poll(async () => Number(await critical.textContent()), { timeout: 5_000 }).toBe(shown + 1);
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

      // The session outlived the restart, and so did the data.
      await page.goto('/home');
      await expect(page.getByRole('heading', { name: `Welcome, ${STAFF.agent.name}` })).toBeVisible();
      const after = await (await fetch(`${second.url}/api/v2/tickets/mine`, { headers: auth })).json();
      expect(after).toEqual(before);
      await page.close();
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the same server runs on a real PostgreSQL given DATABASE_URL', async ({ browser }) => {
  test.skip(!process.env.TEST_DATABASE_URL, 'the test script starts a PostgreSQL server and sets TEST_DATABASE_URL');
  test.setTimeout(120_000);
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `cc_e2e_${Date.now()}`;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  const server = await startServer({ DATABASE_URL: url.toString(), SEED_DEMO: 'true', DATA_DIR: '/nonexistent-not-used' });
  try {
    const health = await (await fetch(`${server.url}/api/health`)).json();
    expect(health).toEqual({ status: 'ok', database: 'postgres' });
    const page = await browser.newPage({ baseURL: server.url });
    await page.goto('/');
    await page.getByLabel('Email').fill(STAFF.agent.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: `Welcome, ${STAFF.agent.name}` })).toBeVisible();
    await page.close();
  } finally {
    await server.stop();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  }
});
