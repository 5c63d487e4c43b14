import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { PaperOrder } from '@contracts/client-portal';
import { PAPER_QUANTITY_MAX, PO_NUMBER_MAX, SHIP_TO_MAX } from '@contracts/common/constants';
import { paperOrdersMachine, paperProductsMachine } from '../machines/client-portal.machines';
import { clientPaperMachine, selectOrderDraft, selectOrderForm, type OrderDraft } from '../machines/client-paper.machine';
import { Badge, Button, Card, DateTime, Form, FormActions, NumberField, PageHeader, Select, TextArea, TextField } from '@/shared/ui/components';
import type { DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { FormError, useFormState, useQueryState } from './form-parts';
import { money, PAPER_STATUS_LABELS, PAPER_STATUS_TONES } from './labels';
import { CompanyList } from './ListSection';
import styles from './ListAndForm.module.css';
import { usePageTitle } from '@/shared/page-title';

/** The company's paper orders in the shared data table (client mode: one page holds them all). */
const COLUMNS: DataTableColumn<PaperOrder>[] = [
  { label: 'Order', field: 'id', type: 'number', width: '4.5rem', cell: (o) => <span className={styles.num}>#{o.id}</span> },
  { label: 'Date', field: 'created_at', type: 'date', firstSortType: 'desc', cell: (o) => <DateTime value={o.created_at} withTime={false} />, priority: 2 },
  { label: 'Product', field: 'product_name' },
  { label: 'Quantity', field: 'quantity', type: 'number', width: '6rem', priority: 2, cell: (o) => <span className={styles.num}>{o.quantity}</span> },
  { label: 'PO number', field: 'po_number', cell: (o) => o.po_number ?? '—', priority: 3 },
  {
    label: 'Status',
    field: 'status',
    width: '7.5rem',
    cell: (o) => <Badge tone={PAPER_STATUS_TONES[o.status]}>{PAPER_STATUS_LABELS[o.status]}</Badge>,
    filterOptions: { enabled: true, filterDropdownItems: Object.entries(PAPER_STATUS_LABELS).map(([value, text]) => ({ value, text })) },
  },
];

/** The order form; its machine holds what is typed, and empties it once the order is placed. */
function OrderForm({ orders }: { orders: ActorRefFrom<typeof paperOrdersMachine> }) {
  const products = useActorRef(paperProductsMachine, { input: { query: null } });
  const { data: productList } = useQueryState(products);
  const order = useActorRef(clientPaperMachine, { input: { orders } });
  const form = useSelector(order, selectOrderForm);
  const values = useSelector(order, selectOrderDraft);
  const { busy, error, fields } = useFormState(form);
  const refusals = useSelector(form, (s) => s.context.refusals);
  /** Sets a field (the machine tells the form it changed, so its message goes). */
  const set =
    <K extends keyof OrderDraft>(k: K) =>
    (v: OrderDraft[K]) =>
      order.send({ type: 'order.change', patch: { [k]: v } });
  const product = (productList ?? []).find((p) => p.id === values.product);

  return (
    <Card title="New order" asRegion>
      <Form
        aria-label="New order"
        onSubmit={(e) => {
          e.preventDefault();
          order.send({ type: 'order.place' });
        }}
        refusals={refusals}
        onFieldBlur={(field) => order.send({ type: 'order.blur', field })}
      >
        <FormError error={error} title="The order was not placed" />
        <Select
          label="Product"
          name="productId"
          placeholder="Choose a product"
          isRequired
          items={(productList ?? []).map((p) => ({ id: p.id, label: p.name, description: `${p.sku} · ${money(p.unit_price_cents)}` }))}
          value={values.product}
          onChange={(k) => set('product')(k === null ? null : Number(k))}
          errorMessage={fields.productId}
        />
        <NumberField label="Quantity" name="quantity" minValue={1} maxValue={PAPER_QUANTITY_MAX} isRequired value={values.quantity} onChange={set('quantity')} errorMessage={fields.quantity} />
        {product && !Number.isNaN(values.quantity) ? (
          <p className={styles.total} aria-live="polite">
            Total <span className={styles.strong}>{money(product.unit_price_cents * values.quantity)}</span> ({money(product.unit_price_cents)} each)
          </p>
        ) : null}
        <TextField label="PO number" name="poNumber" maxLength={PO_NUMBER_MAX} value={values.poNumber} onChange={set('poNumber')} errorMessage={fields.poNumber} />
        <TextArea label="Ship-to address" name="shipTo" rows={3} isRequired maxLength={SHIP_TO_MAX} value={values.shipTo} onChange={set('shipTo')} errorMessage={fields.shipTo} />
        <FormActions>
          <Button type="submit" variant="primary" isPending={busy}>
            Place order
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}

export default function ClientPaperScreen() {
  usePageTitle('Order Paper');
  const orders = useActorRef(paperOrdersMachine, { input: { query: null } });
  return (
    <>
      <PageHeader title="Order paper" subtitle="Your company's paper orders and their status." />
      <div className={styles.split}>
        <CompanyList
          title="Past orders"
          actor={orders}
          caption="Your company's paper orders"
          columns={COLUMNS}
          tableId="client-paper-orders"
          skeleton={{ columns: [1, 1.5, 3, 1, 1.5, 1.2], label: 'Loading your orders' }}
          empty={{ title: 'No orders yet.', text: 'Orders you place show here with their status.' }}
        />
        <div className={styles.side}>
          <OrderForm orders={orders} />
        </div>
      </div>
    </>
  );
}
