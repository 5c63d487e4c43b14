/**
 * Live boards over HTTP: the stream pushes a board's snapshot after a change (from any writer,
 * through the change-log triggers), coalesces bursts into one computation, replays from
 * Last-Event-ID, and serves paired displays by their cookie until they are revoked.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_COOKIE, LIVE_TIMING, type BoardSnapshot, type CreatedDisplay, type Display } from '@contracts/live-displays';
import { liveHubOf } from '@server/features/live-displays';
import { LiveHub } from '@server/features/live-displays/hub';
import { sessionsEnded } from '@server/platform/auth/session-ends';
import { hashToken } from '@server/platform/auth/tokens';
import { EVENT_CHANNEL } from '@server/platform/events';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';
import { drivenClock, fakeStream } from './hub-fakes';

type Frame = { id?: string; event: string; data: BoardSnapshot };

/** An open board stream read frame by frame. */
type Reader = { status: number; headers: Headers; frames: Frame[]; raw: () => string; next(done: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>; ended: Promise<void>; close(): void };

async function openStream(base: string, path: string, headers: Record<string, string>): Promise<Reader> {
  const abort = new AbortController();
  const res = await fetch(`${base}${path}`, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const frames: Frame[] = [];
  let text = '';
  const waiters = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    ended = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          const chunk = decoder.decode(value, { stream: true });
          text += chunk;
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            const id = /^id: (.+)$/m.exec(block)?.[1];
            if (event && data) frames.push({ event, data: JSON.parse(data) as BoardSnapshot, ...(id ? { id } : {}) });
            for (const w of [...waiters]) w();
          }
        }
      } catch {
        // aborted
      }
    })();
  } else {
    text = await res.text();
  }
  return {
    status: res.status,
    headers: res.headers,
    frames,
    raw: () => text,
    ended,
    close: () => abort.abort(),
    next(done, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
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
          reject(new Error(`no such frame within ${timeoutMs} ms; got ${JSON.stringify(frames.map((f) => f.event))}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
  };
}

const support = (f: Frame) => (f.data.data.board === 'support' ? f.data.data : null);
const quality = (f: Frame) => (f.data.data.board === 'quality' ? f.data.data : null);

/** How often this file's server checks an open stream's caller again (short, so the bounds below are quick to show). */
const SESSION_CHECK_MS = 200;
/** A stream ends within the check's period and the answer of one check (generous for a loaded machine). */
const SESSION_END_BOUND_MS = SESSION_CHECK_MS + 1_500;

/** What ends a stream in the tests of ended sessions: the event, so the recheck is held off this long (10 minutes). */
const RECHECK_HELD_OFF_MS = 600_000;
/** A stream of an ended session ends within this (the bus's round trip, generous for a loaded machine). */
const SESSION_EVENT_BOUND_MS = 2_000;

/** Resolves when the stream ends within `ms`; fails otherwise (how long it took is the caller's to check). */
const endsWithin = (r: Reader, ms: number) =>
  Promise.race([r.ended, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the stream was still open after ${ms} ms`)), ms).unref())]);

