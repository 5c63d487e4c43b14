import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createJobs, defineJob, type Jobs, type JobsOptions } from '@server/platform/jobs';
import { BACKENDS, createTestDatabase } from '@tests/support/test-app';

const ping = defineJob('platform-test.ping', z.object({ n: z.number().int(), note: z.string().max(40).default('') }));
const flaky = defineJob('platform-test.flaky', z.object({ n: z.number().int() }));
const dedup = defineJob('platform-test.dedup', z.object({ quoteId: z.number().int() }));
const slow = defineJob('platform-test.slow', z.object({ ms: z.number().int() }));
const latePolicy = defineJob('platform-test.late-policy', z.object({ quoteId: z.number().int() }));

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.each(BACKENDS)('job queue on %s', (backend) => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  const opened: Jobs[] = [];
  const open = (options: JobsOptions = {}) => {
    const jobs = createJobs({ connection: { connectionString: db.url } }, options);
    opened.push(jobs);
    return jobs;
  };

  beforeAll(async () => {
    db = await createTestDatabase(backend, 'migrated');
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((j) => j.stop()));
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('runs a sent job with its typed, validated payload, soon after it is sent', async () => {
    const jobs = open();
    const seen: { n: number; note: string; latency: number }[] = [];
    let sentAt = 0;
    await jobs.define(ping, async (payload) => {
      seen.push({ ...payload, latency: performance.now() - sentAt });
    });
    await jobs.start();
    sentAt = performance.now();
    const id = await jobs.send(ping, { n: 1 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => seen.length === 1);
    expect(seen[0]).toMatchObject({ n: 1, note: '' });
    // Woken by the send rather than by the 2-second poll.
    expect(seen[0]!.latency).toBeLessThan(1_500);
    await expect(jobs.send(ping, { n: 1.5 } as never)).rejects.toThrow(z.ZodError);
    await waitFor(async () => (await jobs.boss.getJobById(ping.name, id!))?.state === 'completed');
  });

  it('lets the same job type be defined again (its newest handler serves), and refuses another type of the same name', async () => {
    const jobs = open({ workers: false });
    const seen: string[] = [];
    await jobs.define(ping, async () => void seen.push('first'));
    await jobs.define(ping, async () => void seen.push('second'));
    await expect(jobs.define(defineJob(ping.name, z.object({})), async () => {})).rejects.toThrow(`Job ${ping.name} already has a handler`);
    await jobs.start();
    await jobs.send(ping, { n: 7 });
    expect(await jobs.runDue({ only: [ping] })).toEqual({ ran: 1, failed: 0 });
    expect(seen).toEqual(['second']);
  });

  it('keeps a job sent before a stop and runs it after the next start', async () => {
    const before = open({ workers: false });
    await before.start();
    await before.send(ping, { n: 42, note: 'across restarts' });
    await before.stop();

    const after = open();
    const seen: number[] = [];
    await after.define(ping, async ({ n }) => {
      seen.push(n);
    });
    await after.start();
    await waitFor(() => seen.includes(42));
  });

  it('runs due jobs deterministically with runDue: later jobs wait unless asked, failures retry up to the limit', async () => {
    const jobs = open({ workers: false });
    const seen: number[] = [];
    await jobs.define(ping, async ({ n }) => {
      seen.push(n);
    });
    let attempts = 0;
    await jobs.define(
      flaky,
      async () => {
        attempts++;
        throw new Error('always fails');
      },
      { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: false },
    );
    await jobs.start();
    await jobs.send(ping, { n: 1 });
    await jobs.send(ping, { n: 2 }, { startAfter: 3600 });
    await jobs.send(ping, { n: 3 }, { startAfter: new Date(Date.now() + 86_400_000) });
    expect(await jobs.runDue({ only: [ping] })).toEqual({ ran: 1, failed: 0 });
    expect(seen).toEqual([1]);
    expect(await jobs.runDue({ only: [ping], includeFuture: true })).toEqual({ ran: 2, failed: 0 });
    expect(seen.sort()).toEqual([1, 2, 3]);

    const id = await jobs.send(flaky, { n: 1 });
    expect(await jobs.runDue({ only: [flaky] })).toEqual({ ran: 3, failed: 3 });
    expect(attempts).toBe(3);
    const job = await jobs.boss.getJobById(flaky.name, id!);
    expect(job?.state).toBe('failed');
  });

  it('keeps one waiting job per singletonKey on a "short" queue', async () => {
    const jobs = open({ workers: false });
    const seen: number[] = [];
    await jobs.define(dedup, async ({ quoteId }) => void seen.push(quoteId), { policy: 'short' });
    await jobs.start();
    expect(await jobs.send(dedup, { quoteId: 7 }, { singletonKey: 'quote-7' })).not.toBeNull();
    expect(await jobs.send(dedup, { quoteId: 7 }, { singletonKey: 'quote-7' })).toBeNull();
    expect(await jobs.send(dedup, { quoteId: 8 }, { singletonKey: 'quote-8' })).not.toBeNull();
    await jobs.runDue({ only: [dedup] });
    expect(seen.sort()).toEqual([7, 8]);
  });

  it('applies the handler\'s policy to a queue that a sender made first', async () => {
    const sender = open({ workers: false });
    await sender.start();
    await sender.send(latePolicy, { quoteId: 1 }, { singletonKey: 'first' });
    expect(await sender.boss.getQueue(latePolicy.name)).toMatchObject({ policy: 'standard' });
    const worker = open({ workers: false });
    await worker.define(latePolicy, async () => undefined, { policy: 'short', retryLimit: 5 });
    await worker.start();
    expect(await worker.boss.getQueue(latePolicy.name)).toMatchObject({ policy: 'short', retryLimit: 5 });
    expect(await worker.send(latePolicy, { quoteId: 2 }, { singletonKey: 'second' })).not.toBeNull();
    expect(await worker.send(latePolicy, { quoteId: 2 }, { singletonKey: 'second' })).toBeNull();
  });

  it("sends inside the caller's transaction: nothing if it rolls back, the job if it commits", async () => {
    const jobs = open({ workers: false });
    const seen: number[] = [];
    await jobs.define(ping, async ({ n }) => void seen.push(n));
    await jobs.start();
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await jobs.send(ping, { n: 10 }, { client });
      await client.query('ROLLBACK');
      await client.query('BEGIN');
      await jobs.send(ping, { n: 11 }, { client });
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    await jobs.runDue({ only: [ping] });
    expect(seen).toEqual([11]);
  });

  it('runs a recurring job from its cron schedule', async () => {
    const jobs = open({ boss: { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 } });
    const seen: string[] = [];
    await jobs.define(ping, async ({ note }) => void seen.push(note));
    await jobs.start();
    await jobs.schedule(ping, '* * * * *', { n: 0, note: 'every minute' });
    expect((await jobs.boss.getSchedules()).map((s) => s.name)).toContain(ping.name);
    await waitFor(() => seen.length > 0, 20_000);
    expect(seen[0]).toBe('every minute');
    await jobs.unschedule(ping);
    expect(await jobs.boss.getSchedules()).toEqual([]);
  });

  it('stops gracefully: waits for a running handler, and gives up after the bound with the signal aborted', async () => {
    const jobs = open({ stopTimeoutMs: 1_000 });
    const finished: number[] = [];
    let aborted = false;
    await jobs.define(slow, async ({ ms }, { signal }) => {
      signal.addEventListener('abort', () => (aborted = true));
      await new Promise((r) => setTimeout(r, ms));
      finished.push(ms);
    });
    await jobs.start();
    const quick = await jobs.send(slow, { ms: 400 });
    await waitFor(async () => (await jobs.boss.getJobById(slow.name, quick!))?.state === 'active');
    await jobs.stop();
    expect(finished).toEqual([400]);
    expect(aborted).toBe(true);

    const again = open({ stopTimeoutMs: 1_000 });
    await again.define(slow, async ({ ms }) => new Promise((r) => setTimeout(r, ms)));
    await again.start();
    const stuck = await again.send(slow, { ms: 30_000 });
    await waitFor(async () => (await again.boss.getJobById(slow.name, stuck!))?.state === 'active');
    const began = Date.now();
    await again.stop();
    expect(Date.now() - began).toBeLessThan(5_000);
    // Failed for a retry by the next start, not lost.
    const { rows } = await pool.query(`SELECT state FROM pgboss.job WHERE id = $1`, [stuck]);
    expect(rows[0]?.state).toBe('retry');
  });
});

describe('job queue and the process', () => {
  it('does not keep a process alive after stop()', async () => {
    const db = await createTestDatabase(BACKENDS[0]!, 'migrated');
    try {
      const script = `
        import { createJobs, defineJob } from './server/platform/jobs/index.ts';
        import { z } from 'zod';
        const job = defineJob('platform-test.exit', z.object({}));
        const jobs = createJobs({ connection: { connectionString: process.env.URL } });
        let ran = false;
        await jobs.define(job, async () => { ran = true; });
        await jobs.start();
        await jobs.send(job, {});
        while (!ran) await new Promise((r) => setTimeout(r, 20));
        await jobs.stop();
        process.stdout.write('stopped');
      `;
      const began = Date.now();
      const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        env: { ...process.env, URL: db.url },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(child.stderr).toBe('');
      expect(child.stdout).toBe('stopped');
      expect(child.status).toBe(0);
      expect(Date.now() - began).toBeLessThan(20_000);
    } finally {
      await db.drop();
    }
  });
});
