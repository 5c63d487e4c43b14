/**
 * The server side of the upload benchmark, in its own process so that its resident memory is
 * the server's alone: the app on an embedded database in a fresh DATA_DIR, demo data seeded,
 * listening on loopback. Between `rss.start` and `rss.stop` it samples its RSS every millisecond
 * and reports the baseline and the peak.
 */
import { buildApp } from '@server/app';
import { createSession } from '@server/platform/auth/sessions';
import { loadConfig } from '@server/config';
import { createContext } from '@server/context';
import { openDatabase } from '@server/platform/db/database';
import { seedDemoIfEmpty } from '@server/seed/demo';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const database = await openDatabase(config);
await seedDemoIfEmpty(database.pool);
const app = await buildApp(createContext(config, database), { logger: false, serveStatic: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const { rows } = await database.pool.query(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`);
const token = await createSession(database.pool, config, { audience: 'staff', userId: rows[0].id });
const { rows: tickets } = await database.pool.query('SELECT min(id) AS id FROM tickets');

let timer: NodeJS.Timeout | undefined;
let baseline = 0;
let peak = 0;
let heap = { base: 0, peak: 0 };
let buffers = { base: 0, peak: 0 };
let collector: NodeJS.Timeout | undefined;
process.on('message', async (message: { type: string; gcEveryMs?: number }) => {
  if (message.type === 'rss.start') {
    globalThis.gc?.();
    baseline = process.memoryUsage.rss();
    peak = baseline;
    const m0 = process.memoryUsage();
    heap = { base: m0.heapUsed, peak: m0.heapUsed };
    buffers = { base: m0.arrayBuffers, peak: m0.arrayBuffers };
    timer = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      heap.peak = Math.max(heap.peak, m.heapUsed);
      buffers.peak = Math.max(buffers.peak, m.arrayBuffers);
    }, 1);
    // With gcEveryMs, garbage is collected as it is made: what stays is what the upload holds.
    if (message.gcEveryMs) collector = setInterval(() => globalThis.gc?.(), message.gcEveryMs);
    process.send?.({ type: 'rss.started' });
  } else if (message.type === 'rss.stop') {
    clearInterval(timer);
    clearInterval(collector);
    peak = Math.max(peak, process.memoryUsage.rss());
    process.send?.({ type: 'rss', baseline, peak, heapGrowth: heap.peak - heap.base, bufferGrowth: buffers.peak - buffers.base });
  } else if (message.type === 'stop') {
    await app.close();
    await database.close();
    process.exit(0);
  }
});
process.send?.({ type: 'ready', port, token, ticketId: Number(tickets[0].id) });
