import { describe, expect, it } from 'vitest';
import type { ReportRun } from '@server/platform/reports';
import { openedSummary } from '@server/features/reports/tickets.reports';

/** Opened vs closed by week, this month, on Wednesday 2026-11-25: the week of the 23rd is not over. */
const run = (granularity: 'day' | 'week' | 'month', from: string, to: string, now = '2026-11-25T10:00:00Z'): ReportRun => ({
  params: { granularity } as ReportRun['params'],
  period: { preset: 'this-month', from, to, label: 'This month' } as ReportRun['period'],
  now: new Date(now),
  viewer: { userId: 1, role: 'manager', people: null } as ReportRun['viewer'],
});
const row = (start: string, opened: number, closed = 0) => ({ bucket: start, start, opened, closed, net: opened - closed });

describe('the opened vs closed trend sentence compares like with like', () => {
  it('never compares the current, unfinished week with a full one; it says "so far"', () => {
    // Nov 1 (Sunday) starts a week cut by the period; weeks of the 2nd, 9th and 16th are full; the 23rd's is running.
    const rows = [row('2026-10-26', 3), row('2026-11-02', 20), row('2026-11-09', 24), row('2026-11-16', 30), row('2026-11-23', 4)];
    const text = openedSummary(rows, run('week', '2026-11-01', '2026-11-30'));
    expect(text).not.toMatch(/fell/);
    expect(text).toContain('rose 50 % from the first to the last full week');
    expect(text).toContain('4 opened so far this week');
  });

  it('compares full months and leaves out the running one', () => {
    const rows = [row('2026-09-01', 100), row('2026-10-01', 80), row('2026-11-01', 10)];
    const text = openedSummary(rows, run('month', '2026-09-01', '2026-11-30'));
    expect(text).toContain('fell 20 % from the first to the last full month');
    expect(text).toContain('10 opened so far this month');
  });

  it('says no trend when fewer than two buckets are complete', () => {
    const rows = [row('2026-11-16', 5), row('2026-11-23', 1)];
    const text = openedSummary(rows, run('week', '2026-11-16', '2026-11-30'));
    expect(text).not.toMatch(/rose|fell/);
    expect(text).toContain('1 opened so far this week');
  });

  it('compares the first and last buckets of a period that is over', () => {
    const rows = [row('2026-10-05', 10), row('2026-10-12', 15)];
    expect(openedSummary(rows, run('week', '2026-10-05', '2026-10-18'))).toContain('rose 50 % from the first to the last full week');
  });
});
