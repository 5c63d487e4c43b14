import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { machineRegistry } from '@/app/machine-registry';
import { PAPER_ORDER_MESSAGES } from '@contracts/client-portal';
import { clientPaperMachine, EMPTY_ORDER, orderPaperMachine, selectOrderForm, type ClientPaperContext } from '@/features/client-portal/machines/client-paper.machine';
import { submitChild } from '@/shared/machines/submit.machine';
import { recordMachineNotices } from '@tests/support/notices';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'client-paper')!;
const reloads: string[] = [];
/** The past orders' query, standing in: it records the reloads it is told. */
const orders = () => {
  const actor = createActor(createMachine({ on: { 'query.reload': { actions: () => reloads.push('orders') } } }));
  actor.start();
  return actor;
};

describeMachinePaths(entry, {
  inputs: { 'the paper screen': () => ({ orders: orders() }) },
  events: [
    { type: 'order.change', patch: { product: 2, shipTo: '1 Main St' } },
    { type: 'order.blur', field: 'shipTo' },
    { type: 'order.place' },
    { type: 'order.placed', result: { id: 12 } },
  ],
  serializeState: (s) => JSON.stringify((s.context as ClientPaperContext).draft),
  check: (snapshot) => {
    const { draft } = snapshot.context as ClientPaperContext;
    // The form holds what was typed, or nothing once an order was placed.
    if (draft.product === null) expect(draft).toEqual(EMPTY_ORDER);
  },
});

const { notices, started } = recordMachineNotices();

/** The order form with the order's call answered by `place` (what it was given is kept in `sent`). */
function orderForm(place: (input: unknown) => Promise<unknown>) {
  const sent: unknown[] = [];
  const form = submitChild(orderPaperMachine.provide({ actors: { submit: fromPromise(({ input }) => (sent.push(input), place(input))) } }), { saved: 'order.placed', failed: 'order.refused' });
  const screen = createActor(clientPaperMachine.provide({ actors: { form } }), { input: { orders: orders() } }).start();
  started.push(screen);
  return { screen, sent, form: () => selectOrderForm(screen.getSnapshot()) };
}

describe('the paper order form', () => {
  it('places the order as the contract takes it; once placed, the orders load again, the notice names it and the form is empty for the next one', async () => {
    reloads.length = 0;
    const { screen, sent, form } = orderForm(async () => ({ id: 12 }));
    screen.send({ type: 'order.change', patch: { product: 2 } });
    screen.send({ type: 'order.change', patch: { quantity: 3, poNumber: 'PO-9', shipTo: '1 Main St' } });
    screen.send({ type: 'order.place' });
    await waitFor(form(), (s) => !s.matches('submitting'));
    expect(sent).toEqual([{ productId: 2, quantity: 3, poNumber: 'PO-9', shipTo: '1 Main St' }]);
    expect(screen.getSnapshot().context.draft).toEqual(EMPTY_ORDER);
    expect(reloads).toEqual(['orders']);
    expect(notices.notices).toEqual([{ tone: 'success', title: 'Order #12 was received', description: 'Its status is in the list of orders.' }]);
    // The form is ready again (not left "saved"): a field it checks shows its message on blur.
    expect(form().getSnapshot().value).toBe('editing');
    screen.send({ type: 'order.blur', field: 'productId' });
    expect(form().getSnapshot().context.fieldErrors).toEqual({ productId: PAPER_ORDER_MESSAGES.product });
  });

  it('keeps what was typed when the order is refused, and loads nothing again', async () => {
    reloads.length = 0;
    const { screen, form } = orderForm(async () => {
      throw new Error('The service is busy; try again in a moment');
    });
    const typed = { product: 2, quantity: 3, poNumber: '', shipTo: '1 Main St' };
    screen.send({ type: 'order.change', patch: typed });
    screen.send({ type: 'order.place' });
    await waitFor(form(), (s) => s.context.error !== null);
    expect(screen.getSnapshot().context.draft).toEqual(typed);
    expect(reloads).toEqual([]);
  });

  it('tells the form which field changed by the contract’s name, and sends no product or a quantity that is not a number as 0', () => {
    const told: AnyEventObject[] = [];
    const form = createMachine({ on: { '*': { actions: ({ event }) => told.push(event) } } });
    const screen = createActor(clientPaperMachine.provide({ actors: { form: form as never } }), { input: { orders: orders() } }).start();
    started.push(screen);
    screen.send({ type: 'order.change', patch: { product: 2, quantity: Number.NaN } });
    screen.send({ type: 'order.change', patch: { product: null } });
    screen.send({ type: 'order.place' });
    expect(told).toEqual([
      { type: 'form.change', field: 'productId' },
      { type: 'form.change', field: 'quantity' },
      { type: 'form.change', field: 'productId' },
      { type: 'form.submit', input: { productId: 0, quantity: 0, poNumber: '', shipTo: '' } },
    ]);
  });
});
