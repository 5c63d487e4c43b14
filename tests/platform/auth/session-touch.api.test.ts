import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_TOUCH_SECONDS } from '@server/platform/auth/sessions';
import { hashToken } from '@server/platform/auth/tokens';
import { apiWith } from '@tests/support/api';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

/** A session's use is recorded at most once a second; the idle end never comes early (docs/adr/0149). */
describe.each(BACKENDS)('recording the use of a session on %s', (backend) => {
  let t: TestApp;
  let agentId: number;
  let clientUserId: number;
  beforeAll(async () => {
    t = await startTestApp(backend, { env: { SESSION_IDLE_MINUTES: '1' } });
    const pool = t.ctx.database.pool;
    agentId = (await pool.query(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`)).rows[0].id;
    clientUserId = (await pool.query(`SELECT id FROM client_users WHERE status = 'active' ORDER BY id LIMIT 1`)).rows[0].id;
  });
  afterAll(() => t?.close());

  const lastSeen = async (token: string) =>
    ((await t.ctx.database.pool.query(`SELECT last_seen_at FROM sessions WHERE token_hash = $1`, [hashToken(token)])).rows[0].last_seen_at as Date).getTime();

  it('writes nothing for a use within a second of the recorded one, and records the next one after it', async () => {
    const start = Date.now();
    t.ctx.now = () => new Date(start + 500);
    const token = await createSession(t.ctx.database.pool, t.config, { audience: 'staff', userId: agentId }, new Date(start));
    expect((await apiWith(t, token).get('/api/v2/tickets/mine')).statusCode).toBe(200);
    expect(await lastSeen(token)).toBe(start);
    t.ctx.now = () => new Date(start + SESSION_TOUCH_SECONDS * 1000 + 200);
    expect((await apiWith(t, token).get('/api/v2/tickets/mine')).statusCode).toBe(200);
    expect(await lastSeen(token)).toBe(start + SESSION_TOUCH_SECONDS * 1000 + 200);
  });

  it('never ends a session early: a use that was not written still counts for the idle minute', async () => {
    const start = Date.now();
    const token = await createSession(t.ctx.database.pool, t.config, { audience: 'staff', userId: agentId }, new Date(start));
    t.ctx.now = () => new Date(start + 900);
    expect((await apiWith(t, token).get('/api/v2/tickets/mine')).statusCode).toBe(200);
    // 59.9 s after the last use, 60.8 s after the recorded one: still within the idle minute.
    t.ctx.now = () => new Date(start + 60_800);
    expect((await apiWith(t, token).get('/api/v2/tickets/mine')).statusCode).toBe(200);
    // 61 s after that use, which was recorded: ended.
    t.ctx.now = () => new Date(start + 121_800);
    expect((await apiWith(t, token).get('/api/v2/tickets/mine')).statusCode).toBe(401);
  });

  it('treats a client session the same way', async () => {
    const start = Date.now();
    t.ctx.now = () => new Date(start + 300);
    const token = await createSession(t.ctx.database.pool, t.config, { audience: 'client', userId: clientUserId }, new Date(start));
    expect((await apiWith(t, token).get('/api/v2/client/tickets')).statusCode).toBe(200);
    expect(await lastSeen(token)).toBe(start);
  });
});
