/**
 * Adds 1,000,000 tickets (or COUNT) to the configured database for benchmarks:
 * `npm run seed:large`. Needs the demo data (companies, staff) first; seeds it when missing.
 */
import { mkdirSync } from 'node:fs';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { seedDemoIfEmpty } from './demo';

const DEFAULT_COUNT = 1_000_000;
const CHUNK = 50_000;

const config = loadConfig();
const count = Number(process.env.COUNT ?? DEFAULT_COUNT);
if (!Number.isInteger(count) || count < 1) {
  process.stderr.write('COUNT must be a positive whole number\n');
  process.exit(2);
}
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase(config);
try {
  await seedDemoIfEmpty(database.pool);
  const started = Date.now();
  for (let done = 0; done < count; done += CHUNK) {
    const n = Math.min(CHUNK, count - done);
    // Deterministic spread over statuses, severities, queues, companies, assignees and dates.
    await database.pool.query(
      `WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM companies),
            s AS (SELECT array_agg(id ORDER BY id) AS ids FROM staff_users)
       INSERT INTO tickets (title, description, status, severity, company_id, queue, assignee_id, source, duedate, created_at, updated_at, closed_at)
       SELECT 'Bulk ticket ' || g || ' ' || (ARRAY['billing','printer','meter','payment','backup','report','upgrade','firewall'])[1 + g % 8],
              'Generated for load testing: ' || (ARRAY['invoice mismatch','slow screen','import failed','user access','paper jam'])[1 + g % 5],
              (ARRAY['A','C','C','C','WOP','WOC','WOT','C'])[1 + g % 8],
              (ARRAY['C','H','M','M','L'])[1 + g % 5],
              c.ids[1 + g % array_length(c.ids, 1)],
              (ARRAY['Support','Programming','Managed Services','Sales','QA'])[1 + g % 5],
              s.ids[1 + g % array_length(s.ids, 1)],
              (ARRAY['staff','portal','phone','email'])[1 + g % 4],
              now() - make_interval(days => (g % 400) - 30),
              now() - make_interval(days => g % 400 + 5),
              now() - make_interval(days => g % 400 + 5),
              CASE WHEN (g % 8) IN (1, 2, 3, 7) THEN now() - make_interval(days => g % 400) END
         FROM generate_series($1::int, $2::int) g, c, s`,
      [done + 1, done + n],
    );
    process.stdout.write(`\r${done + n} / ${count} tickets`);
  }
  await database.pool.query('ANALYZE tickets');
  process.stdout.write(`\nAdded ${count} tickets in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
} finally {
  await database.close();
}
