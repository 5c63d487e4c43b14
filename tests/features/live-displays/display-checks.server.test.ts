/**
 * The open streams' display checks, gathered (docs/adr/0260): the checks asked within the gathering window
 * are one query, each answered with its own display (or none), and a failed query fails each of them.
 */
import { describe, expect, it } from 'vitest';
import { DisplayChecks } from '@server/features/live-displays/display-checks';
import type { Queryable } from '@server/platform/sql';

/** A database that answers the displays query with the displays whose hash it knows, and counts the queries. */
function fakeDatabase(known: Record<string, { id: number; allowedFrom?: string }>) {
  const queries: unknown[][] = [];
  let failing = false;
  const db = {
    query: async (_text: string, values: unknown[]) => {
      queries.push(values);
      if (failing) throw new Error('the database is away');
      const [hashes, addresses] = values as [Buffer[], string[]];
      const rows = hashes.flatMap((hash, i) => {
        const display = known[hash.toString()];
        if (!display) return [];
        return [{ n: String(i + 1), id: display.id, name: `TV ${display.id}`, boards: ['support'], rotateSeconds: null, allowed: !display.allowedFrom || display.allowedFrom === addresses[i] }];
      });
      return { rows };
    },
  } as unknown as Queryable;
  return { db, queries, fail: () => void (failing = true) };
}

describe('gathered display checks', () => {
  it('answers the checks asked together with one query, each with its own display or none', async () => {
    const database = fakeDatabase({ one: { id: 1 }, two: { id: 2, allowedFrom: '10.0.0.2' } });
    const checks = new DisplayChecks(database.db, 0);
    const answers = await Promise.all([
      checks.check(Buffer.from('one'), '10.0.0.1'),
      checks.check(Buffer.from('revoked'), '10.0.0.1'),
      checks.check(Buffer.from('two'), '10.0.0.9'),
      checks.check(Buffer.from('two'), '10.0.0.2'),
    ]);
    expect(database.queries).toHaveLength(1);
    expect(checks.queries).toBe(1);
    expect(answers.map((a) => a && { id: a.id, allowed: a.allowed })).toEqual([{ id: 1, allowed: true }, null, { id: 2, allowed: false }, { id: 2, allowed: true }]);
    // Asked later: another query.
    expect((await checks.check(Buffer.from('one'), '10.0.0.1'))?.id).toBe(1);
    expect(database.queries).toHaveLength(2);
  });

  it('fails every check of a query that failed, so each stream stays open until its next check', async () => {
    const database = fakeDatabase({ one: { id: 1 } });
    database.fail();
    const checks = new DisplayChecks(database.db, 0);
    const answers = await Promise.allSettled([checks.check(Buffer.from('one'), '10.0.0.1'), checks.check(Buffer.from('two'), '10.0.0.1')]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
  });
});
