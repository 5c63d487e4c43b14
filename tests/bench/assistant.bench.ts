/**
 * The assistant's benchmark: `npm run bench:assistant`.
 *
 * Needs an empty (or demo-seeded) database: BENCH_DATABASE_URL, or BENCH_DATA_DIR for the
 * embedded server. Seeds the demo data if empty, indexes, and then:
 *
 * 1. Quality, on the evaluation set (tests/bench/assistant-eval.ts): every question asked through
 *    the app over HTTP as its asker (client questions as the Acme client, staff ones as an agent):
 *    recall@1, recall@3, MRR, fact-in-answer, abstentions on out-of-scope questions, false
 *    abstentions, and leaks (a client shown a ticket of another company, an internal note or a draft).
 * 2. Speed, with BENCH_SCALE=1: adds 5,000 articles and closed tickets worth 50,000 passages,
 *    re-indexes, and measures the time to the sources frame and to the done frame (p50, p95) of
 *    the evaluation questions on a real socket.
 *
 * Prints a Markdown report and writes it to docs/bench/assistant-latest.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ASSISTANT_TEXTS, type AssistantFrame } from '@contracts/assistant';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { createContext } from '@server/context';
import { reindex } from '@server/features/assistant';
import { createSession } from '@server/platform/auth/sessions';
import { inTransaction, openDatabase } from '@server/platform/db/database';
import { seedDemoIfEmpty } from '@server/seed/demo';
import { CLIENT_QUESTIONS, OUT_OF_SCOPE, STAFF_QUESTIONS, type EvalQuestion, type Expected } from './assistant-eval';

if (!process.env.BENCH_DATA_DIR && !process.env.BENCH_DATABASE_URL) {
  process.stderr.write('Set BENCH_DATABASE_URL (an empty database) or BENCH_DATA_DIR (the embedded server)\n');
  process.exit(2);
}
const SCALE = process.env.BENCH_SCALE === '1';
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : { DATA_DIR: process.env.BENCH_DATA_DIR! }),
});
const database = await openDatabase(config);
const pool = database.pool;
await seedDemoIfEmpty(pool);
const ctx = createContext(config, database, { jobs: { workers: false } });
const app = await buildApp(ctx, { logger: false, serveStatic: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const lines: string[] = [];
const out = (line = '') => {
  lines.push(line);
  process.stdout.write(`${line}\n`);
};

type Timed = { question: string; frames: AssistantFrame[]; firstSourcesMs: number; doneMs: number };
/** Asks over a real socket, reading the stream as it comes. */
async function ask(token: string, audience: 'staff' | 'client', question: string): Promise<Timed> {
  const started = performance.now();
  const res = await fetch(`${address}${audience === 'staff' ? '/api/v2/assistant/ask' : '/api/client/assistant/ask'}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ question }),
  });
  if (!res.ok || !res.body) throw new Error(`${res.status} ${await res.text()}`);
  const frames: AssistantFrame[] = [];
  let firstSourcesMs = NaN;
  let buffer = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (!event || !data) continue;
      if (event === 'sources' && Number.isNaN(firstSourcesMs)) firstSourcesMs = performance.now() - started;
      frames.push({ event, data: JSON.parse(data) } as AssistantFrame);
    }
  }
  return { question, frames, firstSourcesMs, doneMs: performance.now() - started };
}

try {
  const t0 = performance.now();
  await inTransaction(pool, (db) => reindex(db));
  const indexMs = performance.now() - t0;
  const acmeUser = (await pool.query<{ id: number; company_id: number }>(`SELECT id, company_id FROM client_users WHERE email = 'client@acme.demo.test'`)).rows[0]!;
  const agentId = (await pool.query<{ id: number }>(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`)).rows[0]!.id;
  const tokens = {
    client: await createSession(pool, config, { audience: 'client', userId: acmeUser.id }, new Date()),
    staff: await createSession(pool, config, { audience: 'staff', userId: agentId }, new Date()),
  };
  const ticketById = new Map<number, { id: number; title: string; company_id: number | null }>();
  const articleById = new Map<number, { id: number; title: string; published: boolean }>();
  /** What the answers are checked against: every closed ticket and article, read again after the scale data. */
  const readSources = async () => {
    const { rows: tickets } = await pool.query<{ id: number; title: string; company_id: number | null }>(`SELECT id, title, company_id FROM tickets WHERE status = 'C'`);
    const { rows: articles } = await pool.query<{ id: number; title: string; published: boolean }>('SELECT id, title, published FROM knowledge_articles');
    for (const x of tickets) ticketById.set(x.id, x);
    for (const x of articles) articleById.set(x.id, x);
  };
  await readSources();
  const matches = (e: Expected, s: { kind: string; id: number }) =>
    'article' in e ? s.kind === 'article' && articleById.get(s.id)?.title === e.article : s.kind === 'ticket' && e.ticket.test(ticketById.get(s.id)?.title ?? '');

  const evaluate = async (questions: EvalQuestion[]) => {
    let r1 = 0;
    let r3 = 0;
    let mrr = 0;
    let facts = 0;
    let abstained = 0;
    let leaks = 0;
    const misses: string[] = [];
    const times: Timed[] = [];
    for (const q of questions) {
      const answer = await ask(tokens[q.asker], q.asker, q.question);
      times.push(answer);
      const sources = (answer.frames.find((f) => f.event === 'sources')?.data as { sources: { kind: string; id: number }[] }).sources;
      const done = answer.frames.find((f) => f.event === 'done')?.data as { answer: string };
      const rank = sources.findIndex((s) => q.sources.some((e) => matches(e, s)));
      if (rank === 0) r1++;
      if (rank >= 0 && rank < 3) r3++;
      if (rank >= 0) mrr += 1 / (rank + 1);
      if (done.answer === ASSISTANT_TEXTS.dontKnow) abstained++;
      const hasFact = q.fact.some((f) => done.answer.toLowerCase().includes(f.toLowerCase()));
      if (hasFact) facts++;
      if (rank !== 0 || !hasFact) misses.push(`${q.asker}: "${q.question}" → rank ${rank < 0 ? 'none' : rank + 1}${hasFact ? '' : ', fact missing'} (answer: ${done.answer.slice(0, 120)})`);
      if (q.asker === 'client') {
        for (const s of sources) {
          if (s.kind === 'ticket' && ticketById.get(s.id)?.company_id !== acmeUser.company_id) leaks++;
          if (s.kind === 'article' && !articleById.get(s.id)?.published) leaks++;
        }
      }
    }
    const n = questions.length;
    return { n, r1: r1 / n, r3: r3 / n, mrr: mrr / n, facts: facts / n, falseAbstain: abstained / n, leaks, misses, times };
  };

  const client = await evaluate(CLIENT_QUESTIONS);
  const staff = await evaluate(STAFF_QUESTIONS);
  const all = await evaluate([...CLIENT_QUESTIONS, ...STAFF_QUESTIONS]);
  let oosAbstained = 0;
  for (const q of OUT_OF_SCOPE) {
    const answer = await ask(tokens[q.asker], q.asker, q.question);
    const done = answer.frames.find((f) => f.event === 'done')?.data as { answer: string };
    if (done.answer === ASSISTANT_TEXTS.dontKnow) oosAbstained++;
    else all.misses.push(`out of scope answered: "${q.question}" → ${done.answer.slice(0, 120)}`);
  }
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const { rows: passageCount } = await pool.query<{ kind: string; n: number }>('SELECT kind, count(*)::int AS n FROM assistant_passages GROUP BY kind ORDER BY kind');
  out('# Assistant benchmark');
  out();
  out(`Run ${new Date().toISOString()} on ${database.kind === 'embedded' ? 'the embedded PostgreSQL' : 'PostgreSQL at DATABASE_URL'}; index: ${passageCount.map((r) => `${r.n} ${r.kind} passages`).join(', ')} (built in ${indexMs.toFixed(0)} ms).`);
  out();
  out('| set | questions | recall@1 | recall@3 | MRR | fact in answer | abstained | leaks |');
  out('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, r] of [['client', client], ['staff', staff], ['all', all]] as const) {
    out(`| ${name} | ${r.n} | ${pct(r.r1)} | ${pct(r.r3)} | ${r.mrr.toFixed(3)} | ${pct(r.facts)} | ${pct(r.falseAbstain)} | ${r.leaks} |`);
  }
  out(`| out of scope | ${OUT_OF_SCOPE.length} | | | | | ${pct(oosAbstained / OUT_OF_SCOPE.length)} | |`);
  out();
  out('Goals: recall@3 ≥ 95 %, recall@1 ≥ 85 %, abstains on ≥ 90 % of out-of-scope questions, falsely abstains on ≤ 10 %, 0 leaks.');
  out();
  const lat = (ts: Timed[]) => `first sources p50 ${percentile(ts.map((x) => x.firstSourcesMs), 50).toFixed(1)} ms, p95 ${percentile(ts.map((x) => x.firstSourcesMs), 95).toFixed(1)} ms; whole answer p50 ${percentile(ts.map((x) => x.doneMs), 50).toFixed(1)} ms, p95 ${percentile(ts.map((x) => x.doneMs), 95).toFixed(1)} ms`;
  out(`Latency on the demo data (${all.times.length} questions): ${lat(all.times)}.`);
  if (all.misses.length) {
    out();
    out('Misses (not first, or the fact not in the answer):');
    out();
    for (const m of all.misses) out(`- ${m}`);
  }
  if (SCALE) {
    const s0 = performance.now();
    // Bulk writes on a connection of their own, without the app's statement time limit; the
    // tickets' own search trigger is held during the insert, as the seed does.
    const bulk = await pool.connect();
    // A database scaled by an earlier run is measured as it is.
    const scaledBefore = (await bulk.query<{ n: number }>(`SELECT count(*)::int AS n FROM knowledge_articles WHERE category = 'Reference'`)).rows[0]!.n >= 5000;
    await bulk.query('SET statement_timeout = 0');
    if (!scaledBefore) await bulk.query('ALTER TABLE ticket_notes DISABLE TRIGGER ticket_notes_search_vector');
    if (!scaledBefore) await bulk.query(
      `INSERT INTO knowledge_articles (title, category, body, published)
       SELECT 'Reference note ' || g || ': ' || (ARRAY['meter','rate','deposit','printer','route','payment','backup','invoice'])[1 + g % 8] || ' procedures',
              'Reference',
              'This reference note ' || g || ' describes routine ' || (ARRAY['meter','rate','deposit','printer','route','payment','backup','invoice'])[1 + g % 8] || ' procedures for office staff. '
                || 'Check the settings screen, confirm with the supervisor and record the change in the log book. '
                || repeat('Keep the previous version for audits and compare totals with last month. ', 3),
              true
         FROM generate_series(1, 5000) g`,
    );
    const company = acmeUser.company_id;
    if (!scaledBefore) await bulk.query(
      `WITH t AS (
         INSERT INTO tickets (title, description, status, company_id, closed_at)
         SELECT 'Scaled ticket ' || g || ' about ' || (ARRAY['billing run','meter import','late fee','printer','backup','payment page'])[1 + g % 6],
                'The client reported a problem with the ' || (ARRAY['billing run','meter import','late fee','printer','backup','payment page'])[1 + g % 6] || ' on ticket ' || g || '.',
                'C', CASE WHEN g % 2 = 0 THEN $1 ELSE (SELECT max(id) FROM companies) END, now()
           FROM generate_series(1, 10000) g RETURNING id)
       INSERT INTO ticket_notes (ticket_id, body, internal)
       SELECT t.id, (ARRAY['We looked at it and will update you soon.','Internal: checked the logs and the job history.','The fix is in place, please try again.','Closing this ticket now, thanks.'])[n], n = 2
         FROM t, generate_series(1, 4) n`,
      [company],
    );
    await bulk.query('ALTER TABLE ticket_notes ENABLE TRIGGER ticket_notes_search_vector');
    await bulk.query('BEGIN');
    await reindex(bulk, 1_000_000);
    await bulk.query('COMMIT');
    bulk.release();
    await readSources();
    const { rows: scaled } = await pool.query<{ kind: string; n: number }>('SELECT kind, count(*)::int AS n FROM assistant_passages GROUP BY kind ORDER BY kind');
    const scaledRun = await evaluate([...CLIENT_QUESTIONS, ...STAFF_QUESTIONS]);
    out();
    out(`At scale (${scaled.map((r) => `${r.n} ${r.kind} passages`).join(', ')}; added and indexed in ${((performance.now() - s0) / 1000).toFixed(1)} s): ${lat(scaledRun.times)}.`);
    out(`Quality at scale: recall@1 ${pct(scaledRun.r1)}, recall@3 ${pct(scaledRun.r3)}, leaks ${scaledRun.leaks}. Goals: first sources ≤ 300 ms p95, whole extractive answer ≤ 500 ms p95.`);
    out();
    out('Slowest questions at scale (whole answer):');
    out();
    for (const t of [...scaledRun.times].sort((x, y) => y.doneMs - x.doneMs).slice(0, 5)) out(`- ${t.doneMs.toFixed(0)} ms (sources ${t.firstSourcesMs.toFixed(0)} ms): "${t.question}"`);
  }
  mkdirSync('docs/bench', { recursive: true });
  writeFileSync('docs/bench/assistant-latest.md', `${lines.join('\n')}\n`);
} finally {
  await app.close();
  await ctx.jobs.stop();
  await ctx.render.close();
  await database.close();
}
