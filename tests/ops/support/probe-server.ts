/**
 * Client Care as `npm start` runs it, plus two job types the operations suite watches: a probe
 * (each run recorded with the server that ran it) and a tick every minute. Their tables are made
 * by the suite before the servers start.
 */
import { z } from 'zod';
import { defineJob } from '@server/platform/jobs';
import { main } from '@server/run';

export const PROBE_JOB = defineJob('ops-test.probe', z.object({ n: z.number().int() }));
export const TICK_JOB = defineJob('ops-test.tick', z.object({}));
export const PROBE_TABLES = `
  CREATE TABLE ops_probe_runs (job_id uuid NOT NULL, n int NOT NULL, server text NOT NULL, started_at timestamptz NOT NULL DEFAULT clock_timestamp());
  CREATE TABLE ops_probe_ticks (job_id uuid NOT NULL, server text NOT NULL, started_at timestamptz NOT NULL DEFAULT clock_timestamp());`;

if (process.env.OPS_PROBE_SERVER) {
  const server = process.env.OPS_PROBE_SERVER;
  main({
    // Cron checked every second, so the suite sees a tick within seconds, not at pg-boss's 30 s.
    platform: { jobs: { boss: { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 } } },
    async extend(ctx) {
      const pool = ctx.database.pool;
      await ctx.jobs.define(PROBE_JOB, async ({ n }, job) => {
        await pool.query('INSERT INTO ops_probe_runs (job_id, n, server) VALUES ($1, $2, $3)', [job.id, n, server]);
      }, { concurrency: 4 });
      await ctx.jobs.define(TICK_JOB, async (_payload, job) => {
        await pool.query('INSERT INTO ops_probe_ticks (job_id, server) VALUES ($1, $2)', [job.id, server]);
      });
      // Both servers declare the same schedule (kept once in the database); it runs after start.
      setImmediate(() => {
        const tick = async () => (ctx.jobs.started ? ctx.jobs.schedule(TICK_JOB, '* * * * *', {}) : setTimeout(() => void tick(), 100));
        void tick();
      });
    },
  });
}
