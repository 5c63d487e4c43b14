import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import type { Territory } from '@contracts/sales';
import { machineRegistry } from '@/app/machine-registry';
import { salesTerritoriesMachine, selectEditing, type SalesTerritoriesContext } from '@/features/sales/machines/sales-territories.machine';
import type { SubmitContext } from '@/shared/machines/submit.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';
import { activityDialog, logCall, logged, recorder } from './logged-activities';

const entry = machineRegistry.find((m) => m.id === 'sales-territories')!;
const north: Territory = { id: 11, name: 'North', ownerId: 3, ownerName: 'Avery Agent', companies: 1, lifetimeCents: 500000, pipelineCents: 100000 };

describeMachinePaths(entry, {
  inputs: { 'the territories': () => ({ log: null }) },
  events: [
    { type: 'selection.change', keys: ['1', '2'] },
    { type: 'selection.change', keys: [] },
    { type: 'companies.move', territoryId: 12 },
    { type: 'move.saved', result: { moved: 2 } },
    { type: 'territory.edit', territory: north },
    { type: 'territory.edit', territory: null },
    { type: 'territory.close' },
    { type: 'territory.saved', result: north },
    logged,
  ],
  // The moves only grow `round`: states are told apart without it, so the traversal ends.
  serializeState: (s) => {
    const c = s.context as SalesTerritoriesContext;
    return JSON.stringify([s.value, c.selected, c.editing?.id ?? null]);
  },
  check: (snapshot) => {
    // The territory's form runs exactly while its dialog is open.
    expect(Boolean(snapshot.children.territoryForm)).toBe(snapshot.matches('editing'));
    if (!snapshot.matches('editing')) expect((snapshot.context as SalesTerritoriesContext).editing).toBeNull();
  },
});

describe('the territories screen', () => {
  const start = (told: Array<[string, string, unknown]>, log: ReturnType<typeof activityDialog> | null = null) =>
    createActor(salesTerritoriesMachine.provide({ actors: { territories: recorder(told, 'territories') as never, reassign: recorder(told, 'reassign') as never } }), { input: { log } }).start();
  const events = (told: Array<[string, string, unknown]>) => told.filter(([, type]) => type !== 'started').map(([name, type, what]) => [name, type === 'form.submit' ? (what as { input: unknown }).input : type]);

  it('moves the selected companies, then clears the selection, starts the table again and loads the totals again', () => {
    const told: Array<[string, string, unknown]> = [];
    const screen = start(told);
    // Nothing selected: nothing to move.
    screen.send({ type: 'companies.move', territoryId: 12 });
    expect(events(told)).toEqual([]);
    screen.send({ type: 'selection.change', keys: ['1', '2'] });
    screen.send({ type: 'companies.move', territoryId: 12 });
    screen.send({ type: 'move.saved', result: { moved: 2 } });
    expect(events(told)).toEqual([
      ['reassign', { companyIds: [1, 2], territoryId: 12 }],
      ['territories', 'query.reload'],
    ]);
    expect(screen.getSnapshot().context).toMatchObject({ selected: [], round: 1 });
  });

  it('opens a territory’s dialog with a new form, closes it once saved and loads the totals again; Cancel saves nothing', () => {
    const told: Array<[string, string, unknown]> = [];
    const screen = start(told);
    screen.send({ type: 'territory.edit', territory: north });
    expect(selectEditing(screen.getSnapshot())).toEqual(north);
    const form = screen.getSnapshot().children.territoryForm as AnyActorRef;
    // The form says what it saved: the name, added or saved.
    const { notices } = form.getSnapshot().context as SubmitContext<unknown>;
    const saved = notices.saved as unknown as (r: unknown, s: unknown) => string;
    expect(saved(north, { id: 11, input: { name: 'North', ownerId: 3 } })).toBe('Territory North saved');
    expect(saved(north, { id: null, input: { name: 'West', ownerId: null } })).toBe('Territory West added');
    screen.send({ type: 'territory.saved', result: north });
    expect(selectEditing(screen.getSnapshot())).toBeNull();
    expect(form.getSnapshot().status).toBe('stopped');
    expect(events(told)).toEqual([['territories', 'query.reload']]);

    screen.send({ type: 'territory.edit', territory: null });
    expect(selectEditing(screen.getSnapshot())).toBe('new');
    expect(screen.getSnapshot().children.territoryForm).not.toBe(form);
    screen.send({ type: 'territory.close' });
    expect(selectEditing(screen.getSnapshot())).toBeNull();
    expect(events(told)).toEqual([['territories', 'query.reload']]);
  });

  it('says how many companies moved', () => {
    const screen = createActor(salesTerritoriesMachine.provide({ actors: { territories: recorder([], 'territories') as never } }), { input: { log: null } }).start();
    const { notices } = (screen.getSnapshot().children.reassign as AnyActorRef).getSnapshot().context as SubmitContext<unknown>;
    const saved = notices.saved as unknown as (r: { moved: number }) => string;
    expect([saved({ moved: 1 }), saved({ moved: 3 })]).toEqual(['1 company moved', '3 companies moved']);
  });

  it('loads the totals again once an activity is logged from the screen’s dialog', async () => {
    const told: Array<[string, string, unknown]> = [];
    const log = activityDialog();
    start(told, log);
    await logCall(log);
    expect(events(told)).toEqual([['territories', 'query.reload']]);
  });
});
