import { beforeEach, describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { coverageReport, pathsFor, replayPath, resetCoverage } from '@tests/support/path-coverage';

const door = setup({
  types: { events: {} as { type: 'door.open' } | { type: 'door.lock'; code: string } },
  guards: { isRightCode: ({ event }) => (event as { code?: string }).code === '1234' },
  actors: { ring: fromPromise(async () => 'ding') },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { 'door.open': 'opening', 'door.lock': { guard: 'isRightCode', target: 'locked' } } },
    opening: { invoke: { src: 'ring', onDone: 'open', onError: 'closed' } },
    open: { after: { 1000: 'closed' } },
    locked: { type: 'final' },
  },
});
const entry = { id: 'door', machine: door, description: 'A test door.' };

describe('path coverage', () => {
  beforeEach(() => resetCoverage('door'));

  it('reports the states and transitions no path reached', () => {
    // The model never tries the lock code and never lets the ring fail.
    for (const path of pathsFor(door, { events: [{ type: 'door.open' }], outputs: { ring: ['ding'] } })) replayPath(door, path);
    const report = coverageReport(entry);
    expect(report.states).toEqual({ reached: 3, total: 4, missing: ['door.locked'] });
    expect(report.transitions.missing).toEqual(['door.closed|door.lock|0', 'door.opening|xstate.error.actor.0.door.opening|0']);
    expect(report.transitions).toMatchObject({ reached: 3, total: 5 });
  });

  it('reaches everything once the model sends every event and outcome, delays included', () => {
    const model = { events: [{ type: 'door.open' }, { type: 'door.lock', code: '1234' }], outputs: { ring: ['ding'] }, errors: { ring: [new Error('no power')] } };
    for (const path of pathsFor(door, model)) replayPath(door, path);
    const report = coverageReport(entry);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });

  it('fails a replay whose machine no longer does what the path predicted', () => {
    const [path] = pathsFor(door, { events: [{ type: 'door.open' }], outputs: { ring: ['ding'] } }).filter((p) => p.steps.length === 2);
    const changed = door.provide({ actors: {} });
    const broken = { ...path!, steps: path!.steps.map((s, i) => (i === 1 ? { ...s, value: 'closed' } : s)) };
    expect(() => replayPath(changed, broken)).toThrow(/after xstate.done.actor/);
  });
});
