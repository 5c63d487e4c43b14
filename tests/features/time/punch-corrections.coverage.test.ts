import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import type { PunchCorrectionsContext } from '@/features/time/machines/punch-corrections.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'punch-corrections')!;
const punch = { id: 9, punched_in_at: '2026-03-09T08:00:00Z', punched_out_at: null, break_started_at: null, break_seconds: 0, flagged: true, time_zone: 'Europe/Berlin', staff_user_id: 3, name: 'Avery Agent' };

describeMachinePaths(entry, {
  events: [
    { type: 'punch.correct', punch, punchedOutAt: '2026-03-09T17:00:00Z' },
    { type: 'punches.loaded', data: [punch] },
    { type: 'punches.loadFailed', error: 'The database is busy; try again' },
    { type: 'punch.corrected', result: { ok: true } },
    { type: 'punch.correctFailed', error: 'Invalid body: punched_out_at (Punched out must not be in the future)', fieldErrors: { punched_out_at: 'Punched out must not be in the future' } },
  ],
  serializeState: (s) => JSON.stringify([s.value, Boolean(s.context.failure)]),
  check: (snapshot) => {
    const c = snapshot.context as PunchCorrectionsContext;
    if (snapshot.matches('correcting')) expect([c.punch?.id, c.failure]).toEqual([9, null]);
    if (c.failure) expect(c.failure.punchId).toBe(9);
  },
});
