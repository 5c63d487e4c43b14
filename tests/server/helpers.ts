import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { createSession } from '../../server/auth/sessions';
import { loadConfig, type Config } from '../../server/config';
import { createContext, type AppContext } from '../../server/context';
import { openDatabase } from '../../server/db/database';
import { seedDemoIfEmpty } from '../../server/seed/demo';

export type Backend = 'embedded' | 'postgres';

/** PGlite always; a real PostgreSQL too when the test script started one (TEST_DATABASE_URL). */
export const BACKENDS: Backend[] = process.env.TEST_DATABASE_URL ? ['embedded', 'postgres'] : ['embedded'];

let dbCounter = 0;

/** A fresh database on the real PostgreSQL server, named for this worker and test file. */
async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `cc_test_${process.pid}_${Date.now()}_${dbCounter++}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
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
  /** A live session token for a demo account, made without going through sign-in. */
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
  options: { seed?: boolean; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-test-'));
  const pgDb = backend === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    STATIC_DIR: join(dataDir, 'no-static'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...options.env,
  });
  const database = await openDatabase(config);
  if (options.seed ?? true) await seedDemoIfEmpty(database.pool);
  const ctx = createContext(config, database);
  const app = await buildApp(ctx, { logger: false, serveStatic: false });
  await app.ready();
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
      return createSession(database.pool, config, { audience: staff ? 'staff' : 'client', userId: rows[0].id });
    },
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Waits until the work the app does after answering (emails queued after the reply) is done. */
export async function settle(t: Pick<TestApp, 'ctx'>): Promise<void> {
  await t.ctx.background.idle();
}
