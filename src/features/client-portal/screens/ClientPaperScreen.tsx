import { useActorRef } from '@xstate/react';
import type { FormEvent } from 'react';
import type { PaperOrder } from '@contracts/client-portal';
import { PAPER_QUANTITY_MAX, PO_NUMBER_MAX, SHIP_TO_MAX } from '@contracts/common/constants';
import { orderPaperMachine, paperOrdersMachine, paperProductsMachine } from '../machines/client-portal.machines';
import { Field, FormError, LoadError, useFieldValues, useFormState, useQueryState } from './form-parts';
import { formatNumericDate } from '@/shared/ui/tokens/format';
import { SimpleTable } from '@/shared/ui/SimpleTable';

const money = (cents: number) => (cents / 100).toFixed(2);
const STATUS_LABELS: Record<PaperOrder['status'], string> = { received: 'Received', processing: 'Processing', shipped: 'Shipped' };

export default function ClientPaperScreen() {
  const products = useActorRef(paperProductsMachine, { input: { query: null } });
  const { data: productList } = useQueryState(products);
  const orders = useActorRef(paperOrdersMachine, { input: { query: null } });
  const { data: orderPage, failed: ordersFailed, error: ordersError } = useQueryState(orders);
  const form = useActorRef(orderPaperMachine, { input: { reloads: orders, reloadEvent: { type: 'query.reload' } } });
  const { busy, result: placed, error, fields } = useFormState(form);
  const { values, set } = useFieldValues({ productId: '', quantity: '1', poNumber: '', shipTo: '' });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.send({ type: 'form.submit', input: { ...values, productId: Number(values.productId), quantity: Number(values.quantity) } });
  };
  return (
    <>
      <h1>Order paper</h1>
      <section className="card" aria-labelledby="order-heading">
        <h2 id="order-heading">New order</h2>
        {placed ? (
          <>
            <p role="status">Order #{placed.id} was received. You can follow its status below.</p>
            <button type="button" className="btn btn-secondary" onClick={() => form.send({ type: 'form.reset' })}>
              Place another order
            </button>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <FormError error={error} />
            <Field label="Product" error={fields.productId}>
              {(p) => (
                <select {...p} name="productId" required value={values.productId} onChange={set('productId')}>
                  <option value="">Choose a product</option>
                  {(productList ?? []).map((pr) => (
                    <option key={pr.id} value={pr.id}>
                      {pr.name} ({pr.sku}) ${money(pr.unit_price_cents)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Quantity" error={fields.quantity}>
              {(p) => <input {...p} name="quantity" type="number" min={1} max={PAPER_QUANTITY_MAX} required value={values.quantity} onChange={set('quantity')} />}
            </Field>
            <Field label="PO number" error={fields.poNumber}>
              {(p) => <input {...p} name="poNumber" maxLength={PO_NUMBER_MAX} value={values.poNumber} onChange={set('poNumber')} />}
            </Field>
            <Field label="Ship-to address" error={fields.shipTo}>
              {(p) => <textarea {...p} name="shipTo" rows={3} required maxLength={SHIP_TO_MAX} value={values.shipTo} onChange={set('shipTo')} />}
            </Field>
            <button className="btn" type="submit" disabled={busy}>
              Place order
            </button>
          </form>
        )}
      </section>
      <section className="card" aria-labelledby="orders-heading">
        <h2 id="orders-heading">Past orders</h2>
        {ordersFailed ? <LoadError error={ordersError} onRetry={() => orders.send({ type: 'query.reload' })} /> : null}
        {orderPage && orderPage.items.length === 0 ? <p>No orders yet.</p> : null}
        {orderPage && orderPage.items.length > 0 ? (
          <SimpleTable
            rows={orderPage.items}
            rowKey={(o) => o.id}
            columns={[
              { header: 'Order', cell: (o) => o.id },
              { header: 'Date', cell: (o) => formatNumericDate(o.created_at) },
              { header: 'Product', cell: (o) => o.product_name },
              { header: 'Quantity', cell: (o) => o.quantity },
              { header: 'PO number', cell: (o) => o.po_number ?? '—' },
              { header: 'Status', cell: (o) => <span className="badge badge-status">{STATUS_LABELS[o.status]}</span> },
            ]}
          />
        ) : null}
      </section>
    </>
  );
}
