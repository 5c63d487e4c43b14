/**
 * The database dying under load never takes the app down. `npm start`'s server takes mixed writes
 * (ticket creations, ticket notes, sales activities, timesheet cells) with 20 in flight while its
 * embedded PostgreSQL server's postmaster is killed with SIGKILL, five times. After each kill the
 * app process is still alive, every request answers (2xx, or 503 with Retry-After while the
 * database is down: never a 500, never a hang), and a write succeeds again within 5 s because the
 * app restarts postgres by itself. At the end every acknowledged write is in the database, and
 * every creation whose answer was lost is retried with its Idempotency-Key: each is answered, and
 * none is stored twice. The job queue and the event bus are working again too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@contracts/common/idempotency';
import { embeddedConnection, isAlive } from '@server/platform/db/embedded';
import { expireIdempotencyKeys } from '@server/platform/idempotency';
import { postmasterPid, startServer, type RunningServer } from '@tests/support/server-process';

const IN_FLIGHT = 20;
const KILLS = 5;
/** Writes answered 2xx between two kills (the load runs the whole time). */
const ACKNOWLEDGED_BETWEEN_KILLS = 40;
/** A write succeeds again at most this long after a kill. */
const RECOVERY_MS = 5_000;
/** No request may take longer than this to answer. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Pause of a worker after a 503, so the outage is not a busy loop. */
const PAUSE_AFTER_503_MS = 200;
/** Tickets the notes are added to (made before the load). */
const NOTE_TICKETS = 5;

type Kind = 'ticket' | 'note' | 'activity' | 'cell';
type Write = { n: number; kind: Kind; method: 'POST' | 'PUT'; path: string; body: Record<string, unknown>; key?: string; mark: string };
type Outcome = { write: Write; status: number | 'timeout' | 'network'; retryAfter: string | null; replayed: boolean; sentAt: number; answeredAt: number };

const TAG = 'Postmaster kill';
const FIRST_WEEK = Date.UTC(2019, 0, 7); // a Monday, long before the demo data's weeks
const DAY_MS = 86_400_000;

/** The n-th write of the load: the kinds take turns; creations carry an Idempotency-Key. */
function writeNumber(n: number, noteTickets: number[]): Write {
  const kind = (['ticket', 'note', 'activity', 'cell'] as const)[n % 4]!;
  const mark = `${TAG} ${kind} ${n}`;
  switch (kind) {
    case 'ticket':
      return { n, kind, method: 'POST', path: '/api/v2/tickets', key: `kill-${n}`, mark, body: { title: mark, description: 'Written while postgres is killed', company_id: 1, severity: 'M', queue: 'Support' } };
    case 'note':
      return { n, kind, method: 'POST', path: `/api/v2/tickets/${noteTickets[n % noteTickets.length]}/notes`, key: `kill-${n}`, mark, body: { body: mark } };
    case 'activity':
      return { n, kind, method: 'POST', path: '/api/v2/sales/activities', mark, body: { kind: 'call', companyId: 1, occurredOn: '2026-01-05', notes: mark } };
    case 'cell': {
      // Each cell write has a day of its own, so every acknowledged one can be found afterwards.
      const index = Math.floor(n / 4);
      const day = new Date(FIRST_WEEK + index * DAY_MS).toISOString().slice(0, 10);
      const week = new Date(FIRST_WEEK + Math.floor(index / 7) * 7 * DAY_MS).toISOString().slice(0, 10);
      return { n, kind, method: 'PUT', path: '/api/v2/timesheet/cells', mark: day, body: { week, day, item: { kind: 'company', id: 1 }, minutes: 30 + (index % 60) } };
    }
  }
}

async function send(server: RunningServer, token: string, write: Write): Promise<Outcome> {
  const sentAt = Date.now();
  try {
    const res = await fetch(`${server.url}${write.path}`, {
      method: write.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(write.key ? { [IDEMPOTENCY_KEY_HEADER]: write.key } : {}) },
      body: JSON.stringify(write.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await res.arrayBuffer();
    return { write, status: res.status, retryAfter: res.headers.get('retry-after'), replayed: res.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true', sentAt, answeredAt: Date.now() };
  } catch (error) {
    const status = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network';
    return { write, status, retryAfter: null, replayed: false, sentAt, answeredAt: Date.now() };
  }
}

const ok = (o: Outcome) => typeof o.status === 'number' && o.status >= 200 && o.status < 300;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signIn(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'agent@demo.test', password: 'care-demo-2026' }),
  });
  return ((await res.json()) as { token: string }).token;
}

