/** The timesheet machine and its team child: what they send, in what order, and what they say. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, type ActorRefFrom } from 'xstate';
import type { TeamWeek, TimesheetWeek } from '@contracts/time';
import { selectDecidable, selectSelectedCount, selectTeamTable, teamWeeksMachine } from '@/features/time/machines/team-weeks.machine';
import { cellMachine, decisionMachine, submitWeekMachine, teamMachine, weekMachine } from '@/features/time/machines/time.machines';
import { timesheetMachine } from '@/features/time/machines/timesheet.machine';
import { provideNotifier, recordingNotifier } from '@/shared/machines/notify';
import { queryChild } from '@/shared/machines/query.machine';
import { submitChild } from '@/shared/machines/submit.machine';
import { controllable, flush, httpError } from '@tests/support/controllable';
import { sheetWeek, teamWeeks } from './time.fixtures';

let notices: ReturnType<typeof recordingNotifier>;
let restore: () => void;
beforeEach(() => {
  notices = recordingNotifier();
  restore = provideNotifier(notices);
});
afterEach(() => restore());

function timesheet(manager = true) {
  const c = {
    loadWeek: controllable<TimesheetWeek, { week: string }>('loadWeek'),
    saveCell: controllable<TimesheetWeek, { day: string; minutes: number }>('saveCell'),
    submitWeek: controllable<TimesheetWeek, string>('submitWeek'),
    loadTeam: controllable<TeamWeek[], string>('loadTeam'),
    decide: controllable<{ decided: number }, { decision: string; users: number[]; reason?: string }>('decide'),
  };
  // The real children, each answering through a call the test settles.
  const team = teamWeeksMachine.provide({
    actors: {
      list: queryChild(teamMachine.provide({ actors: { load: c.loadTeam.logic as never } }), { loaded: 'team.loaded', failed: 'team.loadFailed' }),
      decision: submitChild(decisionMachine.provide({ actors: { submit: c.decide.logic as never } }), { saved: 'weeks.decided', failed: 'weeks.decideFailed' }),
    },
  });
  const actor = createActor(
    timesheetMachine.provide({
      actors: {
        week: queryChild(weekMachine.provide({ actors: { load: c.loadWeek.logic as never } }), { loaded: 'week.loaded', failed: 'week.loadFailed' }),
        cell: submitChild(cellMachine.provide({ actors: { submit: c.saveCell.logic as never } }), { saved: 'cell.saved', failed: 'cell.refused' }),
        submit: submitChild(submitWeekMachine.provide({ actors: { submit: c.submitWeek.logic as never } }), { saved: 'week.submitted', failed: 'week.submitFailed' }),
        teamWeeks: team,
      },
    }),
    { input: { today: '2026-03-11', manager } },
  ).start();
  return { actor, c };
}
const cell = (day: string, minutes: number) => ({ type: 'cell.save', item: { kind: 'company', id: 1 }, day, minutes }) as const;

describe('timesheet machine', () => {
  it('saves one cell at a time, a newer value replacing one still waiting, and shows what was typed until the server has it', async () => {
    const { actor, c } = timesheet();
    c.loadWeek.resolve(sheetWeek());
    await flush();
    actor.send(cell('2026-03-09', 60));
    actor.send(cell('2026-03-10', 30));
    actor.send(cell('2026-03-10', 45));
    expect(c.saveCell.calls.map((x) => x.input)).toMatchObject([{ day: '2026-03-09', minutes: 60 }]);
    expect(actor.getSnapshot().context.pending).toEqual({ 'company:1:2026-03-09': { text: '1:00' }, 'company:1:2026-03-10': { text: '0:45' } });
    c.saveCell.resolve(sheetWeek());
    await flush();
    expect(c.saveCell.calls.map((x) => x.input)).toMatchObject([{ day: '2026-03-10', minutes: 45 }]);
    c.saveCell.reject(httpError(400, 'This cell holds 60 minutes logged on the ticket or by the timer; change those there'));
    await flush();
    expect(actor.getSnapshot().context.pending).toEqual({
      'company:1:2026-03-10': { text: '0:45', error: 'This cell holds 60 minutes logged on the ticket or by the timer; change those there' },
    });
    expect(actor.getSnapshot().matches({ cells: 'idle' })).toBe(true);
  });

  it('does not submit while a cell was refused, and says so; once the cell is saved, the submit goes and is announced', async () => {
    const { actor, c } = timesheet(false);
    c.loadWeek.resolve(sheetWeek());
    await flush();
    actor.send(cell('2026-03-09', 1500));
    c.saveCell.reject(httpError(400, 'A day holds at most 24 hours'));
    await flush();
    actor.send({ type: 'week.submit' });
    expect(c.submitWeek.calls).toHaveLength(0);
    expect(notices.notices.at(-1)).toMatchObject({ tone: 'error', title: 'The week was not submitted', key: 'timesheet.action' });
    actor.send(cell('2026-03-09', 480));
    actor.send({ type: 'week.submit' });
    // Each submit first closes the last failure's notice.
    expect(notices.dismissed).toEqual(['timesheet.action', 'timesheet.action']);
    expect(c.submitWeek.calls).toHaveLength(0);
    c.saveCell.resolve(sheetWeek());
    await flush();
    expect(c.submitWeek.calls.map((x) => x.input)).toEqual(['2026-03-09']);
    c.submitWeek.resolve(sheetWeek({ status: 'submitted' }));
    await flush();
    expect(actor.getSnapshot().context.view?.status).toBe('submitted');
    expect(notices.notices.at(-1)).toEqual({ tone: 'success', title: 'Week submitted for approval' });
  });

  it('drops the answer of a week left meanwhile, and the team follows the week shown', async () => {
    const { actor, c } = timesheet();
    expect(c.loadTeam.calls.map((x) => x.input)).toEqual(['2026-03-09']);
    actor.send({ type: 'week.next' });
    expect(actor.getSnapshot().context.week).toBe('2026-03-16');
    expect(c.loadWeek.calls.map((x) => x.input)).toEqual([{ week: '2026-03-16' }]);
    expect(c.loadTeam.calls.map((x) => x.input)).toEqual(['2026-03-16']);
    // A save of the week before answers after the move: the grid keeps the week shown.
    actor.send(cell('2026-03-09', 60));
    c.saveCell.resolve(sheetWeek());
    await flush();
    expect(actor.getSnapshot().context.view).toBeNull();
    c.loadWeek.resolve(sheetWeek({ week: '2026-03-16', days: [] }));
    await flush();
    expect(actor.getSnapshot().context.view?.week).toBe('2026-03-16');
    actor.send({ type: 'week.this' });
    expect(actor.getSnapshot().context.week).toBe('2026-03-09');
  });

  it("says what a manager's decision did, reloads the team's list after it, and keys a failure so the next decision closes it", async () => {
    const { actor, c } = timesheet();
    c.loadTeam.resolve(teamWeeks);
    await flush();
    const team = actor.getSnapshot().children.team as unknown as { send: (e: object) => void };
    team.send({ type: 'weeks.reject', users: [3], reason: 'Tuesday is missing its note' });
    expect(c.decide.calls.map((x) => x.input)).toEqual([{ week: '2026-03-09', users: [3], decision: 'reject', reason: 'Tuesday is missing its note' }]);
    c.decide.reject(httpError(409, "Avery Agent's week of 2026-03-09 is draft, not submitted"));
    await flush();
    expect(notices.notices.at(-1)).toEqual({ tone: 'error', title: 'The weeks were not rejected', description: "Avery Agent's week of 2026-03-09 is draft, not submitted", key: 'timesheet.decision' });
    expect(c.loadTeam.calls).toHaveLength(1);
    c.loadTeam.resolve(teamWeeks);
    await flush();
    team.send({ type: 'weeks.approve', users: [3] });
    // Each decision first closes the last failure's notice.
    expect(notices.dismissed).toEqual(['timesheet.decision', 'timesheet.decision']);
    c.decide.resolve({ decided: 1 });
    await flush();
    expect(notices.notices.at(-1)).toEqual({ tone: 'success', title: 'Weeks approved' });
    expect(c.loadTeam.calls).toHaveLength(1);
  });
});

describe('team weeks selection', () => {
  it('counts only the submitted weeks of the selection, and clears the selection after a decision made or refused, telling the table', async () => {
    const { actor, c } = timesheet();
    c.loadTeam.resolve(teamWeeks);
    await flush();
    const team = actor.getSnapshot().children.team as unknown as ActorRefFrom<typeof teamWeeksMachine>;
    const cleared: string[] = [];
    team.on('selection.cleared', (e) => cleared.push(e.type));
    team.send({ type: 'selection.set', users: [3, 7] });
    expect(selectSelectedCount(team.getSnapshot())).toBe(2);
    expect(selectDecidable(team.getSnapshot())).toEqual([3]);
    team.send({ type: 'weeks.approve', users: selectDecidable(team.getSnapshot()) });
    c.decide.resolve({ decided: 1 });
    await flush();
    expect(selectSelectedCount(team.getSnapshot())).toBe(0);
    expect(cleared).toEqual(['selection.cleared']);
    c.loadTeam.resolve([{ ...teamWeeks[0]!, status: 'approved' }, teamWeeks[1]!]);
    await flush();
    expect(selectDecidable(team.getSnapshot())).toEqual([]);
    // A refused decision clears it too: the list is read again, and what was selected may have changed.
    team.send({ type: 'selection.set', users: [7] });
    team.send({ type: 'weeks.reject', users: [7], reason: 'Friday is empty' });
    c.decide.reject(httpError(409, "Quinn QA's week of 2026-03-09 is draft, not submitted"));
    await flush();
    expect(selectSelectedCount(team.getSnapshot())).toBe(0);
    expect(cleared).toHaveLength(2);
  });

  it("owns the list's table: the rows it loads, the checkboxes ticked in it, and their clearing after a decision", async () => {
    const { actor, c } = timesheet();
    const team = actor.getSnapshot().children.team as unknown as ActorRefFrom<typeof teamWeeksMachine>;
    const table = selectTeamTable(team.getSnapshot());
    expect(table).toBeDefined();
    c.loadTeam.resolve(teamWeeks);
    await flush();
    expect(table.getSnapshot().context.rows).toEqual(teamWeeks);
    // Ticking rows in the table is the team's selection, with no one in between.
    table.send({ type: 'row.toggle', key: '3' });
    table.send({ type: 'row.toggle', key: '7' });
    expect(selectSelectedCount(team.getSnapshot())).toBe(2);
    expect(selectDecidable(team.getSnapshot())).toEqual([3]);
    team.send({ type: 'weeks.approve', users: selectDecidable(team.getSnapshot()) });
    c.decide.resolve({ decided: 1 });
    await flush();
    expect(table.getSnapshot().context.selected).toEqual([]);
    expect(selectSelectedCount(team.getSnapshot())).toBe(0);
    // Another week shown: its checkboxes start empty too.
    table.send({ type: 'row.toggle', key: '7' });
    actor.send({ type: 'week.next' });
    expect(table.getSnapshot().context.selected).toEqual([]);
  });

  it('clears the selection when another week is shown', async () => {
    const { actor, c } = timesheet();
    c.loadTeam.resolve(teamWeeks);
    await flush();
    const team = actor.getSnapshot().children.team as unknown as ActorRefFrom<typeof teamWeeksMachine>;
    team.send({ type: 'selection.set', users: [3] });
    actor.send({ type: 'week.next' });
    expect(selectSelectedCount(team.getSnapshot())).toBe(0);
  });
});
