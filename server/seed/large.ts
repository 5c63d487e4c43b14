/**
 * Adds 1,000,000 tickets (or COUNT) to the configured database for benchmarks:
 * `npm run seed:large`. Needs the demo data (companies, staff) first; seeds it when missing.
 */
import { mkdirSync } from 'node:fs';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/platform/db/database';
import { seedDemoIfEmpty } from './demo';

const DEFAULT_COUNT = 1_000_000;
const CHUNK = 50_000;
/** The number of choices of each hashed pick h1..h9 of a generated ticket (see the INSERT). */
const PICKS = [8, 5, 8, 5, 1_000_000, 5, 1_000_000, 4, 400];

const config = loadConfig();
const count = Number(process.env.COUNT ?? DEFAULT_COUNT);
if (!Number.isInteger(count) || count < 1) {
  process.stderr.write('COUNT must be a positive whole number\n');
  process.exit(2);
}
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
// Inserting 50,000 tickets at a time, and the vacuum at the end, take longer than a request may.
const database = await openDatabase({ ...config, db: { ...config.db, statementTimeoutMs: 3_600_000 } });
try {
  await seedDemoIfEmpty(database.pool);
  const started = Date.now();
  for (let done = 0; done < count; done += CHUNK) {
    const n = Math.min(CHUNK, count - done);
    // A deterministic spread over statuses, severities, queues, companies, assignees, words and
    // dates, each drawn from its own hash of the ticket number so that they are independent of
    // each other (as in real data, and as the planner assumes).
    await database.pool.query(
      `WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM companies),
            s AS (SELECT array_agg(id ORDER BY id) AS ids FROM staff_users),
            g AS (SELECT g, ${PICKS.map((n, i) => `(((hashint4extended(g, ${i + 1}) % ${n}) + ${n}) % ${n})::int AS h${i + 1}`).join(', ')}
                    FROM generate_series($1::int, $2::int) g)
       INSERT INTO tickets (title, description, status, severity, company_id, queue, assignee_id, source, duedate, created_at, updated_at, closed_at)
       SELECT 'Bulk ticket ' || g || ' ' || (ARRAY['billing','printer','meter','payment','backup','report','upgrade','firewall'])[1 + h1],
              'Generated for load testing: ' || (ARRAY['invoice mismatch','slow screen','import failed','user access','paper jam'])[1 + h2],
              (ARRAY['A','C','C','C','WOP','WOC','WOT','C'])[1 + h3],
              (ARRAY['C','H','M','M','L'])[1 + h4],
              c.ids[1 + h5 % array_length(c.ids, 1)],
              (ARRAY['Support','Programming','Managed Services','Sales','QA'])[1 + h6],
              s.ids[1 + h7 % array_length(s.ids, 1)],
              (ARRAY['staff','portal','phone','email'])[1 + h8],
              now() - make_interval(days => h9 - 30),
              now() - make_interval(days => h9 + 5),
              now() - make_interval(days => h9 + 5),
              CASE WHEN h3 IN (1, 2, 3, 7) THEN now() - make_interval(days => h9) END
         FROM g, c, s`,
      [done + 1, done + n],
    );
    process.stdout.write(`\r${done + n} / ${count} tickets`);
  }
  await database.pool.query('VACUUM (ANALYZE) tickets');
  process.stdout.write(`\nAdded ${count} tickets in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
} finally {
  await database.close();
}
