import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { formatMoney } from '@contracts/quote-money';
import { CATALOG_CATEGORIES, type CatalogItem } from '@contracts/quotes';
import { inspection } from '@/shared/inspection';
import { Button, Card, FormErrorBanner, PageHeader, Select, type Option } from '@/shared/ui/components';
import { DataTable, useTableActor, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { BLANK_ITEM_FORM, itemFormOf, itemInputOf, type ItemForm } from '../machines/catalog-form';
import {
  itemManagementMachine,
  selectEditing,
  selectExportBusy,
  selectImportBusy,
  selectImportError,
  selectImporting,
  selectImportResult,
  selectItemBusy,
  selectItemError,
  selectItemFieldErrors,
} from '../machines/item-management.machine';
import { catalogTableMachine } from '../machines/quotes.machines';
import styles from './quotes.module.css';
import { ScrollBox } from '@/shared/ui/ScrollBox';

const CATEGORY_OPTIONS: Option[] = CATALOG_CATEGORIES.map((c) => ({ id: c, label: c }));

type Screen = ActorRefFrom<typeof itemManagementMachine>;

const COLUMNS: DataTableColumn<CatalogItem>[] = [
  { label: 'SKU', field: 'sku' },
  { label: 'Name', field: 'name', cell: (i) => (i.bundle.length ? `${i.name} (bundle of ${i.bundle.length})` : i.name) },
  { label: 'Category', field: 'category', filterOptions: { enabled: true, placeholder: 'Any category', filterDropdownItems: CATALOG_CATEGORIES } },
  { label: 'Unit price', field: 'unit_price_cents', type: 'number', cell: (i) => formatMoney(i.unit_price_cents) },
  { label: 'Unit cost', field: 'unit_cost_cents', type: 'number', cell: (i) => formatMoney(i.unit_cost_cents) },
  { label: 'Taxable', field: 'taxable', sortable: false, cell: (i) => (i.taxable ? 'Yes' : 'No') },
  { label: 'Active', field: 'active', cell: (i) => (i.active ? 'Active' : 'Inactive'), filterOptions: { enabled: true, placeholder: 'Any', filterDropdownItems: ['true', 'false'] } },
];

/** The form of a new item or of the item selected in the table; what is typed stays through a refused save. */
function ItemEditor({ screen, editing }: { screen: Screen; editing: CatalogItem | 'new' }) {
  const fieldErrors = useSelector(screen, selectItemFieldErrors);
  const error = useSelector(screen, selectItemError);
  const busy = useSelector(screen, selectItemBusy);
  const [v, setV] = useState<ItemForm>(editing === 'new' ? BLANK_ITEM_FORM : itemFormOf(editing));
  const set = (k: keyof ItemForm) => (e: { target: { value: string; checked?: boolean; type?: string } }) =>
    setV((old) => ({ ...old, [k]: e.target.type === 'checkbox' ? Boolean(e.target.checked) : e.target.value }));
  const setCategory = (category: string) => setV((old) => ({ ...old, category }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    screen.send({ type: 'item.save', input: itemInputOf(v) });
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
          <Select label="Category" items={CATEGORY_OPTIONS} value={v.category} onChange={(key) => key && setCategory(String(key))} />
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
          <Button onPress={() => screen.send({ type: 'item.close' })}>Cancel</Button>
        </div>
      </form>
    </Card>
  );
}

/** The CSV import: a preview of every row with its errors, then all rows or none. */
function ImportCard({ screen }: { screen: Screen }) {
  const result = useSelector(screen, selectImportResult);
  const error = useSelector(screen, selectImportError);
  const busy = useSelector(screen, selectImportBusy);
  const [csv, setCsv] = useState('');
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
          <Button onPress={() => screen.send({ type: 'import.check', csv, commit: false })} isDisabled={!csv.trim()} isPending={busy}>
            Preview import
          </Button>
          <Button variant="primary" onPress={() => screen.send({ type: 'import.check', csv, commit: true })} isDisabled={!result || !result.valid || result.committed}>
            Import {result?.rows.length ?? 0} rows
          </Button>
        </div>
        {error ? <p role="alert" className={styles.errorCell}>{error}</p> : null}
        {result?.fileErrors.map((e) => (
          <p key={e} role="alert" className={styles.errorCell}>{e}</p>
        ))}
        {result && result.rows.length ? (
          <ScrollBox label="Import preview" className={styles.tableWrap}>
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
          </ScrollBox>
        ) : null}
      </div>
    </Card>
  );
}

/** /quote/item/management: the catalog quotes are built from (paper items also feed the client portal's paper orders). */
export default function CatalogScreen() {
  const table = useTableActor<CatalogItem>({ machine: catalogTableMachine, mode: 'server', columns: COLUMNS });
  const screen = useActorRef(itemManagementMachine, { input: { table }, inspect: inspection.inspect });
  const editing = useSelector(screen, selectEditing);
  const importing = useSelector(screen, selectImporting);
  const exporting = useSelector(screen, selectExportBusy);
  return (
    <>
      <PageHeader
        title="Item Management"
        subtitle="The catalog of items quotes are built from. Select a row to edit it; an item used on a quote is deactivated, never deleted."
        actions={
          <>
            <Button onPress={() => screen.send({ type: 'catalog.export' })} isPending={exporting} pendingLabel="Exporting">
              Export CSV
            </Button>
            <Button onPress={() => screen.send({ type: 'import.toggle' })}>Import CSV</Button>
            <Button variant="primary" onPress={() => screen.send({ type: 'item.new' })}>
              New item
            </Button>
          </>
        }
      />
      <div className={styles.stack}>
        {editing ? <ItemEditor key={editing === 'new' ? 'new' : editing.id} screen={screen} editing={editing} /> : null}
        {importing ? <ImportCard screen={screen} /> : null}
        <DataTable<CatalogItem> caption="Catalog items" columns={COLUMNS} actor={table} onRowClick={(row) => screen.send({ type: 'item.open', item: row })} />
      </div>
    </>
  );
}
