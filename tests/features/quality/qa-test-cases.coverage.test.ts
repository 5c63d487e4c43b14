import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { machineRegistry } from '@/app/machine-registry';
import type { QaTestCase } from '@contracts/quality';
import { testCasesScreenMachine, type TestCasesContext } from '@/features/quality/machines/test-cases.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'qa-test-cases')!;
const told: unknown[] = [];
/** The list's query stand-in: it records the queries and reloads it is told. */
const list = createMachine({ on: { 'query.reload': { actions: () => told.push('reload') }, 'query.set': { actions: ({ event }) => told.push(event) } } });
const machine = testCasesScreenMachine.provide({ actors: { list: list as never } });
const tier: QaTestCase = { id: 3, product_area: 'Rates and usage', title: 'Tier boundaries', steps: 'Bill 10,000 gal', expected_result: 'Tier 2', active: true, updated_at: '2026-11-20T09:00:00Z', retired_at: null, version: 2 };

describeMachinePaths(
  { ...entry, machine },
  {
    inputs: { 'every area': () => ({}), 'one area': () => ({ area: 'Payments' }) },
    events: [
      { type: 'area.pick', area: 'Rates and usage' },
      { type: 'area.pick', area: null },
      { type: 'case.new' },
      { type: 'case.edit', testCase: tier },
      { type: 'case.close' },
      { type: 'case.saved', result: tier },
      { type: 'case.refused', error: 'This test case changed since you read it; reload it and try again', fieldErrors: {} },
      { type: 'case.refused', error: null, fieldErrors: { title: 'Give the case a title' } },
      { type: 'case.retire', testCase: tier },
      { type: 'retire.saved', result: { ...tier, active: false } },
      { type: 'retire.refused', error: 'This test case is retired already', fieldErrors: {} },
    ],
    serializeState: (s) => JSON.stringify([s.value, (s.context as TestCasesContext).area, (s.context as TestCasesContext).editing?.id ?? null]),
    check: (snapshot) => {
      // The dialog edits a case only while it is open.
      const c = snapshot.context as TestCasesContext;
      if (snapshot.matches('browsing')) expect(c.editing).toBeNull();
    },
  },
);

describe('the QA test cases view', () => {
  it('asks the list for the area picked, loads it again once a case is saved or retired, and keeps the dialog open on a refusal', () => {
    const screen = createActor(machine, { input: {} }).start();
    told.length = 0;
    screen.send({ type: 'area.pick', area: 'Payments' });
    expect(told).toEqual([{ type: 'query.set', query: { area: 'Payments' } }]);
    screen.send({ type: 'case.edit', testCase: tier });
    screen.send({ type: 'case.refused', error: 'This test case changed since you read it; reload it and try again', fieldErrors: {} });
    expect(screen.getSnapshot().matches('editing')).toBe(true);
    screen.send({ type: 'case.saved', result: tier });
    expect(screen.getSnapshot().matches('browsing')).toBe(true);
    screen.send({ type: 'retire.saved', result: tier });
    expect(told).toEqual([{ type: 'query.set', query: { area: 'Payments' } }, 'reload', 'reload', 'reload']);
  });
});
