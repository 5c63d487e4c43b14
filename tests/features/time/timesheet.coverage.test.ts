import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import type { TimesheetContext } from '@/features/time/machines/timesheet.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';
import { sheetWeek } from './time.fixtures';

const entry = machineRegistry.find((m) => m.id === 'timesheet')!;
const monday = { type: 'cell.save', item: { kind: 'company', id: 1 }, day: '2026-03-09', minutes: 90 };
const tuesday = { type: 'cell.save', item: { kind: 'company', id: 1 }, day: '2026-03-10', minutes: 30 };
const refused = (error: string) => ({ error, fieldErrors: {} });

describeMachinePaths(entry, {
  inputs: { 'a manager': () => ({ today: '2026-03-11', manager: true }), 'an agent': () => ({ today: '2026-03-11', manager: false }) },
  events: [
    // From the view
    { type: 'week.previous' },
    { type: 'week.next' },
    { type: 'week.this' },
    { type: 'week.reload' },
    monday,
    tuesday,
    { type: 'week.submit' },
    { type: 'week.copy' },
    { type: 'row.add', item: { kind: 'ticket', id: 42 } },
    // From the children
    { type: 'week.loaded', data: sheetWeek() },
    { type: 'week.loadFailed', error: 'The server could not be reached; check the connection and try again' },
    { type: 'cell.saved', result: sheetWeek() },
    { type: 'cell.refused', ...refused('A day holds at most 24 hours') },
    { type: 'week.submitted', result: sheetWeek({ status: 'submitted' }) },
    { type: 'week.submitFailed', ...refused('The week of 2026-03-09 is already submitted') },
    { type: 'rows.copied', result: { added: 2, week: sheetWeek() } },
    { type: 'rows.copyFailed', ...refused('The week of 2026-03-09 is approved and locked') },
    { type: 'row.added', result: sheetWeek() },
    { type: 'row.addFailed', ...refused('No such ticket') },
  ],
  // An agent's chart is a manager's without the team: it is walked from its start only.
  stopWhen: (s) => !s.context.manager && s.matches({ team: 'none' }) && !s.matches({ week: 'loading' }),
  // The view and the week are data; states are told apart by what the guards read.
  serializeState: (s) => {
    const c = s.context as TimesheetContext;
    const day = (q: { day: string } | null) => q?.day ?? null;
    const refused = Object.entries(c.pending).filter(([, p]) => p.error !== undefined).map(([k]) => k);
    return JSON.stringify([s.value, c.manager, c.week === '2026-03-09', c.queue.map(day), day(c.saving), refused.sort()]);
  },
  check: (snapshot) => {
    const c = snapshot.context as TimesheetContext;
    // One save at a time; a cell waits at most once; nothing waits when nothing is saving.
    if (snapshot.matches({ cells: 'idle' })) expect([c.queue, c.saving]).toEqual([[], null]);
    if (snapshot.matches({ cells: 'saving' })) expect(c.saving).not.toBeNull();
    const keys = c.queue.map((q) => `${q.item.kind}:${q.item.id}:${q.day}`);
    expect(new Set(keys).size).toBe(keys.length);
    // A submit waits while a save is left.
    if (snapshot.matches({ action: { submitting: 'waitingForSaves' } })) expect(c.queue.length + (c.saving ? 1 : 0)).toBeGreaterThan(0);
    expect(snapshot.matches({ team: 'shown' })).toBe(c.manager);
  },
});
