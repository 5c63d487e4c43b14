/**
 * A crash loses nothing acknowledged: the whole process group of `npm start`'s server is killed
 * with SIGKILL while ticket creations are in flight, and the next start comes up on the same
 * DATA_DIR (stopping a postgres the crash left running, or past its stale lock file) with every
 * ticket whose creation was answered 201. A SIGTERM then drains and stops everything, exit 0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedConnection, isAlive } from '@server/platform/db/embedded';
import { postmasterPid as postgresPid, startServer, type RunningServer } from '@tests/support/server-process';

const CREATIONS = 300;
const IN_FLIGHT = 20;
/** The crash comes once this many creations were answered. */
const KILL_AFTER_ACKNOWLEDGED = 120;


async function signIn(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'agent@demo.test', password: 'care-demo-2026' }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** Creates tickets with IN_FLIGHT in flight until CREATIONS were sent; kills the group midway. */
async function createUntilKilled(server: RunningServer, token: string, tag: string, kill: () => Promise<void>) {
  const acknowledged: string[] = [];
  let sent = 0;
  let failed = 0;
  let killing: Promise<void> | undefined;
  const worker = async () => {
    while (sent < CREATIONS) {
      const title = `${tag} ${++sent}`;
      try {
        const res = await fetch(`${server.url}/api/v2/tickets`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title, description: 'Created while the server is killed', company_id: 1, severity: 'M', queue: 'Support' }),
          signal: AbortSignal.timeout(10_000),
        });
        if (res.status === 201) acknowledged.push(title);
        else failed++;
      } catch {
        failed++;
      }
      if (acknowledged.length >= KILL_AFTER_ACKNOWLEDGED) killing ??= kill();
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  await killing;
  return { acknowledged, sent, failed };
}

async function storedTitles(dataDir: string, tag: string): Promise<string[]> {
  const client = new pg.Client(embeddedConnection(dataDir));
  await client.connect();
  try {
    const { rows } = await client.query<{ title: string }>('SELECT title FROM tickets WHERE title LIKE $1', [`${tag} %`]);
    return rows.map((r) => r.title);
  } finally {
    await client.end();
  }
}

describe('a crash of the whole server during writes', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it.each([
    ['the app group only (its postgres keeps running)', false],
    ['the app group and its postgres', true],
  ])('keeps every acknowledged ticket after SIGKILL of %s', async (_what, killPostgresToo) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-crash-'));
    dirs.push(dataDir);
    const first = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
    const oldPostgres = postgresPid(dataDir);
    const token = await signIn(first);
    const tag = `Crash ${killPostgresToo ? 'both' : 'app'}`;
    const run = await createUntilKilled(first, token, tag, async () => {
      await first.killGroup('SIGKILL');
      if (killPostgresToo) {
        process.kill(oldPostgres, 'SIGKILL');
        while (isAlive(oldPostgres)) await new Promise((r) => setTimeout(r, 20));
      }
    });
    expect(isAlive(first.pid)).toBe(false);
    expect(isAlive(oldPostgres)).toBe(!killPostgresToo);

    const second = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
    try {
      expect(isAlive(oldPostgres)).toBe(false);
      const stored = await storedTitles(dataDir, tag);
      console.info(
        `${tag}: ${run.sent} sent, ${run.acknowledged.length} acknowledged, ${run.failed} failed by the kill, ${stored.length} stored after the restart`,
      );
      expect(run.acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
      expect(run.failed).toBeGreaterThan(0);
      expect(run.acknowledged.filter((t) => !stored.includes(t))).toEqual([]);
      expect(new Set(stored).size).toBe(stored.length);
      // The restarted server serves writes again.
      const token2 = await signIn(second);
      const res = await fetch(`${second.url}/api/v2/tickets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token2}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `${tag} after`, description: 'After the restart', company_id: 1, severity: 'M', queue: 'Support' }),
      });
      expect(res.status).toBe(201);
    } finally {
      const newPostgres = postgresPid(dataDir);
      expect(await second.stop()).toBe(0);
      expect(isAlive(newPostgres)).toBe(false);
    }
  }, 180_000);
});
