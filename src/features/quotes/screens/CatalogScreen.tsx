import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { formatMoney, parseCents } from '@contracts/quote-money';
import { CATALOG_CATEGORIES, type CatalogItem, type CatalogItemInput } from '@contracts/quotes';
import { Button, Card, FormErrorBanner, PageHeader, toast } from '@/shared/ui/components';
import { DataTable, useTableActor, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { downloadText } from '@/shared/ui/download';
import { catalogApi } from '../api';
import { catalogImportMachine, catalogItemMachine, catalogTableMachine } from '../machines/quotes.machines';
import { TabTitle } from './parts';
import styles from './quotes.module.css';

const COLUMNS: DataTableColumn<CatalogItem>[] = [
  { label: 'SKU', field: 'sku' },
  { label: 'Name', field: 'name', cell: (i) => (i.bundle.length ? `${i.name} (bundle of ${i.bundle.length})` : i.name) },
  { label: 'Category', field: 'category', filterOptions: { enabled: true, placeholder: 'Any category', filterDropdownItems: CATALOG_CATEGORIES } },
  { label: 'Unit price', field: 'unit_price_cents', type: 'number', cell: (i) => formatMoney(i.unit_price_cents) },
  { label: 'Unit cost', field: 'unit_cost_cents', type: 'number', cell: (i) => formatMoney(i.unit_cost_cents) },
  { label: 'Taxable', field: 'taxable', sortable: false, cell: (i) => (i.taxable ? 'Yes' : 'No') },
  { label: 'Active', field: 'active', cell: (i) => (i.active ? 'Active' : 'Inactive'), filterOptions: { enabled: true, placeholder: 'Any', filterDropdownItems: ['true', 'false'] } },
];

type ItemForm = { sku: string; name: string; description: string; category: string; price: string; cost: string; taxable: boolean; active: boolean; bundle: string };
const blank: ItemForm = { sku: '', name: '', description: '', category: 'service', price: '', cost: '', taxable: true, active: true, bundle: '' };
const formOf = (i: CatalogItem): ItemForm => ({
  sku: i.sku,
  name: i.name,
  description: i.description,
  category: i.category,
  price: (i.unit_price_cents / 100).toFixed(2),
  cost: (i.unit_cost_cents / 100).toFixed(2),
  taxable: i.taxable,
  active: i.active,
  bundle: i.bundle.map((b) => `${b.itemId}x${b.quantity}`).join(', '),
});

function ItemEditor({ editing, onDone, table }: { editing: CatalogItem | 'new'; onDone: () => void; table: ReturnType<typeof useTableActor> }) {
  const form = useActorRef(catalogItemMachine, { input: { reloads: table } });
  const fieldErrors = useSelector(form, (s) => s.context.fieldErrors);
  const error = useSelector(form, (s) => s.context.error);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const saved = useSelector(form, (s) => s.matches('saved'));
  const [v, setV] = useState<ItemForm>(editing === 'new' ? blank : formOf(editing));
  useEffect(() => {
    if (saved) {
      toast.success(editing === 'new' ? 'Item created' : 'Item saved');
      onDone();
    }
  }, [saved, editing, onDone]);
  const set = (k: keyof ItemForm) => (e: { target: { value: string; checked?: boolean; type?: string } }) =>
    setV((old) => ({ ...old, [k]: e.target.type === 'checkbox' ? Boolean(e.target.checked) : e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const bundle = v.bundle
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => {
        const [id, q] = p.split(/x/i);
        return { itemId: Number(id), quantity: Number(q ?? 1) };
      });
    const input: CatalogItemInput = {
      sku: v.sku,
      name: v.name,
      description: v.description,
      category: v.category as CatalogItemInput['category'],
      unitPriceCents: parseCents(v.price) ?? Number.NaN,
      unitCostCents: parseCents(v.cost || '0') ?? Number.NaN,
      taxable: v.taxable,
      active: v.active,
      bundle,
    };
    form.send({ type: 'form.submit', input: { id: editing === 'new' ? null : editing.id, input } });
  };
  const err = (k: string) => fieldErrors[k];
  return (
    <Card title={editing === 'new' ? 'New catalog item' : `Edit ${editing.sku}`} asRegion>
      <form className={`${styles.stack} ${styles.editLines}`} onSubmit={submit} noValidate>
        <FormErrorBanner title={error ? 'The item was not saved' : undefined} errors={error ? [error] : []} />
        <div className={styles.grid2}>
          <label>
            SKU
            <input value={v.sku} onChange={set('sku')} required maxLength={40} aria-invalid={Boolean(err('sku'))} aria-describedby="item-sku-err" />
            <span id="item-sku-err" className={styles.errorCell}>{err('sku')}</span>
          </label>
          <label>
            Name
            <input value={v.name} onChange={set('name')} required maxLength={200} aria-invalid={Boolean(err('name'))} aria-describedby="item-name-err" />
            <span id="item-name-err" className={styles.errorCell}>{err('name')}</span>
          </label>
          <label>
            Category
            <select value={v.category} onChange={set('category')}>
              {CATALOG_CATEGORIES.map((c) => (
                <option key={c} value={c}>{c}</option>
              ))}
            </select>
          </label>
          <label>
            Unit price ($)
            <input value={v.price} onChange={set('price')} inputMode="decimal" aria-invalid={Boolean(err('unitPriceCents'))} aria-describedby="item-price-err" />
            <span id="item-price-err" className={styles.errorCell}>{err('unitPriceCents') ? 'Enter an amount like 12.50' : ''}</span>
          </label>
          <label>
            Unit cost ($)
            <input value={v.cost} onChange={set('cost')} inputMode="decimal" aria-invalid={Boolean(err('unitCostCents'))} aria-describedby="item-cost-err" />
            <span id="item-cost-err" className={styles.errorCell}>{err('unitCostCents') ? 'Enter an amount like 12.50' : ''}</span>
          </label>
          <label>
            Bundle of (item id x quantity, comma separated)
            <input value={v.bundle} onChange={set('bundle')} placeholder="e.g. 12x1, 14x2" aria-describedby="item-bundle-err" />
            <span id="item-bundle-err" className={styles.errorCell}>{err('bundle')}</span>
          </label>
        </div>
        <label>
          Description
          <textarea value={v.description} onChange={set('description')} rows={2} maxLength={2000} />
        </label>
        <div className={styles.row}>
          <label>
            <input type="checkbox" checked={v.taxable} onChange={set('taxable')} /> Taxable
          </label>
          <label>
            <input type="checkbox" checked={v.active} onChange={set('active')} /> Active (offered on new quotes)
          </label>
        </div>
        <div className={styles.row}>
          <Button type="submit" variant="primary" isPending={busy}>
            {editing === 'new' ? 'Create item' : 'Save item'}
          </Button>
          <Button onPress={onDone}>Cancel</Button>
        </div>
      </form>
    </Card>
  );
}

function ImportCard({ table }: { table: ReturnType<typeof useTableActor> }) {
  const machine = useActorRef(catalogImportMachine, { input: { reloads: table } });
  const result = useSelector(machine, (s) => s.context.result);
  const error = useSelector(machine, (s) => s.context.error);
  const busy = useSelector(machine, (s) => s.hasTag('busy'));
  const [csv, setCsv] = useState('');
  useEffect(() => {
    if (result?.committed) toast.success(`Imported: ${result.created} created, ${result.updated} updated`);
  }, [result]);
  const bad = result?.rows.filter((r) => Object.keys(r.errors).length) ?? [];
  return (
    <Card title="Import from CSV" description="Columns: sku, name, description, category, unit_price, unit_cost, taxable, active. Preview first: nothing is written while any row has an error." asRegion>
      <div className={`${styles.stack} ${styles.editLines}`}>
        <label>
          CSV file
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (file) setCsv(await file.text());
            }}
          />
        </label>
        <label>
          Or paste the CSV
          <textarea value={csv} onChange={(e) => setCsv(e.target.value)} rows={4} />
        </label>
        <div className={styles.row}>
          <Button onPress={() => machine.send({ type: 'form.submit', input: { csv, commit: false } })} isDisabled={!csv.trim()} isPending={busy}>
            Preview import
          </Button>
          <Button variant="primary" onPress={() => machine.send({ type: 'form.submit', input: { csv, commit: true } })} isDisabled={!result || !result.valid || result.committed}>
            Import {result?.rows.length ?? 0} rows
          </Button>
        </div>
        {error ? <p role="alert" className={styles.errorCell}>{error}</p> : null}
        {result?.fileErrors.map((e) => (
          <p key={e} role="alert" className={styles.errorCell}>{e}</p>
        ))}
        {result && result.rows.length ? (
          <div className={styles.tableWrap}>
            <p role="status">
              {result.committed
                ? `Imported ${result.created} new and ${result.updated} updated items.`
                : bad.length
                  ? `${bad.length} of ${result.rows.length} rows have errors: nothing will be imported until they are fixed.`
                  : `All ${result.rows.length} rows are valid.`}
            </p>
            <table className={styles.lines}>
              <caption className="sr-only">Import preview</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">SKU</th>
                  <th scope="col">Name</th>
                  <th scope="col">Category</th>
                  <th scope="col" className={styles.num}>Price</th>
                  <th scope="col">Action</th>
                  <th scope="col">Errors</th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((r) => (
                  <tr key={r.line}>
                    <td>{r.line}</td>
                    <td>{r.sku}</td>
                    <td>{r.name}</td>
                    <td>{r.category}</td>
                    <td className={styles.num}>{r.unitPriceCents === null ? '—' : formatMoney(r.unitPriceCents)}</td>
                    <td>{r.action === 'create' ? 'New' : 'Update'}</td>
                    <td className={styles.errorCell}>{Object.values(r.errors).join('; ') || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </Card>
  );
}

/** /quote/item/management: the catalog quotes are built from (paper items also feed the client portal's paper orders). */
export default function CatalogScreen() {
  const table = useTableActor<CatalogItem>({ machine: catalogTableMachine, mode: 'server', columns: COLUMNS });
  const [editing, setEditing] = useState<CatalogItem | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  return (
    <>
      <TabTitle>Item Management</TabTitle>
      <PageHeader
        title="Item Management"
        subtitle="The catalog of items quotes are built from. Select a row to edit it; an item used on a quote is deactivated, never deleted."
        actions={
          <>
            <Button onPress={async () => downloadText('catalog.csv', await catalogApi.exportCsv())}>Export CSV</Button>
            <Button onPress={() => setImporting((x) => !x)}>Import CSV</Button>
            <Button variant="primary" onPress={() => setEditing('new')}>
              New item
            </Button>
          </>
        }
      />
      <div className={styles.stack}>
        {editing ? <ItemEditor key={editing === 'new' ? 'new' : editing.id} editing={editing} table={table} onDone={() => setEditing(null)} /> : null}
        {importing ? <ImportCard table={table} /> : null}
        <DataTable<CatalogItem> caption="Catalog items" columns={COLUMNS} actor={table} onRowClick={(row) => setEditing(row)} />
      </div>
    </>
  );
}
