/**
 * No request waits forever on the database: a busy pool, a statement held up by a lock and a
 * transaction left idle each end in time, and the request answers 503 with Retry-After.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isUnavailable } from '@server/platform/db/database';
import { apiAs } from '@tests/support/api';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('database timeouts on %s', (backend) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers 503 with Retry-After when no connection frees up in time, and serves again once one does', async () => {
    t = await startTestApp(backend, { env: { DB_POOL_SIZE: '1', DB_ACQUIRE_TIMEOUT_MS: '300' } });
    const agent = await apiAs(t, 'agent');
    const held = await t.ctx.database.pool.connect();
    const started = Date.now();
    const res = await agent.get('/api/v2/tickets/1');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: { code: 'unavailable', message: expect.stringMatching(/try again/) } });
    held.release();
    expect((await agent.get('/api/v2/tickets/1')).statusCode).toBe(200);
  });

  it('cancels a statement that runs past the statement timeout, answers 503, and changes nothing', async () => {
    t = await startTestApp(backend, { env: { DB_STATEMENT_TIMEOUT_MS: '500' } });
    const agent = await apiAs(t, 'agent');
    const pool = t.ctx.database.pool;
    const before = (await pool.query(`SELECT status FROM tickets WHERE id = 1`)).rows[0].status;
    // Another session holds the ticket's row: the change waits for it until the timeout ends it.
    const blocker = await pool.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT * FROM tickets WHERE id = 1 FOR UPDATE');
    try {
      const res = await agent.patch('/api/v2/tickets/1', { status: before === 'WOP' ? 'WOT' : 'WOP' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await blocker.query('ROLLBACK');
      blocker.release();
    }
    expect((await pool.query(`SELECT status FROM tickets WHERE id = 1`)).rows[0].status).toBe(before);
  });

  it('ends a transaction left idle, so it cannot hold locks or a connection for good', async () => {
    t = await startTestApp(backend, { env: { DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '300' } });
    const client = await t.ctx.database.pool.connect();
    client.on('error', () => undefined);
    try {
      await client.query('BEGIN');
      await client.query('SELECT 1');
      await new Promise((r) => setTimeout(r, 800));
      const error = await client.query('SELECT 1').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect(isUnavailable(error)).toBe(true);
    } finally {
      client.release(true);
    }
  });
});