async function waitUntil(what: string, condition: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

async function waitFor(what: string, condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

describe('the embedded postmaster killed under load', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('keeps the app alive, answers 503 meanwhile, serves again within 5 s, and loses and doubles nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-pgkill-'));
    dirs.push(dataDir);
    const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
    let stopped = false;
    try {
      const token = await signIn(server);
      const noteTickets: number[] = [];
      for (let i = 0; i < NOTE_TICKETS; i++) {
        const res = await send(server, token, { n: -1, kind: 'ticket', method: 'POST', path: '/api/v2/tickets', mark: '', body: { title: `${TAG} notes ${i}`, description: 'Notes go here', company_id: 1, severity: 'L', queue: 'Support' } });
        expect(res.status).toBe(201);
        const { rows } = await query<{ id: number }>(dataDir, 'SELECT id FROM tickets WHERE title = $1', [`${TAG} notes ${i}`]);
        noteTickets.push(rows[0]!.id);
      }

      const outcomes: Outcome[] = [];
      let next = 0;
      let running = true;
      const worker = async () => {
        while (running) {
          const outcome = await send(server, token, writeNumber(next++, noteTickets));
          outcomes.push(outcome);
          if (!ok(outcome)) await sleep(PAUSE_AFTER_503_MS);
        }
      };
      const workers = Array.from({ length: IN_FLIGHT }, worker);

      const kills: { pid: number; at: number; acknowledgedBefore: number; recoveredMs: number; unavailable: number }[] = [];
      try {
        for (let k = 0; k < KILLS; k++) {
          const acknowledged = () => outcomes.filter(ok).length;
          const target = acknowledged() + ACKNOWLEDGED_BETWEEN_KILLS;
          await waitFor(`${ACKNOWLEDGED_BETWEEN_KILLS} acknowledged writes before kill ${k + 1}`, () => acknowledged() >= target, 60_000);
          const pid = postmasterPid(dataDir);
          const at = Date.now();
          process.kill(pid, 'SIGKILL');
          // Recovered: a write sent after the kill was acknowledged (or the app is gone, and fails below).
          await waitFor(`a write acknowledged after kill ${k + 1}`, () => !isAlive(server.pid) || outcomes.some((o) => o.sentAt > at && ok(o)), 30_000);
          expect(isAlive(server.pid), `the app process after kill ${k + 1}; it wrote:\n${server.stderr().slice(-2_000)}`).toBe(true);
          const recoveredMs = Math.min(...outcomes.filter((o) => o.sentAt > at && ok(o)).map((o) => o.answeredAt)) - at;
          const unavailable = outcomes.filter((o) => o.answeredAt > at && o.status === 503).length;
          kills.push({ pid, at, acknowledgedBefore: acknowledged(), recoveredMs, unavailable });
          expect(postmasterPid(dataDir)).not.toBe(pid);
        }
      } finally {
        running = false;
        await Promise.all(workers);
      }
      expect(isAlive(server.pid)).toBe(true);

      for (const [i, kill] of kills.entries()) {
        console.info(`kill ${i + 1}: postmaster ${kill.pid}, ${kill.acknowledgedBefore} acknowledged so far, ${kill.unavailable} answered 503 until the first write after it succeeded ${kill.recoveredMs} ms after the kill`);
      }
      // Every answer was a success or a 503 with Retry-After: no 500, no hang, no dropped connection.
      const byStatus = new Map<string, number>();
      for (const o of outcomes) byStatus.set(String(o.status), (byStatus.get(String(o.status)) ?? 0) + 1);
      const bad = outcomes.filter((o) => !ok(o) && !(o.status === 503 && o.retryAfter));
      expect(bad.map((o) => `${o.write.method} ${o.write.path}: ${o.status}`)).toEqual([]);

      // Creations whose answer was lost are retried with the same key: each gets its answer.
      const unanswered = outcomes.filter((o) => o.write.key && !ok(o)).map((o) => o.write);
      const retried: Outcome[] = [];
      const waiting = [...unanswered];
      const retrier = async () => {
        for (let write = waiting.shift(); write; write = waiting.shift()) {
          let outcome = await send(server, token, write);
          for (let attempt = 0; attempt < 20 && !ok(outcome); attempt++) {
            await sleep(PAUSE_AFTER_503_MS);
            outcome = await send(server, token, write);
          }
          retried.push(outcome);
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, retrier));
      expect(retried.filter((o) => !ok(o)).map((o) => `${o.write.path}: ${o.status}`)).toEqual([]);

      // The job queue and the event bus came back by themselves: a job sent now runs, and the bus listens.
      const { rows: sent } = await query<{ id: string }>(dataDir, `INSERT INTO pgboss.job (name, data) VALUES ($1, '{}') RETURNING id`, [expireIdempotencyKeys.name]);
      await waitUntil('the job to run', async () => (await query<{ state: string }>(dataDir, 'SELECT state FROM pgboss.job WHERE id = $1', [sent[0]!.id])).rows[0]?.state === 'completed');
      await waitUntil('the event bus to listen', async () => (await query(dataDir, `SELECT 1 FROM pg_stat_activity WHERE application_name = 'client-care-events' AND query LIKE 'LISTEN%'`)).rowCount === 1);

      // Every acknowledged write is stored, and no creation is stored twice.
      const acknowledgedWrites = outcomes.filter(ok).map((o) => o.write);
      const titles = await counts(dataDir, `SELECT title AS mark, count(*)::int AS n FROM tickets WHERE title LIKE $1 GROUP BY title`);
      const notes = await counts(dataDir, `SELECT body AS mark, count(*)::int AS n FROM ticket_notes WHERE body LIKE $1 GROUP BY body`);
      const activities = await counts(dataDir, `SELECT notes AS mark, count(*)::int AS n FROM sales_activities WHERE notes LIKE $1 GROUP BY notes`);
      const { rows: cellRows } = await query<{ day: string }>(
        dataDir,
        `SELECT to_char(work_date, 'YYYY-MM-DD') AS day FROM time_entries e JOIN staff_users s ON s.id = e.staff_user_id
          WHERE s.email = 'agent@demo.test' AND e.source = 'timesheet' AND e.work_date < '2026-01-01' AND e.company_id = 1`,
      );
      const cells = new Set(cellRows.map((r) => r.day));
      const stored: Record<Kind, (mark: string) => boolean> = {
        ticket: (m) => titles.has(m),
        note: (m) => notes.has(m),
        activity: (m) => activities.has(m),
        cell: (m) => cells.has(m),
      };
      expect(acknowledgedWrites.filter((w) => !stored[w.kind](w.mark)).map((w) => w.mark)).toEqual([]);
      const created = [...unanswered, ...acknowledgedWrites.filter((w) => w.key)];
      expect(created.filter((w) => (w.kind === 'ticket' ? titles : notes).get(w.mark) !== 1).map((w) => `${w.mark}: ${(w.kind === 'ticket' ? titles : notes).get(w.mark) ?? 0}`)).toEqual([]);

      console.info(
        `${outcomes.length} writes sent, ${acknowledgedWrites.length} acknowledged, answers by status ${JSON.stringify(Object.fromEntries(byStatus))}; ` +
          `${unanswered.length} creations without an answer retried with their key, all answered: ${retried.filter((o) => o.replayed).length} replayed (committed, answer lost), ${retried.filter((o) => !o.replayed).length} created then`,
      );
      for (const [i, kill] of kills.entries()) expect(kill.recoveredMs, `recovery after kill ${i + 1}`).toBeLessThan(RECOVERY_MS);

      expect(await server.stop()).toBe(0);
      stopped = true;
    } finally {
      if (!stopped) await server.killGroup('SIGKILL');
    }
  }, 240_000);
});

async function query<R extends pg.QueryResultRow>(dataDir: string, text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
  const client = new pg.Client(embeddedConnection(dataDir));
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await client.query<R>(text, values);
  } finally {
    await client.end();
  }
}

/** Rows per mark (title, note body, activity notes) of this test's writes. */
async function counts(dataDir: string, text: string): Promise<Map<string, number>> {
  const { rows } = await query<{ mark: string; n: number }>(dataDir, text, [`${TAG} %`]);
  return new Map(rows.map((r) => [r.mark, r.n]));
}
