import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { DRAIN_DEFAULTS, loadConfigOrExit } from './config';
import { createContext, type AppContext } from './context';
import type { EventBusOptions } from './platform/events';
import type { JobsOptions } from './platform/jobs';
import { openDatabase } from './platform/db/database';
import { closeApp, trackConnections } from './platform/http/connections';
import { closeEventStreams } from './platform/http/sse';
import { EmbeddedStartError } from './platform/db/embedded';
import { seedDemoIfEmpty } from './seed/demo';

export type RunOptions = {
  /** Settings of the job queue and the event bus (the operations suite shortens pg-boss's cron intervals). */
  platform?: { jobs?: JobsOptions; events?: EventBusOptions };
  /** Runs after the app is built, before the job queue starts: more job handlers (the operations suite's probes). */
  extend?: (ctx: AppContext) => Promise<void>;
};

/** Starts Client Care as `npm start` does: database, app, jobs, events, then listens; stops gracefully on SIGTERM. */
export async function runServer(options: RunOptions = {}): Promise<void> {
  const config = loadConfigOrExit('See .env.example for every variable.\n');
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  let database;
  try {
    database = await openDatabase(config, (message) => process.stderr.write(`database: ${message}\n`));
  } catch (error) {
    if (error instanceof EmbeddedStartError) {
      process.stderr.write(`Client Care could not start: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const ctx = createContext(config, database, options.platform);
  const app = await buildApp(ctx);
  const connections = trackConnections(app.server);
  await options.extend?.(ctx);

  const seeded = config.seedDemo ? await seedDemoIfEmpty(database.pool, ctx.uploads) : false;
  // The demo data are written in one burst: flushed now, a crash soon after does not make the
  // embedded server's recovery write them all again before it serves (seconds on a busy disk).
  if (seeded && database.kind === 'embedded') await database.pool.query('CHECKPOINT');
  // After the features registered their job handlers and subscriptions (buildApp).
  await ctx.jobs.start(app.log.child({ component: 'jobs' }));
  await ctx.events.start(app.log.child({ component: 'events' }));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Readiness answers 503 first; requests are still served while load balancers notice
    // (DRAIN_DELAY_MS), then open event streams end with a reconnect hint (to another server),
    // the listener closes and in-flight requests finish.
    ctx.lifecycle.draining = true;
    app.log.info({ signal, delayMs: config.drainDelayMs }, 'shutting down: draining requests');
    const force = setTimeout(() => process.exit(1), DRAIN_DEFAULTS.forceAfterMs + config.drainDelayMs);
    force.unref();
    try {
      if (signal === 'SIGTERM' && config.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainDelayMs));
      closeEventStreams(DRAIN_DEFAULTS.streamRetryMs);
      await closeApp(app, connections);
      await ctx.events.stop();
      await ctx.jobs.stop();
      await ctx.render.close();
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const where =
    database.kind === 'embedded' ? `embedded PostgreSQL server in ${config.dataDir} (unix socket only)` : 'PostgreSQL at DATABASE_URL';
  process.stdout.write(
    [
      '',
      `Client Care is running at ${address.replace('127.0.0.1', 'localhost')}`,
      `Database: ${where}${seeded ? ' (demo data seeded)' : ''}`,
      ...(config.seedDemo
        ? [
            'Demo accounts (password care-demo-2026):',
            '  staff   admin@demo.test (admin), manager@demo.test (manager), agent@demo.test (user)',
            '  clients client@acme.demo.test (Acme Utilities), client@globex.demo.test (Globex Water)',
          ]
        : []),
      '',
    ].join('\n'),
  );
}

/** Runs the server, or says why it could not start. */
export function main(options: RunOptions = {}): void {
  runServer(options).catch((error: unknown) => {
    process.stderr.write(`Client Care could not start: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
