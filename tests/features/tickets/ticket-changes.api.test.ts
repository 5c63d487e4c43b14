/**
 * The staff stream of ticket changes: a ticket created through the API reaches an open stream as
 * a small frame {latest, ids} within two seconds (ids only, nothing a ticket holds); a stream that
 * starts after a change it was told of catches up at once; a change that has not happened, or a
 * client's token, is refused.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_CHANGES_FRAME, TICKET_CHANGES_LIMITS, TICKET_CHANGES_TIMING, type TicketChangesFrame } from '@contracts/tickets-changes';
import { readEventStream } from '@/shared/http/event-stream';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

type Frame = TicketChangesFrame & { at: number; id?: string };
type Reader = { status: number; body: string; frames: Frame[]; ended: Promise<void>; next(done: (f: Frame) => boolean, timeoutMs: number): Promise<Frame>; close(): void };

async function openStream(url: string, headers: Record<string, string>): Promise<Reader> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  let body = '';
  let ended: Promise<void> = Promise.resolve();
  if (res.ok && res.body) {
    ended = readEventStream(res.body, ({ event, data, id }) => {
      if (event === TICKET_CHANGES_FRAME && data) frames.push({ ...(JSON.parse(data) as TicketChangesFrame), at: Date.now(), ...(id ? { id } : {}) });
      for (const w of [...waiters]) w();
    }).then(
      () => undefined,
      () => undefined,
    );
  } else body = await res.text();
  return {
    status: res.status,
    body,
    frames,
    ended,
    close: () => abort.abort(),
    next: (done, timeoutMs) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const f = frames.find(done);
          if (!f) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(f);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      }),
  };
}

/** How often this file's server checks an open stream's caller again, and the bound a stream ends within after a sign-out. */
const SESSION_CHECK_MS = 200;
const SESSION_END_BOUND_MS = SESSION_CHECK_MS + 1_500;

describe.each(BACKENDS)('ticket changes on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let base: string;
  let agent: Api<string>;
  const open: Reader[] = [];
  const stream = async (after: string, token: string | null) => {
    const r = await openStream(`${base}/api/v2/tickets/changes?after=${after}`, token ? { authorization: `Bearer ${token}` } : {});
    open.push(r);
    return r;
  };
  const createTicket = async (title: string) => {
    const res = await agent.post('/api/v2/tickets', { title, description: 'Printer jams on every page', company_id: 1, severity: 'M', queue: 'Support' });
    expect(res.statusCode).toBe(201);
    return (res.json() as { ticket: { id: number } }).ticket.id;
  };

  beforeAll(async () => {
    t = await startTestApp(backend, { events: true, jobs: 'manual', env: { STREAM_SESSION_CHECK_MS: String(SESSION_CHECK_MS) } });
    sql = sqlOf(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    agent = await apiAs(t, 'agent');
  });
  afterAll(async () => {
    for (const r of open) r.close();
    await t?.close();
  });

  it('tells an open stream of a ticket created through the API within two seconds, with ids only', async () => {
    const r = await stream('now', agent.token);
    expect(r.status).toBe(200);
    const started = Date.now();
    const id = await createTicket('Changes stream: new ticket');
    const frame = await r.next((f) => f.ids.includes(id), 2_000);
    expect(frame.at - started).toBeLessThan(2_000);
    const { at: _at, id: eventId, ...data } = frame;
    expect(Object.keys(data).sort()).toEqual(['ids', 'latest']);
    expect(eventId).toBe(String(frame.latest));
    expect(frame.ids.length).toBeLessThanOrEqual(TICKET_CHANGES_LIMITS.idsMax);
  });

  it('coalesces a burst of writes into frames at most one per window, naming every ticket', async () => {
    const r = await stream('now', agent.token);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await sql.one(`INSERT INTO tickets (title, severity, queue, company_id) VALUES ($1, 'L', 'Support', 1) RETURNING id`, [`Burst ${i}`])).id);
    await r.next((f) => f.ids.includes(ids.at(-1)!), 2_000);
    const told = new Set(r.frames.flatMap((f) => f.ids));
    expect(ids.filter((id) => !told.has(id))).toEqual([]);
    for (let i = 1; i < r.frames.length; i++) expect(r.frames[i]!.at - r.frames[i - 1]!.at).toBeGreaterThanOrEqual(TICKET_CHANGES_TIMING.coalesceMs - 50);
  });

  it('catches up a stream that starts after a change it was told of', async () => {
    const first = await stream('now', agent.token);
    const told = await createTicket('Changes stream: seen');
    const seen = await first.next((f) => f.ids.includes(told), 2_000);
    first.close();
    const missed = await createTicket('Changes stream: made while away');
    const again = await stream(String(seen.latest), agent.token);
    const frame = await again.next((f) => f.ids.includes(missed), 1_000);
    expect(frame.latest).toBeGreaterThan(seen.latest);
  });

  it('refuses a start after a change that has not happened, or that is not an id, naming the field', async () => {
    const ahead = await stream('999999999999', agent.token);
    expect(ahead.status).toBe(400);
    expect(JSON.parse(ahead.body).error.fields.after).toBe('Start after names a change that has not happened');
    const nonsense = await stream('yesterday', agent.token);
    expect(nonsense.status).toBe(400);
    expect(JSON.parse(nonsense.body).error.fields.after).toMatch(/Start after must be "now"/);
  });

  it('ends the stream when its session signs out or its user is disabled, and refuses the signed-out token', async () => {
    const endsWithin = (r: Reader) =>
      Promise.race([r.ended, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the stream was still open')), SESSION_END_BOUND_MS).unref())]);
    const token = await t.tokenFor('agent');
    const r = await stream('now', token);
    expect(r.status).toBe(200);
    const signedOutAt = Date.now();
    expect((await t.app.inject({ method: 'GET', url: '/logout', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    await endsWithin(r);
    expect(Date.now() - signedOutAt).toBeLessThan(SESSION_END_BOUND_MS);
    expect((await stream('now', token)).status).toBe(401);

    const manager = await sql.one(`SELECT id FROM staff_users WHERE email = 'manager@demo.test'`);
    const managed = await stream('now', await t.tokenFor('manager'));
    expect(managed.status).toBe(200);
    await sql.rows('UPDATE staff_users SET active = false WHERE id = $1', [manager.id]);
    try {
      await endsWithin(managed);
    } finally {
      await sql.rows('UPDATE staff_users SET active = true WHERE id = $1', [manager.id]);
    }
  });

  it('refuses a client user and nobody', async () => {
    expect((await stream('now', await t.tokenFor('acme'))).status).toBe(401);
    expect((await stream('now', null)).status).toBe(401);
  });
});
