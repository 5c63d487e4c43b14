/**
 * A connection that dies under a request ends that request, never the process: its server process
 * ended by an administrator (`pg_terminate_backend`) while a statement runs, or by the server's
 * idle-in-transaction timeout while a handler holds the transaction open. Each answers 503 with
 * Retry-After, changes nothing, and the app serves the next request. (Before every connection had
 * an error listener of its own, the 'error' event of such a checked-out connection had no listener
 * and ended the process.)
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '@server/platform/db/database';
import { apiAs } from '@tests/support/api';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('a connection that dies under a request on %s', (backend) => {
  let t: TestApp | undefined;
  /** Errors nobody handled (an 'error' event without a listener): each would end a server process. */
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  beforeEach(() => {
    uncaught.length = 0;
    process.on('uncaughtException', onUncaught);
  });
  afterEach(async () => {
    process.off('uncaughtException', onUncaught);
    await t?.close();
    t = undefined;
  });

  it('answers 503 with Retry-After when an administrator ends the busy connection, changes nothing, and serves on', async () => {
    t = await startTestApp(backend);
    const agent = await apiAs(t, 'agent');
    const pool = t.ctx.database.pool;
    const before = (await pool.query(`SELECT status FROM tickets WHERE id = 1`)).rows[0].status;
    // Another session holds the ticket's row, so the change is busy waiting for it when it is ended.
    const blocker = await pool.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT * FROM tickets WHERE id = 1 FOR UPDATE');
    try {
      // inject() starts the request only when awaited: Promise.resolve starts it now.
      const answer = Promise.resolve(agent.patch('/api/v2/tickets/1', { status: before === 'WOP' ? 'WOT' : 'WOP' }));
      let ended = 0;
      for (let tries = 0; tries < 200 && !ended; tries++) {
        // On a connection of its own: inside the blocker's transaction the activity view would not change.
        const { rows } = await pool.query<{ n: number }>(
          `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND query LIKE '%tickets%'`,
        );
        ended = rows[0]!.n;
        if (!ended) await new Promise((r) => setTimeout(r, 25));
      }
      expect(ended).toBe(1);
      const res = await answer;
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ error: { code: 'unavailable', message: expect.stringMatching(/try again/) } });
    } finally {
      await blocker.query('ROLLBACK');
      blocker.release();
    }
    // Let the ended connection's last events arrive: they must not end the process either.
    await new Promise((r) => setTimeout(r, 200));
    expect((await pool.query(`SELECT status FROM tickets WHERE id = 1`)).rows[0].status).toBe(before);
    expect((await agent.get('/api/v2/tickets/1')).statusCode).toBe(200);
    expect(uncaught).toEqual([]);
  });

  it('answers 503 with Retry-After when the server ends a transaction a handler left idle, and serves on', async () => {
    let finished = false;
    t = await startTestApp(backend, {
      env: { DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '300' },
      routes: (app, ctx) =>
        app.post('/api/test/idle-transaction', async () => {
          await inTransaction(ctx.database.pool, async (db) => {
            await db.query(`UPDATE tickets SET title = 'Changed by an abandoned transaction' WHERE id = 1`);
            // Idle inside the transaction past the timeout: the server ends the connection meanwhile.
            await new Promise((r) => setTimeout(r, 1_000));
            await db.query('SELECT 1');
            finished = true;
          });
          return { ok: true };
        }),
    });
    const agent = await apiAs(t, 'agent');
    const before = (await t.ctx.database.pool.query(`SELECT title FROM tickets WHERE id = 1`)).rows[0].title;
    const res = await t.app.inject({ method: 'POST', url: '/api/test/idle-transaction' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(finished).toBe(false);
    await new Promise((r) => setTimeout(r, 200));
    expect((await t.ctx.database.pool.query(`SELECT title FROM tickets WHERE id = 1`)).rows[0].title).toBe(before);
    expect((await agent.get('/api/v2/tickets/1')).statusCode).toBe(200);
    expect(uncaught).toEqual([]);
  });
});
