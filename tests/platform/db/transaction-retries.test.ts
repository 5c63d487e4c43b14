/**
 * Concurrent transactions that lose a race run again instead of answering 500: a deadlock
 * (40P01) and a serialization failure (40001) are retried by inTransaction a bounded number of
 * times, after a short random wait, and what still fails answers 409. A unique or exclusion
 * violation that escapes a handler answers 409 with a plain message, not 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_RETRY } from '@server/config';
import { inTransaction } from '@server/platform/db/database';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

/** Resolves once `parties` callers are waiting on it. */
function barrier(parties: number) {
  let waiting = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    if (++waiting === parties) open();
    return opened;
  };
}

/** A statement that fails with the given SQLSTATE, as the database itself raises it. */
const raise = (state: string) => `DO $$ BEGIN RAISE EXCEPTION 'raised on purpose' USING ERRCODE = '${state}'; END $$`;

describe.each(BACKENDS)('transactions that lose a race on %s', (backend) => {
  let t: TestApp;
  const tries: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp(backend, {
      seed: false,
      routes: (app, ctx) => {
        // Handlers that always lose: the route answers what remains after the retries.
        for (const [name, state] of [['serialization', '40001'], ['deadlock', '40P01']] as const) {
          app.post(`/api/test/always-${name}`, async () => {
            await inTransaction(ctx.database.pool, async (db) => {
              tries[name] = (tries[name] ?? 0) + 1;
              await db.query(raise(state));
            });
            return { ok: true };
          });
        }
        // Handlers whose collision nobody maps: the safety net answers.
        app.post('/api/test/duplicate', async () => {
          await inTransaction(ctx.database.pool, (db) => db.query('INSERT INTO race_probe (id, n) VALUES (1, 0)'));
          return { ok: true };
        });
        app.post('/api/test/overlap', async () => {
          await inTransaction(ctx.database.pool, (db) => db.query(raise('23P01')));
          return { ok: true };
        });
      },
    });
    await t.ctx.database.pool.query('CREATE TABLE race_probe (id int PRIMARY KEY, n int NOT NULL)');
  });
  afterAll(async () => {
    await t.close();
  });

  const reset = async () => {
    await t.ctx.database.pool.query('TRUNCATE race_probe');
    await t.ctx.database.pool.query('INSERT INTO race_probe (id, n) VALUES (1, 0), (2, 0)');
  };

  it('runs a transaction that deadlocked again, so both writers finish', async () => {
    await reset();
    const bothLocked = barrier(2);
    let runs = 0;
    // Each locks one row, waits until the other has locked the other row, then wants that one too.
    const writer = (first: number, second: number) =>
      inTransaction(t.ctx.database.pool, async (db) => {
        const run = ++runs;
        await db.query('UPDATE race_probe SET n = n + 1 WHERE id = $1', [first]);
        if (run <= 2) await bothLocked();
        await db.query('UPDATE race_probe SET n = n + 1 WHERE id = $1', [second]);
        return run;
      });
    await Promise.all([writer(1, 2), writer(2, 1)]);
    expect(runs).toBe(3);
    const { rows } = await t.ctx.database.pool.query('SELECT id, n FROM race_probe ORDER BY id');
    expect(rows).toEqual([{ id: 1, n: 2 }, { id: 2, n: 2 }]);
  });

  it('runs a serializable transaction that failed to serialize again, so both writers finish', async () => {
    await reset();
    const bothRead = barrier(2);
    let runs = 0;
    // Write skew: each reads both rows, then changes one of them; one of the two cannot commit.
    const writer = (id: number) =>
      inTransaction(t.ctx.database.pool, async (db) => {
        const run = ++runs;
        await db.query('SET TRANSACTION ISOLATION LEVEL SERIALIZABLE');
        const { rows } = await db.query<{ total: number }>('SELECT sum(n)::int AS total FROM race_probe');
        if (run <= 2) await bothRead();
        await db.query('UPDATE race_probe SET n = $2 WHERE id = $1', [id, rows[0]!.total + 1]);
      });
    await Promise.all([writer(1), writer(2)]);
    expect(runs).toBe(3);
    const { rows } = await t.ctx.database.pool.query('SELECT id, n FROM race_probe ORDER BY id');
    // The one that ran again saw the other's change: the outcome of running one after the other.
    expect(rows.map((r) => r.n).sort()).toEqual([1, 2]);
  });

  it.each([
    ['serialization', 'a serialization failure'],
    ['deadlock', 'a deadlock'],
  ])('answers 409 after the last try of a transaction that keeps hitting %s', async (name) => {
    tries[name] = 0;
    const res = await t.app.inject({ method: 'POST', url: `/api/test/always-${name}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'conflict', message: 'Someone else changed the same records at the same moment; try again' } });
    expect(tries[name]).toBe(TRANSACTION_RETRY.attempts);
  });

  it('runs a transaction that failed otherwise only once', async () => {
    await reset();
    let runs = 0;
    await expect(
      inTransaction(t.ctx.database.pool, async (db) => {
        runs++;
        await db.query('INSERT INTO race_probe (id, n) VALUES (1, 0)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
  });

  it('answers 409 with a plain message for a unique violation no handler mapped, and writes nothing', async () => {
    await t.ctx.database.pool.query('TRUNCATE race_probe');
    await t.ctx.database.pool.query('INSERT INTO race_probe (id, n) VALUES (1, 5)');
    const res = await t.app.inject({ method: 'POST', url: '/api/test/duplicate' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'conflict', message: 'This would duplicate a record that already exists' } });
    expect((await t.ctx.database.pool.query('SELECT n FROM race_probe')).rows).toEqual([{ n: 5 }]);
  });

  it('answers 409 with a plain message for an exclusion violation no handler mapped', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/overlap' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'conflict', message: 'This overlaps a record that already exists' } });
  });
});
