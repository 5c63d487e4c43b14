/** The views' counts load again with the list and when the tab comes back into view, at most once a minute (ADR 0136). */
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { TICKET_VIEW_COUNTS_FRESH_MS, type CountedTicketView } from '@contracts/ticket-views';
import { ticketViewsMachine } from '@/features/tickets/machines/ticket-views.machine';
import { createServerTableMachine } from '@/shared/machines/table/table.machine';

const settle = () => new Promise((r) => setTimeout(r, 0));

function start() {
  let loads = 0;
  const clock = new SimulatedClock();
  const machine = ticketViewsMachine.provide({ actors: { list: fromPromise<CountedTicketView[]>(async () => (loads++, [])) } });
  const actor = createActor(machine, { input: { listKey: 'a' }, clock }).start();
  return { actor, clock, loads: () => loads };
}

describe('ticket views counts', () => {
  it('load again when the window regains focus, but not twice within a minute', async () => {
    const { actor, clock, loads } = start();
    await settle();
    expect(loads()).toBe(1);
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(loads()).toBe(1);
    clock.increment(TICKET_VIEW_COUNTS_FRESH_MS);
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(loads()).toBe(2);
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(loads()).toBe(2);
    actor.stop();
  });
});

describe('the table tells the screen when it reloads the same list', () => {
  it('emits rows.reload on table.reload, so the views can count again', async () => {
    const machine = createServerTableMachine(async () => ({ rows: [], total: 0 }));
    const actor = createActor(machine, { input: { mode: 'server', columns: [{ label: 'ID', field: 'id' }] } }).start();
    const told: string[] = [];
    actor.on('rows.reload', (e) => told.push(e.type));
    await settle();
    actor.send({ type: 'table.reload' });
    await settle();
    expect(told).toEqual(['rows.reload']);
    actor.stop();
  });
});
