import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, defaultLogger } from '@server/app';
import { createSession } from '@server/platform/auth/sessions';
import { loadConfig, type Config } from '@server/config';
import { createContext, type AppContext } from '@server/context';
import { openDatabase } from '@server/platform/db/database';
import { closeApp, trackConnections } from '@server/platform/http/connections';
import { inject } from 'vitest';
import { TEMPLATES, withDatabaseUrl } from './database-urls';

export type Backend = 'embedded' | 'postgres';

/** The embedded PostgreSQL 18 server always; Debian's PostgreSQL 15 too when the test script started one. */
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ['embedded', 'postgres'] : ['embedded'];

let dbCounter = 0;

/** The maintenance database of a backend's test server (CREATE DATABASE runs there). */
function adminUrl(backend: Backend): string {
  if (backend === 'postgres') return process.env.TEST_DATABASE_URL!;
  return inject('embeddedAdminUrl');
}

/**
 * A database of its own for a test file, cloned from a template made once per run (migrated, or
 * migrated and seeded with the demo data); dropped when the file is done.
 */
export async function createTestDatabase(backend: Backend, template: keyof typeof TEMPLATES): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = adminUrl(backend);
  const name = `cc_test_${process.pid}_${Date.now()}_${dbCounter++}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATES[template]}`);
  await client.end();
  return {
    url: withDatabaseUrl(admin, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  backend: Backend;
  /** A live session token for a demo account, made without going through sign-in, at the app's clock (`ctx.now`). */
  tokenFor(who: DemoAccount): Promise<string>;
  close(): Promise<void>;
};

export type DemoAccount = 'agent' | 'manager' | 'admin' | 'acme' | 'globex';
const DEMO_EMAILS: Record<DemoAccount, string> = {
  agent: 'agent@demo.test',
  manager: 'manager@demo.test',
  admin: 'admin@demo.test',
  acme: 'client@acme.demo.test',
  globex: 'client@globex.demo.test',
};

export async function startTestApp(
  backend: Backend,
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    /** Start the job queue: with polling workers, or 'manual' (jobs run only through ctx.jobs.runDue()). */
    jobs?: boolean | 'manual';
    /** Start the event bus's listening connection. */
    events?: boolean;
    /** Routes only this test needs (a handler that misbehaves on purpose), added before the app is ready. */
    routes?: (app: FastifyInstance, ctx: AppContext) => void;
    /**
     * Every line the app logs (pino's JSON, at 'trace': the most verbose level there is), with the
     * server's own logger options (request lines, errors); the job queue and event bus log there too.
     */
    logTo?: (line: string) => void;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-test-'));
  const pgDb = await createTestDatabase(backend, (options.seed ?? true) ? 'seeded' : 'migrated');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    STATIC_DIR: join(dataDir, 'no-static'),
    DATABASE_URL: pgDb.url,
    ...options.env,
  });
  const database = await openDatabase(config);
  const ctx = createContext(config, database, { jobs: { workers: options.jobs !== 'manual' } });
  const logTo = options.logTo;
  const logger = logTo ? { ...defaultLogger('trace'), stream: { write: (line: string) => logTo(line) } } : false;
  const app = await buildApp(ctx, { logger, serveStatic: false });
  // A test that listens and fetches may leave a connection that never sent a request (undici
  // opens one ahead): closed as the server closes it, not after Node's 60 s headers timeout.
  const connections = trackConnections(app.server);
  options.routes?.(app, ctx);
  await app.ready();
  if (options.jobs) await ctx.jobs.start(logTo ? app.log.child({ component: 'jobs' }) : undefined);
  if (options.events) await ctx.events.start(logTo ? app.log.child({ component: 'events' }) : undefined);
  return {
    app,
    ctx,
    config,
    backend,
    async tokenFor(who) {
      const email = DEMO_EMAILS[who];
      const staff = !['acme', 'globex'].includes(who);
      const table = staff ? 'staff_users' : 'client_users';
      const { rows } = await database.pool.query(`SELECT id FROM ${table} WHERE email = $1`, [email]);
      return createSession(database.pool, config, { audience: staff ? 'staff' : 'client', userId: rows[0].id }, ctx.now());
    },
    async close() {
      await closeApp(app, connections);
      await ctx.events.stop();
      await ctx.jobs.stop();
      await ctx.render.close();
      await database.close();
      await pgDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Waits until the work the app does after answering (emails queued after the reply) is done. */
export async function settle(t: Pick<TestApp, 'ctx'>): Promise<void> {
  await t.ctx.background.idle();
}
