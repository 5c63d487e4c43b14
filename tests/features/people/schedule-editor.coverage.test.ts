import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Schedule, Team } from '@contracts/people-schedule';
import { machineRegistry } from '@/app/machine-registry';
import { ApiError } from '@/shared/http/http';
import { provideNotifier, recordingNotifier } from '@/shared/machines/notify';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'schedule-editor')!;

const TEAMS: Team[] = [
  { id: 1, name: 'Support', ownerName: 'Morgan Manager', timeZone: 'America/Chicago', region: 'US', canEdit: true, member: true },
  { id: 2, name: 'Sales', ownerName: 'Jamie Ortiz', timeZone: 'America/Denver', region: 'US', canEdit: false, member: false },
];
const WEEK: Schedule = {
  team: TEAMS[0]!,
  days: ['2026-11-23', '2026-11-24'],
  people: [{ id: 3, name: 'Avery Agent' }],
  shifts: [{ id: 7, staffId: 3, startsAt: '2026-11-24T04:00:00.000Z', endsAt: '2026-11-24T12:00:00.000Z', version: 2 }],
  onCall: [],
  leave: [],
  holidays: [],
  rotation: null,
  overrides: [],
  gaps: [],
  me: 3,
};

type Snap = { value: unknown; context: { teamId: number; draft: { shiftId: number | null; start: string } | null; errors: Record<string, string>; error: string | null; data: Schedule | null } };

describeMachinePaths(entry, {
  inputs: { default: () => ({ teams: TEAMS, today: '2026-11-26' }) },
  events: [
    { type: 'schedule.team', teamId: 1 },
    { type: 'schedule.team', teamId: 99 },
    { type: 'schedule.weeks', weeks: 2 },
    { type: 'schedule.week.previous' },
    { type: 'schedule.week.next' },
    { type: 'schedule.retry' },
    { type: 'schedule.reload' },
    { type: 'schedule.shift.new', staffId: 3, day: '2026-11-24' },
    { type: 'schedule.shift.edit', shiftId: 7 },
    { type: 'schedule.shift.edit', shiftId: 99 },
    { type: 'schedule.draft', field: 'start', value: '9am' },
    { type: 'schedule.draft', field: 'start', value: '08:00' },
    { type: 'schedule.save' },
    { type: 'schedule.remove' },
    { type: 'schedule.cancel' },
  ],
  outputs: { loadWeek: [WEEK], saveShift: [WEEK.shifts[0]], removeShift: [undefined] },
  errors: { loadWeek: [new ApiError(503, 'unavailable', 'The database is busy')], saveShift: [new ApiError(409, 'conflict', 'This shift changed since you read it; look again')], removeShift: [new ApiError(404, 'not_found', 'No such shift')] },
  serializeState: (s) => {
    const { value, context } = s as unknown as Snap;
    return JSON.stringify([value, context.teamId, context.draft?.shiftId ?? null, context.draft?.start ?? null, Object.keys(context.errors).length, context.error]);
  },
  check: (snapshot) => {
    const { context } = snapshot as unknown as Snap;
    if (snapshot.matches({ ready: { editing: 'saving' } })) expect(snapshot.hasTag('busy')).toBe(true);
    if (snapshot.matches({ ready: 'editing' })) expect(context.draft).not.toBeNull();
    if (snapshot.matches({ ready: 'browsing' })) expect(context.draft).toBeNull();
    // A draft the contract refuses is never sent.
    if (snapshot.matches({ ready: { editing: 'saving' } })) expect(context.draft?.start).toMatch(/^\d\d:\d\d$/);
    expect(context.teamId).toBe(1);
  },
});

describe('schedule editor machine', () => {
  it("opens on the reader's own team, not the first of the list nor one they may only edit", () => {
    const teams: Team[] = [
      { ...TEAMS[1]!, id: 5, name: 'Development', canEdit: true, member: false },
      { ...TEAMS[1]!, id: 6, name: 'Quality Assurance', member: false },
      { ...TEAMS[0]!, id: 8, canEdit: false, member: true },
    ];
    const never = fromPromise(() => new Promise<Schedule>(() => undefined));
    const open = (list: Team[]) => {
      const actor = createActor(entry.machine.provide({ actors: { loadWeek: never } }), { input: { teams: list, today: '2026-11-26' } }).start();
      const teamId = (actor.getSnapshot() as unknown as Snap).context.teamId;
      actor.stop();
      return teamId;
    };
    expect(open(teams)).toBe(8);
    // In no team: the first they may edit, else the first.
    expect(open(teams.map((t) => ({ ...t, member: false })))).toBe(5);
    expect(open(teams.slice(1).map((t) => ({ ...t, member: false, canEdit: false })))).toBe(6);
  });
  it('opens a shift at its local day and times in the team zone, and reads the week again after a save', async () => {
    const notices = recordingNotifier();
    const restore = provideNotifier(notices);
    let loads = 0;
    const actor = createActor(
      entry.machine.provide({
        actors: {
          loadWeek: fromPromise(async () => (loads++, WEEK)),
          saveShift: fromPromise(async () => WEEK.shifts[0]),
        },
      }),
      { input: { teams: TEAMS, today: '2026-11-26' } },
    );
    actor.start();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context).toMatchObject({ from: '2026-11-23', teamId: 1 });
    actor.send({ type: 'schedule.shift.edit', shiftId: 7 });
    expect(actor.getSnapshot().context.draft).toEqual({ shiftId: 7, version: 2, staffId: 3, day: '2026-11-23', start: '22:00', end: '06:00' });
    actor.send({ type: 'schedule.save' });
    await waitFor(actor, (s) => s.matches({ ready: 'browsing' }));
    expect(loads).toBe(2);
    expect(notices.notices.at(-1)).toEqual({ tone: 'success', title: 'Shift saved' });
    restore();
    actor.stop();
  });
});