describe.each(BACKENDS)('live boards on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let base: string;
  let agentToken: string;
  let admin: Api;
  let acme: { id: number; contactId: number };
  const open: Reader[] = [];
  const stream = async (path: string, headers: Record<string, string> = {}) => {
    const r = await openStream(base, path, headers);
    open.push(r);
    return r;
  };
  const staff = () => ({ authorization: `Bearer ${agentToken}` });
  const criticalTicket = () =>
    sql.one(`INSERT INTO tickets (title, severity, queue, company_id, contact_id) VALUES ('Board test', 'C', 'Support', $1, $2) RETURNING id`, [acme.id, acme.contactId]);

  beforeAll(async () => {
    t = await startTestApp(backend, { events: true, jobs: 'manual', env: { STREAM_SESSION_CHECK_MS: String(SESSION_CHECK_MS) } });
    sql = sqlOf(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    agentToken = await t.tokenFor('agent');
    admin = await apiAs(t, 'admin');
    const row = await sql.one(`SELECT c.id, min(k.id) AS contact_id FROM companies c JOIN contacts k ON k.company_id = c.id WHERE c.account_number = 'ACME-001' GROUP BY c.id`);
    acme = { id: row.id, contactId: row.contact_id };
  });
  afterAll(async () => {
    for (const r of open) r.close();
    await t?.close();
  });

  it('has two paired displays in the demo data, one taking turns through several boards', async () => {
    const { items } = (await admin.get('/api/v2/admin/displays')).json() as { items: Display[] };
    const paired = items.filter((d) => d.pairedAt && !d.revokedAt);
    expect(paired.map((d) => ({ name: d.name, boards: d.boards, rotateSeconds: d.rotateSeconds }))).toEqual([
      { name: 'Lobby', boards: ['support', 'sales', 'development'], rotateSeconds: 30 },
      { name: 'Support floor', boards: ['support'], rotateSeconds: null },
    ]);
  });

  it('streams the support board to staff and pushes a new critical ticket without a reload', async () => {
    const r = await stream('/api/live/boards/support/stream', staff());
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(r.headers.get('x-accel-buffering')).toBe('no');
    const first = await r.next((f) => f.event === 'snapshot');
    expect(r.raw()).toMatch(new RegExp(`^retry: ${LIVE_TIMING.retryMs}\\n\\n`));
    const before = support(first)!.openBySeverity.C;
    const res = await admin.post('/api/v2/tickets', { title: 'Server room flooded', description: 'Water on the floor', company_id: acme.id, contact_id: acme.contactId, severity: 'C', queue: 'Support' });
    expect(res.statusCode, res.body).toBe(201);
    const pushed = await r.next((f) => f !== first && support(f)!.openBySeverity.C === before + 1, 3_000);
    expect(Number(pushed.id)).toBeGreaterThan(Number(first.id));
    r.close();
  });

  it('shows the QA queue with its testers, and a failed run as a failure returned this week', async () => {
    const r = await stream('/api/live/boards/quality/stream', staff());
    const first = quality(await r.next((f) => f.event === 'snapshot'))!;
    const ticket = await criticalTicket();
    const item = await sql.one(`INSERT INTO qa_items (ticket_id, title, priority) VALUES ($1, 'Printer driver fix', 'high') RETURNING id, version`, [ticket.id]);
    const queued = quality(await r.next((f) => quality(f)!.waiting === first.waiting + 1, 3_000))!;
    expect(queued.items.find((i) => i.id === item.id)).toMatchObject({ label: `Ticket ${ticket.id} · Printer driver fix`, priority: 'high', tester: null });
    const take = await admin.post(`/api/v2/quality/items/${item.id}/take`, { version: item.version });
    expect(take.statusCode, take.body).toBe(200);
    const taken = quality(await r.next((f) => quality(f)!.testing === first.testing + 1, 3_000))!;
    expect(taken.items.find((i) => i.id === item.id)?.tester).toBeTruthy();
    const failed = await admin.post(`/api/v2/quality/items/${item.id}/result`, { result: 'fail', notes: 'Prints blank pages', version: (take.json() as { version: number }).version });
    expect(failed.statusCode, failed.body).toBe(200);
    const after = quality(await r.next((f) => quality(f)!.failuresReturnedThisWeek === first.failuresReturnedThisWeek + 1, 3_000))!;
    expect(after.runsThisWeek).toBe(first.runsThisWeek + 1);
    expect(after.items.some((i) => i.id === item.id)).toBe(false);
    expect(after.passRateThisWeek).not.toBeNull();
    r.close();
  });

  it('computes a burst of changes once, not once per change', async () => {
    const r = await stream('/api/live/boards/support/stream', staff());
    const first = await r.next((f) => f.event === 'snapshot');
    const hub = liveHubOf(t.ctx)!;
    const computedBefore = hub.computed.support;
    const before = support(first)!.openBySeverity.C;
    const start = performance.now();
    for (let i = 0; i < 10; i++) await criticalTicket();
    await r.next((f) => support(f)!.openBySeverity.C === before + 10, 3_000);
    const windows = Math.ceil((performance.now() - start) / LIVE_TIMING.coalesceMs);
    // At most once per window the burst spanned, and once at its leading edge; never once per change.
    expect(hub.computed.support - computedBefore).toBeLessThanOrEqual(Math.min(1 + windows, 10 - 1));
    r.close();
  });

  it("computes an idle board at once on a change, and gathers what follows within the window into one computation at the window's end", async () => {
    // The hub's own clock, driven by the test: nothing waits on the wall clock's window.
    const { clock, due, advance } = drivenClock();
    const hub = new LiveHub(t.ctx, clock);
    const { stream: fake, sent } = fakeStream();
    try {
      await hub.attach('support', fake, null, null);
      expect(sent).toHaveLength(1);
      const frameCount = (c: number) => sent.filter((f) => f.includes(`"C":${c},`)).length;
      const c0 = Number((await sql.one(`SELECT count(*)::int AS n FROM tickets WHERE queue = 'Support' AND status <> 'C' AND severity = 'C'`)).n);
      const computed0 = hub.computed.support;
      // One change on an idle board: computed and sent with no time passing on the hub's clock.
      await criticalTicket();
      await expect.poll(() => frameCount(c0 + 1), { timeout: 3_000, interval: 20 }).toBe(1);
      expect(hub.computed.support).toBe(computed0 + 1);
      expect(due).toHaveLength(0);
      // Two more within the window: nothing until the window ends, then one computation for both.
      await criticalTicket();
      await criticalTicket();
      await expect.poll(() => due.length, { timeout: 3_000, interval: 20 }).toBe(1);
      await new Promise((r) => setTimeout(r, 200));
      expect(hub.computed.support).toBe(computed0 + 1);
      advance(LIVE_TIMING.coalesceMs);
      await expect.poll(() => frameCount(c0 + 3), { timeout: 3_000, interval: 20 }).toBe(1);
      expect(hub.computed.support).toBe(computed0 + 2);
    } finally {
      hub.stop();
    }
  });

  it('replays from Last-Event-ID: nothing when nothing changed, a snapshot after missed changes, a resync past the log', async () => {
    const latest = async () => Number((await sql.one('SELECT COALESCE(max(id), 0)::int AS id FROM live_events')).id);
    // Up to date: no snapshot until something changes, then the change.
    const upToDate = await stream('/api/live/boards/support/stream', { ...staff(), 'last-event-id': String(await latest()) });
    const c = Number((await sql.one(`SELECT count(*)::int AS n FROM tickets WHERE queue = 'Support' AND status <> 'C' AND severity = 'C'`)).n);
    await criticalTicket();
    const firstFrame = await upToDate.next(() => true, 3_000);
    expect(support(firstFrame)!.openBySeverity.C).toBe(c + 1);
    upToDate.close();
    // Missed a change: a snapshot at once.
    const missedFrom = await latest();
    await criticalTicket();
    const behind = await stream('/api/live/boards/support/stream', { ...staff(), 'last-event-id': String(missedFrom) });
    const caughtUp = await behind.next(() => true);
    expect(caughtUp.event).toBe('snapshot');
    expect(Number(caughtUp.id)).toBeGreaterThan(missedFrom);
    behind.close();
    // The log no longer reaches back that far: a resync.
    await criticalTicket();
    await sql.rows('DELETE FROM live_events WHERE id < $1', [await latest()]);
    const old = await stream('/api/live/boards/support/stream', { ...staff(), 'last-event-id': '1' });
    expect((await old.next(() => true)).event).toBe('resync');
    old.close();
    // An id beyond any the log wrote (a TV last fed by another database, before a restore): a resync, not silence.
    const future = await stream('/api/live/boards/support/stream', { ...staff(), 'last-event-id': String((await latest()) + 1_000) });
    expect((await future.next(() => true)).event).toBe('resync');
    future.close();
  });

  it('does not send a stream the frame it already has when a change it showed is announced late', async () => {
    const r = await stream('/api/live/boards/support/stream', staff());
    const first = await r.next((f) => f.event === 'snapshot');
    const hub = liveHubOf(t.ctx)!;
    const computedBefore = hub.computed.support;
    // The notice of a change this snapshot already holds arrives after it (a notification late on this server).
    await sql.rows(`SELECT pg_notify($1, json_build_object('topic', 'live.changed', 'payload', json_build_object('id', $2::int, 'topic', 'tickets'))::text)`, [EVENT_CHANNEL, Number(first.id)]);
    await expect.poll(() => hub.computed.support, { timeout: 3_000, interval: 20 }).toBeGreaterThan(computedBefore);
    const before = support(first)!.openBySeverity.C;
    await criticalTicket();
    const next = await r.next((f) => f !== first, 3_000);
    expect(support(next)!.openBySeverity.C).toBe(before + 1);
    r.close();
  });

  it('tells a TV that reconnects of a change committed after its snapshot was read, though its log id is older than the frame it holds', async () => {
    // A board open all along: it shows when the hub has heard of the late commit.
    const watcher = await stream('/api/live/boards/support/stream', staff());
    const shown = support(await watcher.next((f) => f.event === 'snapshot'))!;
    const oldest = shown.oldestOpen!;
    const before = shown.openBySeverity.C;
    const renamed = `${oldest.title} (renamed)`;
    const late = await t.ctx.database.pool.connect();
    try {
      // This transaction draws its change-log id first and commits last.
      await late.query('BEGIN');
      await late.query('UPDATE tickets SET title = $2 WHERE id = $1', [oldest.id, renamed]);
      await criticalTicket();
      const newest = Number((await sql.one('SELECT max(id)::int AS id FROM live_events')).id);
      const tv = await stream('/api/live/boards/support/stream', staff());
      const seen = await tv.next((f) => f.event === 'snapshot');
      expect(support(seen)).toMatchObject({ openBySeverity: { C: before + 1 }, oldestOpen: { title: oldest.title } });
      tv.close();
      await late.query('COMMIT');
      await watcher.next((f) => support(f)!.oldestOpen?.title === renamed, 3_000);
      // The TV comes back with the id of the frame it holds: it is sent the change it has not seen.
      const back = await stream('/api/live/boards/support/stream', { ...staff(), 'last-event-id': seen.id! });
      const caughtUp = await back.next(() => true, 3_000);
      expect(support(caughtUp)).toMatchObject({ openBySeverity: { C: before + 1 }, oldestOpen: { title: renamed } });
      // Once the late transaction ended, frames carry the newest id again.
      await back.next((f) => Number(f.id) >= newest, 3_000);
      back.close();
    } finally {
      await late.query('ROLLBACK').catch(() => undefined);
      late.release();
      watcher.close();
      await sql.rows('UPDATE tickets SET title = $2 WHERE id = $1', [oldest.id, oldest.title]);
    }
  });

  it("shows an edited on-call rotation or a new override on the Support board at once, before any ticket changes", async () => {
    const team = await sql.one(`SELECT id FROM teams WHERE name = 'Support'`);
    const rotation = await sql.one('SELECT members::int[] AS members FROM on_call_rotations WHERE team_id = $1', [team.id]);
    const r = await stream('/api/live/boards/support/stream', staff());
    const first = await r.next((f) => f.event === 'snapshot');
    const shown = support(first)!.onCall.find((w) => w.team === 'Support')?.name;
    const [member, other] = await sql.rows(`SELECT id, name FROM staff_users WHERE active AND name <> $1 ORDER BY id LIMIT 2`, [shown ?? '']);
    const added: number[] = [];
    try {
      await sql.rows('UPDATE on_call_rotations SET members = $2 WHERE team_id = $1', [team.id, [member!.id]]);
      await r.next((f) => support(f)!.onCall.some((w) => w.team === 'Support' && w.name === member!.name), 3_000);
      const now = Date.now();
      const override = await sql.one('INSERT INTO on_call_overrides (team_id, staff_id, starts_at, ends_at) VALUES ($1, $2, $3, $4) RETURNING id', [team.id, other!.id, new Date(now - 3_600_000), new Date(now + 3_600_000)]);
      added.push(override.id);
      await r.next((f) => support(f)!.onCall.some((w) => w.team === 'Support' && w.name === other!.name), 3_000);
    } finally {
      await sql.rows('DELETE FROM on_call_overrides WHERE id = ANY($1::int[])', [added]);
      await sql.rows('UPDATE on_call_rotations SET members = $2 WHERE team_id = $1', [team.id, rotation.members]);
      r.close();
    }
  });

  it('refuses a stream to callers without a staff session or a paired display', async () => {
    const anonymous = await stream('/api/live/boards/support/stream');
    expect(anonymous.status).toBe(401);
    const client = await stream('/api/live/boards/support/stream', { authorization: `Bearer ${await t.tokenFor('acme')}` });
    expect(client.status).toBe(401);
    const junk = await stream('/api/live/boards/support/stream', { cookie: `${DISPLAY_COOKIE}=not-a-display` });
    expect(junk.status).toBe(401);
  });

  it("ends a staff member's board stream when they sign out (here or in another tab), and refuses the signed-out token", async () => {
    const token = await t.tokenFor('agent');
    const board = await stream('/api/live/boards/support/stream', { authorization: `Bearer ${token}` });
    expect(board.status).toBe(200);
    await board.next((f) => f.event === 'snapshot');
    // Another tab of the same session signs out.
    const signedOutAt = Date.now();
    const out = await t.app.inject({ method: 'GET', url: '/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode, out.body).toBe(200);
    await endsWithin(board, SESSION_END_BOUND_MS);
    expect(Date.now() - signedOutAt).toBeLessThan(SESSION_END_BOUND_MS);
    const again = await stream('/api/live/boards/support/stream', { authorization: `Bearer ${token}` });
    expect(again.status).toBe(401);
  });

  it("ends a disabled staff member's board stream, and the session's expiry ends it too", async () => {
    const manager = await sql.one(`SELECT id FROM staff_users WHERE email = 'manager@demo.test'`);
    const token = await t.tokenFor('manager');
    const board = await stream('/api/live/boards/sales/stream', { authorization: `Bearer ${token}` });
    expect(board.status).toBe(200);
    await board.next((f) => f.event === 'snapshot');
    const disabledAt = Date.now();
    await sql.rows('UPDATE staff_users SET active = false WHERE id = $1', [manager.id]);
    try {
      await endsWithin(board, SESSION_END_BOUND_MS);
      expect(Date.now() - disabledAt).toBeLessThan(SESSION_END_BOUND_MS);
    } finally {
      await sql.rows('UPDATE staff_users SET active = true WHERE id = $1', [manager.id]);
    }
    const later = await t.tokenFor('manager');
    const expiring = await stream('/api/live/boards/sales/stream', { authorization: `Bearer ${later}` });
    await expiring.next((f) => f.event === 'snapshot');
    const expiredAt = Date.now();
    await sql.rows('UPDATE sessions SET expires_at = now() - interval \'1 second\' WHERE staff_user_id = $1 AND revoked_at IS NULL', [manager.id]);
    await endsWithin(expiring, SESSION_END_BOUND_MS);
    expect(Date.now() - expiredAt).toBeLessThan(SESSION_END_BOUND_MS);
  });

  it('counts an open board as use of the session, so a board left open in a tab is not signed out for being idle', async () => {
    const token = await t.tokenFor('agent');
    const board = await stream('/api/live/boards/support/stream', { authorization: `Bearer ${token}` });
    await board.next((f) => f.event === 'snapshot');
    const idleMinutes = t.config.sessionIdleMs / 60_000;
    // Last used almost an idle period ago: the open stream's next check records a use.
    const session = hashToken(token);
    await sql.rows(`UPDATE sessions SET last_seen_at = now() - make_interval(mins => $1) + interval '30 seconds' WHERE token_hash = $2`, [idleMinutes, session]);
    await new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const look = async () => {
        const row = await sql.one(`SELECT extract(epoch FROM now() - last_seen_at) AS age FROM sessions WHERE token_hash = $1`, [session]);
        if (Number(row.age) < 60) resolve();
        else if (Date.now() - started > SESSION_END_BOUND_MS) reject(new Error(`the session was last used ${row.age} s ago`));
        else setTimeout(() => void look(), SESSION_CHECK_MS);
      };
      void look();
    });
    board.close();
  });

  /** Streams opened by `run` are checked again only every RECHECK_HELD_OFF_MS: if one ends, the recheck did not end it. */
  const recheckHeldOff = async (run: () => Promise<void>) => {
    const period = t.config.streamSessionCheckMs;
    t.config.streamSessionCheckMs = RECHECK_HELD_OFF_MS;
    try {
      await run();
    } finally {
      t.config.streamSessionCheckMs = period;
    }
  };
  const criticalShown = (r: Reader, count: number) => r.next((f) => (support(f)?.openBySeverity.C ?? -1) >= count);

  it("ends a session's board and ticket-changes streams the moment it signs out, on the event, and leaves another session's stream open", async () => {
    await recheckHeldOff(async () => {
      const [token, other] = [await t.tokenFor('agent'), await t.tokenFor('agent')];
      const board = await stream('/api/live/boards/support/stream', { authorization: `Bearer ${token}` });
      const changes = await stream('/api/v2/tickets/changes?after=now', { authorization: `Bearer ${token}` });
      const kept = await stream('/api/live/boards/support/stream', { authorization: `Bearer ${other}` });
      expect([board.status, changes.status, kept.status]).toEqual([200, 200, 200]);
      await board.next((f) => f.event === 'snapshot');
      const before = support(await kept.next((f) => f.event === 'snapshot'))!.openBySeverity.C;
      const signedOutAt = Date.now();
      const out = await t.app.inject({ method: 'GET', url: '/logout', headers: { authorization: `Bearer ${token}` } });
      expect(out.statusCode, out.body).toBe(200);
      await Promise.all([endsWithin(board, SESSION_EVENT_BOUND_MS), endsWithin(changes, SESSION_EVENT_BOUND_MS)]);
      expect(Date.now() - signedOutAt).toBeLessThan(SESSION_EVENT_BOUND_MS);
      // The other session's stream is still open: it shows the next change.
      await criticalTicket();
      await criticalShown(kept, before + 1);
      kept.close();
    });
  });

  it("ends the streams of a person's other sessions when they change their password, not the one they changed it in", async () => {
    const manager = await sql.one(`SELECT id, password_hash FROM staff_users WHERE email = 'manager@demo.test'`);
    await recheckHeldOff(async () => {
      const [here, elsewhere] = [await t.tokenFor('manager'), await t.tokenFor('manager')];
      const stays = await stream('/api/live/boards/support/stream', { authorization: `Bearer ${here}` });
      const ends = await stream('/api/live/boards/support/stream', { authorization: `Bearer ${elsewhere}` });
      const before = support(await stays.next((f) => f.event === 'snapshot'))!.openBySeverity.C;
      await ends.next((f) => f.event === 'snapshot');
      const changedAt = Date.now();
      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/v2/profile/password',
        headers: { authorization: `Bearer ${here}` },
        payload: { current: 'care-demo-2026', next: 'a new and longer passphrase' },
      });
      try {
        expect(changed.statusCode, changed.body).toBe(200);
        expect(changed.json().otherSessionsEnded).toBeGreaterThanOrEqual(1);
        await endsWithin(ends, SESSION_EVENT_BOUND_MS);
        expect(Date.now() - changedAt).toBeLessThan(SESSION_EVENT_BOUND_MS);
        await criticalTicket();
        await criticalShown(stays, before + 1);
        stays.close();
      } finally {
        await sql.rows('UPDATE staff_users SET password_hash = $2 WHERE id = $1', [manager.id, manager.password_hash]);
      }
    });
  });

  it('names the sessions it ends on the bus, never their tokens: a sign-out, and a client account disabled by staff', async () => {
    const named: number[][] = [];
    const stop = t.ctx.events.subscribe(sessionsEnded, ({ sessionIds }) => void named.push(sessionIds));
    const acme = await sql.one(`SELECT id FROM client_users WHERE email = 'client@acme.demo.test'`);
    try {
      const token = await t.tokenFor('agent');
      const signedOut = await sql.one('SELECT id FROM sessions WHERE token_hash = $1', [hashToken(token)]);
      expect((await t.app.inject({ method: 'GET', url: '/logout', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
      const clientTokens = [await t.tokenFor('acme'), await t.tokenFor('acme')];
      const clientSessions = await sql.rows('SELECT id FROM sessions WHERE token_hash = ANY($1)', [clientTokens.map(hashToken)]);
      const disabled = await admin.post(`/api/v2/client-users/${acme.id}/disable`);
      expect(disabled.statusCode, disabled.body).toBe(200);
      await new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const look = () => {
          const all = named.flat();
          if (all.includes(Number(signedOut.id)) && clientSessions.every((s) => all.includes(Number(s.id)))) resolve();
          else if (Date.now() - started > SESSION_EVENT_BOUND_MS) reject(new Error(`the bus named ${JSON.stringify(named)}`));
          else setTimeout(look, 20);
        };
        look();
      });
      expect(JSON.stringify(named)).not.toContain(hashToken(token));
    } finally {
      stop();
      await sql.rows(`UPDATE client_users SET status = 'active' WHERE id = $1`, [acme.id]);
    }
  });

  it('pairs a TV once by its link, serves it only its boards, and a revocation closes its stream within two seconds', async () => {
    const bad = await admin.post('/api/v2/admin/displays', { name: 'Lobby', boards: ['support'], allowedRanges: ['300.1.1.1/8'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty(['allowedRanges.0']);
    const created = await admin.post('/api/v2/admin/displays', { name: 'Support floor', boards: ['support', 'sales'], rotateSeconds: 30 });
    expect(created.statusCode, created.body).toBe(201);
    const { display, pairingToken } = created.json() as CreatedDisplay;
    // Only the hash is stored.
    const stored = await sql.one('SELECT encode(pairing_hash, $2) AS h FROM live_displays WHERE id = $1', [display.id, 'hex']);
    expect(stored.h).not.toContain(pairingToken);

    const paired = await t.app.inject({ method: 'POST', url: '/api/live/pair', payload: { token: pairingToken } });
    expect(paired.statusCode, paired.body).toBe(200);
    const setCookie = String(paired.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Path=\/api\/live/);
    const cookie = setCookie.split(';')[0]!;
    const again = await t.app.inject({ method: 'POST', url: '/api/live/pair', payload: { token: pairingToken } });
    expect(again.statusCode).toBe(401);

    const self = await t.app.inject({ method: 'GET', url: '/api/live/display', headers: { cookie } });
    expect(self.json()).toMatchObject({ id: display.id, boards: ['support', 'sales'], rotateSeconds: 30 });
    const other = await stream('/api/live/boards/development/stream', { cookie });
    expect(other.status).toBe(403);
    const tv = await stream('/api/live/boards/support/stream', { cookie });
    expect(tv.status).toBe(200);
    await tv.next((f) => f.event === 'snapshot');

    const revokedAt = Date.now();
    const revoked = await admin.post(`/api/v2/admin/displays/${display.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    await tv.ended;
    expect(Date.now() - revokedAt).toBeLessThan(LIVE_TIMING.revokeCloseMs);
    const after = await stream('/api/live/boards/support/stream', { cookie });
    expect(after.status).toBe(401);
    const selfAfter = await t.app.inject({ method: 'GET', url: '/api/live/display', headers: { cookie } });
    expect(selfAfter.statusCode).toBe(401);
  });

  it("ends a display's stream once it is revoked, even when this server never heard the revocation", async () => {
    const created = await admin.post('/api/v2/admin/displays', { name: 'Back office', boards: ['support'] });
    expect(created.statusCode, created.body).toBe(201);
    const { display, pairingToken } = created.json() as CreatedDisplay;
    const paired = await t.app.inject({ method: 'POST', url: '/api/live/pair', payload: { token: pairingToken } });
    const cookie = String(paired.headers['set-cookie']).split(';')[0]!;
    const tv = await stream('/api/live/boards/support/stream', { cookie });
    await tv.next((f) => f.event === 'snapshot');
    // Revoked by another server whose event did not arrive here (the bus was reconnecting).
    const revokedAt = Date.now();
    await sql.rows('UPDATE live_displays SET revoked_at = now(), cookie_hash = NULL WHERE id = $1', [display.id]);
    await endsWithin(tv, SESSION_END_BOUND_MS);
    expect(Date.now() - revokedAt).toBeLessThan(SESSION_END_BOUND_MS);
  });

  it("shows who holds each team's on-call watch now, and sends the board again when the watch ends", async () => {
    const team = await sql.one(`SELECT id FROM teams WHERE name = 'Support'`);
    const riley = await sql.one(`SELECT id, name FROM staff_users WHERE email = 'riley.chen@demo.test'`);
    const now = Date.now();
    // Whole seconds: times are answered to the second.
    const ends = new Date(Math.ceil((now + 2_000) / 1_000) * 1_000);
    const override = await sql.one('INSERT INTO on_call_overrides (team_id, staff_id, starts_at, ends_at) VALUES ($1, $2, $3, $4) RETURNING id', [
      team.id, riley.id, new Date(now - 3_600_000), ends,
    ]);
    try {
      const r = await stream('/api/live/boards/support/stream', staff());
      const first = await r.next((f) => f.event === 'snapshot');
      expect(support(first)!.onCall).toContainEqual({ team: 'Support', name: riley.name, until: ends.toISOString() });
      // No table changes when the watch ends: the board is sent again at the hand-over all the same.
      const after = await r.next((f) => f !== first && !support(f)!.onCall.some((w) => w.team === 'Support' && w.name === riley.name), 5_000);
      expect(support(after)!.onCall.find((w) => w.team === 'Support')?.name).not.toBe(riley.name);
    } finally {
      await sql.rows('DELETE FROM on_call_overrides WHERE id = $1', [override.id]);
    }
  });

  it('serves a display only from its allowed address ranges', async () => {
    const created = (await admin.post('/api/v2/admin/displays', { name: 'Office only', boards: ['sales'], allowedRanges: ['10.0.0.0/8'] })).json() as CreatedDisplay;
    const paired = await t.app.inject({ method: 'POST', url: '/api/live/pair', payload: { token: created.pairingToken } });
    const cookie = String(paired.headers['set-cookie']).split(';')[0]!;
    const outside = await t.app.inject({ method: 'GET', url: '/api/live/display', headers: { cookie }, remoteAddress: '192.168.1.20' });
    expect(outside.statusCode).toBe(403);
    const inside = await t.app.inject({ method: 'GET', url: '/api/live/display', headers: { cookie }, remoteAddress: '10.20.30.40' });
    expect(inside.statusCode, inside.body).toBe(200);
  });
});
