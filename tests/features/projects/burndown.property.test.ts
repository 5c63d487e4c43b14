import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBurndown, sprintDays, type TaskEvent } from '@contracts/projects';

const START = '2026-03-02';
const END = '2026-03-13';
const DAYS = sprintDays(START, END);
const dayMs = 86_400_000;
const startMs = Date.parse(`${START}T00:00:00Z`);

/** Events from two days before the start to two days after the end, at any time of day. */
const event = fc.record({
  kind: fc.constantFrom('added', 'removed', 'estimate', 'done', 'undone') as fc.Arbitrary<TaskEvent['kind']>,
  points: fc.integer({ min: -13, max: 13 }),
  offset: fc.integer({ min: -2 * dayMs, max: (DAYS.length + 2) * dayMs - 1 }),
});
const toEvent = (e: { kind: TaskEvent['kind']; points: number; offset: number }): TaskEvent => ({
  kind: e.kind,
  points: e.kind === 'estimate' ? e.points : Math.abs(e.points),
  at: new Date(startMs + e.offset).toISOString(),
});
const dayIndex = (at: string) => Math.min(DAYS.length - 1, Math.max(0, DAYS.indexOf(at.slice(0, 10)) === -1 ? (at < START ? 0 : DAYS.length - 1) : DAYS.indexOf(at.slice(0, 10))));

describe('the burndown', () => {
  it('remaining = committed + added − removed − done on every day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.array(event, { maxLength: 60 }), (committed, raw) => {
        const events = raw.map(toEvent);
        const until = `${END}T23:59:59.000Z`;
        const b = computeBurndown({ start_date: START, end_date: END, committed, events, until });
        DAYS.forEach((_, d) => {
          const upTo = events.filter((e) => Date.parse(e.at) <= Date.parse(until) && dayIndex(e.at) <= d);
          const sum = (f: (e: TaskEvent) => number) => upTo.reduce((a, e) => a + f(e), 0);
          const added = sum((e) => (e.kind === 'added' ? e.points : e.kind === 'estimate' && e.points > 0 ? e.points : 0));
          const removed = sum((e) => (e.kind === 'removed' ? e.points : e.kind === 'estimate' && e.points < 0 ? -e.points : 0));
          const done = sum((e) => (e.kind === 'done' ? e.points : e.kind === 'undone' ? -e.points : 0));
          expect(b.remaining[d]).toBe(committed + added - removed - done);
        });
        expect(b.ideal[0]).toBe(committed);
        expect(b.ideal.at(-1)).toBe(0);
      }),
    );
  });

  it("a closed sprint's figures never change: events after closing move nothing", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.array(event, { maxLength: 40 }),
        fc.array(event, { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: DAYS.length * dayMs - 1 }),
        (committed, before, after, closeOffset) => {
          const closedAt = new Date(startMs + closeOffset).toISOString();
          const early = before.map(toEvent).filter((e) => e.at <= closedAt);
          const late = after.map(toEvent).map((e) => ({ ...e, at: new Date(Date.parse(closedAt) + 1 + Math.abs(Date.parse(e.at) - startMs)).toISOString() }));
          const frozen = computeBurndown({ start_date: START, end_date: END, committed, events: early, until: closedAt });
          const later = computeBurndown({ start_date: START, end_date: END, committed, events: [...early, ...late], until: closedAt });
          expect(later).toEqual(frozen);
          // Days after closing are empty, not extrapolated.
          frozen.days.forEach((d, i) => {
            if (d > closedAt.slice(0, 10) && i > 0) expect(frozen.remaining[i]).toBeNull();
          });
        },
      ),
    );
  });
});
