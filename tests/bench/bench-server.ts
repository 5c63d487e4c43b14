/**
 * The HTTP side of the ticket benchmark, in its own process: builds the app on the database the
 * environment names, listens on loopback, hands a staff session to the parent and reports the
 * event-loop delay of this process (the HTTP thread) measured while the load ran.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '@server/app';
import { createSession } from '@server/platform/auth/sessions';
import { loadConfig } from '@server/config';
import { createContext } from '@server/context';
import { openDatabase } from '@server/platform/db/database';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = await openDatabase(config);
const app = await buildApp(createContext(config, database), { logger: false, serveStatic: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const { rows } = await database.pool.query(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`);
/** One session per simulated client, as each person at a screen has their own. */
const CLIENTS = Number(process.env.BENCH_CONCURRENCY ?? 50);
const tokens: string[] = [];
for (let i = 0; i < CLIENTS; i++) tokens.push(await createSession(database.pool, config, { audience: 'staff', userId: rows[0].id }));

const histogram = monitorEventLoopDelay({ resolution: 10 });
let cpuAtStart = process.cpuUsage();
process.on('message', async (message: { type: string }) => {
  if (message.type === 'lag.start') {
    histogram.reset();
    histogram.enable();
    cpuAtStart = process.cpuUsage();
    process.send?.({ type: 'lag.started' });
  } else if (message.type === 'lag.stop') {
    histogram.disable();
    const ms = (ns: number) => ns / 1e6;
    const cpu = process.cpuUsage(cpuAtStart);
    process.send?.({ type: 'lag', p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), cpuMs: (cpu.user + cpu.system) / 1000 });
  } else if (message.type === 'stop') {
    await app.close();
    await database.close();
    process.exit(0);
  }
});
process.send?.({
  type: 'ready',
  port,
  tokens,
  agentId: rows[0].id,
  kind: database.kind,
  databaseUrl: database.embedded ? database.embedded.url() : config.databaseUrl,
  // The embedded server's postmaster, whose processes' CPU time the benchmark reads (Linux).
  postmasterPid: database.embedded ? Number(readFileSync(join(config.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]) : null,
});
