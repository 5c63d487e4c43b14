import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, STAFF } from './support/accounts';
import { startServer } from '@tests/support/server-process';

test('data and sessions survive a server restart', async ({ browser }) => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-restart-'));
  try {
    const first = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
    const login = await fetch(`${first.url}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: STAFF.agent.email, password: DEMO_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const before = await (await fetch(`${first.url}/api/v2/tickets/mine`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(await first.stop()).toBe(0);

    const second = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
    try {
      const page = await browser.newPage({ baseURL: second.url });
      await page.goto('/');
      await page.evaluate((t) => {
        sessionStorage.setItem('token', t.token);
        sessionStorage.setItem('auth', 'true');
        sessionStorage.setItem('userid', '3');
        sessionStorage.setItem('username', t.name);
        sessionStorage.setItem('role', 'user');
      }, { token, name: STAFF.agent.name });
      await page.goto('/home');
      await expect(page.getByRole('heading', { name: `Welcome, ${STAFF.agent.name}` })).toBeVisible();
      const after = await (await fetch(`${second.url}/api/v2/tickets/mine`, { headers: { authorization: `Bearer ${token}` } })).json();
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
