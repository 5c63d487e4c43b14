/**
 * The New order form of the paper screen (docs/adr/0107): the order being written and its form are
 * this machine's. Once an order is placed (the form says so, and the notice names it), the past
 * orders load again with it and the form is empty for the next one; a refused order keeps what was
 * typed. Its own file (with the order's form), so the machine registry loads no more of the client
 * portal.
 */
import { assign, enqueueActions, sendTo, setup, spawnChild, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { CLIENT_PORTAL, type CreatePaperOrder, type PaperOrder } from '@contracts/client-portal';
import { createSubmitMachine, submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import { clientPortalApi } from '../api';

/** A paper order, checked against the endpoint's body first. */
export const orderPaperMachine = createSubmitMachine('clientOrderPaper', (v: CreatePaperOrder) => clientPortalApi.orderPaper(v), { schema: CLIENT_PORTAL.orderPaper.body });

/** An order as typed: the product picked (none yet), the quantity (NaN while it is not a number) and the texts. */
export type OrderDraft = { product: PaperOrder['product_id'] | null; quantity: number; poNumber: string; shipTo: string };
export const EMPTY_ORDER: OrderDraft = { product: null, quantity: 1, poNumber: '', shipTo: '' };
/** The contract's field each value is sent as (what its errors are keyed by). */
const FIELD_OF: Record<keyof OrderDraft, keyof CreatePaperOrder> = { product: 'productId', quantity: 'quantity', poNumber: 'poNumber', shipTo: 'shipTo' };

/** The order as the contract takes it: no product and a quantity that is not a number are sent as 0 (the schema names them). */
export const orderOf = (d: OrderDraft): CreatePaperOrder => ({ productId: Number(d.product ?? 0), quantity: Number.isNaN(d.quantity) ? 0 : d.quantity, poNumber: d.poNumber, shipTo: d.shipTo });

export type ClientPaperContext = {
  /** The past orders' query, told to load again once an order is placed. */
  orders: AnyActorRef;
  draft: OrderDraft;
};
export type ClientPaperEvent =
  | { type: 'order.change'; patch: Partial<OrderDraft> }
  /** A field left (named as the contract names it): its problems show beside it. */
  | { type: 'order.blur'; field: string }
  | { type: 'order.place' }
  | { type: 'order.placed'; result: { id: number } }
  | ({ type: 'order.refused' } & SubmitFailure);

export const clientPaperMachine = setup({
  types: { context: {} as ClientPaperContext, events: {} as ClientPaperEvent, input: {} as { orders: AnyActorRef } },
  actors: {
    form: submitChild(orderPaperMachine, { saved: 'order.placed', failed: 'order.refused' }),
  },
}).createMachine({
  id: 'client-paper',
  description: 'The paper order form: the order is typed and placed; once placed, the past orders load again and the form is empty for the next one.',
  context: ({ input }) => ({ orders: input.orders, draft: EMPTY_ORDER }),
  entry: spawnChild('form', {
    id: 'form',
    systemId: 'client-paper.form',
    input: { notices: { saved: (r: { id: number }) => ({ title: `Order #${r.id} was received`, description: 'Its status is in the list of orders.' }) } },
  }),
  on: {
    'order.change': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        enqueue.assign({ draft: { ...context.draft, ...event.patch } });
        for (const key of Object.keys(event.patch) as (keyof OrderDraft)[]) enqueue.sendTo('form', { type: 'form.change', field: FIELD_OF[key] });
      }),
      description: 'A field changes; its message goes until it is checked again.',
    },
    'order.blur': {
      actions: sendTo('form', ({ context, event }) => ({ type: 'form.blur' as const, field: event.field, input: orderOf(context.draft) })),
      description: 'A field left: its own problems show beside it.',
    },
    'order.place': {
      actions: sendTo('form', ({ context }) => ({ type: 'form.submit' as const, input: orderOf(context.draft) })),
      description: 'The order is sent (or its problems show beside their fields).',
    },
    'order.placed': {
      actions: [assign({ draft: EMPTY_ORDER }), sendTo('form', { type: 'form.reset' }), sendTo(({ context }) => context.orders, { type: 'query.reload' })],
      description: 'Placed (the form says so): the past orders load again with it, and the form is empty for the next order.',
    },
  },
});

export type ClientPaperActor = ActorRefFrom<typeof clientPaperMachine>;
type Snapshot = SnapshotFrom<typeof clientPaperMachine>;
export const selectOrderDraft = (s: Snapshot) => s.context.draft;
export const selectOrderForm = (s: Snapshot) => s.children.form as ActorRefFrom<typeof orderPaperMachine>;
