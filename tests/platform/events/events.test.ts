import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  createEventBus,
  defineTopic,
  EVENT_CHANNEL,
  EventTooLargeError,
  publish,
  type EventBus,
  type EventBusOptions,
} from '@server/platform/events';
import { inTransaction } from '@server/platform/db/database';
import { BACKENDS, createTestDatabase } from '@tests/support/test-app';

const ticketChanged = defineTopic('platform-test.ticket-changed', z.object({ ticketId: z.number().int(), version: z.number().int() }));
const noteAdded = defineTopic('platform-test.note-added', z.object({ noteId: z.number().int(), text: z.string().optional() }));

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.each(BACKENDS)('event bus on %s', (backend) => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  const buses: EventBus[] = [];
  const open = async (name = 'client-care-events', options: EventBusOptions = {}) => {
    const bus = createEventBus({ connection: { connectionString: db.url, application_name: name } }, options);
    buses.push(bus);
    await bus.start();
    return bus;
  };

  beforeAll(async () => {
    db = await createTestDatabase(backend, 'migrated');
    pool = new pg.Pool({ connectionString: db.url, max: 3 });
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.stop()));
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('delivers an event published in a transaction when it commits, and nothing from a rolled-back one', async () => {
    const bus = await open();
    const seen: { ticketId: number; version: number }[] = [];
    bus.subscribe(ticketChanged, (payload) => void seen.push(payload));

    await expect(
      inTransaction(pool, async (client) => {
        await publish(client, ticketChanged, { ticketId: 1, version: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await inTransaction(pool, async (client) => {
      await publish(client, ticketChanged, { ticketId: 2, version: 1 });
      // Not before the commit.
      await new Promise((r) => setTimeout(r, 100));
      expect(seen).toEqual([]);
    });
    // Notifications arrive in commit order: once the committed one is here, the rolled-back one
    // would have arrived before it.
    await waitFor(() => seen.length > 0);
    expect(seen).toEqual([{ ticketId: 2, version: 1 }]);
  });

  it('gives every bus on the database every event (several app servers), each subscriber its topic only', async () => {
    const [a, b] = [await open('client-care-events-a'), await open('client-care-events-b')];
    const got: string[] = [];
    a.subscribe(ticketChanged, ({ ticketId }) => void got.push(`a:ticket:${ticketId}`));
    b.subscribe(ticketChanged, ({ ticketId }) => void got.push(`b:ticket:${ticketId}`));
    b.subscribe(noteAdded, ({ noteId }) => void got.push(`b:note:${noteId}`));
    await publish(pool, ticketChanged, { ticketId: 5, version: 2 });
    await publish(pool, noteAdded, { noteId: 9 });
    await waitFor(() => got.length === 3);
    expect(got.sort()).toEqual(['a:ticket:5', 'b:note:9', 'b:ticket:5']);
  });

  it('reconnects after its connection is terminated, says so, and delivers events again', async () => {
    const bus = await open('client-care-events-drop', { reconnectDelaysMs: [50, 100] });
    const seen: number[] = [];
    bus.subscribe(ticketChanged, ({ ticketId }) => void seen.push(ticketId));
    const reconnected = vi.fn();
    bus.onReconnect(reconnected);
    const { rows } = await pool.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE application_name = 'client-care-events-drop' AND datname = current_database()`,
    );
    expect(rows).toHaveLength(1);
    await pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await waitFor(() => reconnected.mock.calls.length === 1);
    expect(bus.listening).toBe(true);
    await publish(pool, ticketChanged, { ticketId: 77, version: 1 });
    await waitFor(() => seen.includes(77));
  });

  it('validates payloads: refuses a bad or too large one when publishing, ignores a bad one arriving', async () => {
    const warn = vi.fn();
    const bus = await open('client-care-events-v', { logger: { info: () => undefined, warn, error: () => undefined } });
    const seen: number[] = [];
    bus.subscribe(noteAdded, ({ noteId }) => void seen.push(noteId));
    await expect(publish(pool, noteAdded, { noteId: 'x' } as never)).rejects.toThrow(z.ZodError);
    await expect(publish(pool, noteAdded, { noteId: 1, text: 'x'.repeat(8_000) })).rejects.toThrow(EventTooLargeError);
    await pool.query('SELECT pg_notify($1, $2)', [EVENT_CHANNEL, JSON.stringify({ topic: noteAdded.name, payload: { noteId: 'forged' } })]);
    await pool.query('SELECT pg_notify($1, $2)', [EVENT_CHANNEL, 'not json']);
    await publish(pool, noteAdded, { noteId: 3, text: 'ok' });
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual([3]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('stops delivering to an unsubscribed handler, and a failing handler does not stop the others', async () => {
    const error = vi.fn();
    const bus = await open('client-care-events-u', { logger: { info: () => undefined, warn: () => undefined, error } });
    const kept: number[] = [];
    const dropped: number[] = [];
    bus.subscribe(ticketChanged, () => {
      throw new Error('handler bug');
    });
    bus.subscribe(ticketChanged, async () => {
      throw new Error('async handler bug');
    });
    const off = bus.subscribe(ticketChanged, ({ ticketId }) => void dropped.push(ticketId));
    bus.subscribe(ticketChanged, ({ ticketId }) => void kept.push(ticketId));
    await publish(pool, ticketChanged, { ticketId: 1, version: 1 });
    await waitFor(() => kept.length === 1);
    off();
    await publish(pool, ticketChanged, { ticketId: 2, version: 1 });
    await waitFor(() => kept.length === 2);
    expect(dropped).toEqual([1]);
    await waitFor(() => error.mock.calls.length === 4);
  });
});

describe('event bus and the process', () => {
  it('does not keep a process alive after stop()', async () => {
    const db = await createTestDatabase(BACKENDS[0]!, 'migrated');
    try {
      const script = `
        import { createEventBus, defineTopic, publish } from './server/platform/events/index.ts';
        import pg from 'pg';
        import { z } from 'zod';
        const topic = defineTopic('platform-test.exit', z.object({ id: z.number() }));
        const bus = createEventBus({ connection: { connectionString: process.env.URL } });
        let got = false;
        bus.subscribe(topic, () => { got = true; });
        await bus.start();
        const client = new pg.Client({ connectionString: process.env.URL });
        await client.connect();
        await publish(client, topic, { id: 1 });
        await client.end();
        while (!got) await new Promise((r) => setTimeout(r, 10));
        await bus.stop();
        process.stdout.write('stopped');
      `;
      const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        env: { ...process.env, URL: db.url },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(child.stderr).toBe('');
      expect(child.stdout).toBe('stopped');
      expect(child.status).toBe(0);
    } finally {
      await db.drop();
    }
  });
});
