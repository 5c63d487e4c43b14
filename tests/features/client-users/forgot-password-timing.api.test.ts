/**
 * Forgot-password takes the same time whether the email has an account or not: the answer goes
 * out before any work that depends on the account. After a warm-up, 20 tries of each, interleaved
 * in pairs (each kind first every other time). The medians are compared through the pairs: the
 * median of the differences within a pair (both tries ran back to back, under the same load) must
 * stay within 20 % of the median time. Comparing the two medians alone failed on a loaded machine
 * by noise (5.1 ms against 2.3 ms in one round, 2.1 ms against 3.2 ms in the next); the pairs
 * keep a real difference (the old code: a known email 6.7 ms, an unknown one 4.3 ms) and drop the
 * load. Another round is measured when one misses (three at most); the test fails only when all
 * do, which a real difference does every time.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, settle, type TestApp } from '@tests/support/test-app';

const TRIES = 20;
const WARM_UP = 10;
const ROUNDS = 3;
const MAX_DIFFERENCE = 0.2;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

describe.each(BACKENDS)('forgot-password timing on %s', (backend) => {
  let t: TestApp;
  let known = 0;
  beforeAll(async () => {
    t = await startTestApp(backend);
    // A known account per try, so no per-account limit is reached; every try from its own address.
    const { rows } = await t.ctx.database.pool.query<{ id: number }>(`SELECT id FROM companies WHERE account_number = 'ACME-001'`);
    for (let i = 0; i < WARM_UP + ROUNDS * TRIES; i++) {
      await t.ctx.database.pool.query(
        `INSERT INTO client_users (company_id, email, name, status, password_hash) VALUES ($1, $2, $3, 'active', 'scrypt$x')`,
        [rows[0]!.id, `known-${i}@timing.example.test`, `Known ${i}`],
      );
    }
  });
  afterAll(() => t?.close());

  let address = 0;
  const ask = async (email: string) => {
    address += 1;
    const ip = `10.${30 + (address >> 8)}.${address & 255}.1`;
    const started = performance.now();
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/client/forgot-password', remoteAddress: ip, payload: { email } });
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(202);
    // Work left after the answer is not part of what a caller can time; let it finish, and the
    // database settle, before the next try.
    await settle(t);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { ms, body: res.body };
  };
  const knownEmail = () => `known-${known++}@timing.example.test`;
  let unknown = 0;
  const unknownEmail = () => `unknown-${unknown++}@nobody.example.test`;

  async function round() {
    const times = { known: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    for (let i = 0; i < TRIES; i++) {
      const order = i % 2 ? (['unknown', 'known'] as const) : (['known', 'unknown'] as const);
      for (const kind of order) {
        const { ms, body } = await ask(kind === 'known' ? knownEmail() : unknownEmail());
        times[kind].push(ms);
        bodies.add(body);
      }
    }
    const differences = times.known.map((k, i) => k - times.unknown[i]!);
    const all = median([...times.known, ...times.unknown]);
    return { known: median(times.known), unknown: median(times.unknown), difference: median(differences) / all, bodies };
  }

  it('answers a known and an unknown email alike, in the same time (paired medians of 20 within 20 %)', async () => {
    for (let i = 0; i < WARM_UP; i++) {
      await ask(knownEmail());
      await ask(unknownEmail());
    }
    const rounds: { known: number; unknown: number; difference: number }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const result = await round();
      expect(result.bodies.size).toBe(1);
      rounds.push(result);
      if (Math.abs(result.difference) <= MAX_DIFFERENCE) break;
    }
    const figures = rounds
      .map((r) => `known ${r.known.toFixed(2)} ms, unknown ${r.unknown.toFixed(2)} ms, paired difference ${(r.difference * 100).toFixed(1)} %`)
      .join('; ');
    console.info(`forgot-password medians on ${backend}: ${figures}`);
    const best = Math.min(...rounds.map((r) => Math.abs(r.difference)));
    expect(best, figures).toBeLessThanOrEqual(MAX_DIFFERENCE);
    // The known accounts did get their link; the unknown emails got nothing.
    const { rows } = await t.ctx.database.pool.query<{ n: number; known: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE to_address LIKE 'known-%')::int AS known
         FROM outbox WHERE kind = 'password-reset' AND to_address LIKE '%.example.test'`,
    );
    expect(rows[0]).toEqual({ n: known, known });
  });
});
