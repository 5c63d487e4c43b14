import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { formatMoney } from '@contracts/quote-money';
import type { SalesCustomer } from '@contracts/sales';
import { Badge, Card, PageHeader, QueryView, SkeletonTable } from '@/shared/ui/components';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { customersScreenMachine, selectCustomers } from '../machines/sales-view.machine';
import { LogActivityButton, SalesFrame, useActivityLog } from './ActivityLog';
import { DaysAgo, SalesNav } from './parts';
import styles from './sales.module.css';

const STATUS_TONE = { active: 'success', prospect: 'info', inactive: 'neutral' } as const;

export const CUSTOMER_COLUMNS: DataTableColumn<SalesCustomer>[] = [
  { label: 'Company', field: 'name', sortable: true, cell: (c) => <Link href={`/sales/company/${c.id}`} className={styles.cellLink} title={c.name}>{c.name}</Link> },
  { label: 'Status', field: 'status', sortable: true, cell: (c) => <Badge tone={STATUS_TONE[c.status]}>{c.status}</Badge>, width: '110px' },
  { label: 'Territory', field: 'territory', sortable: true, cell: (c) => c.territory ?? '—', priority: 2 },
  { label: 'Account manager', field: 'accountManager', sortable: true, cell: (c) => c.accountManager ?? '—', priority: 3 },
  { label: 'Last activity', field: 'lastActivityOn', sortable: true, type: 'date', cell: (c) => <DaysAgo day={c.lastActivityOn} />, priority: 2 },
  { label: 'Lifetime revenue', field: 'lifetimeCents', sortable: true, type: 'number', cell: (c) => <span className={styles.num}>{formatMoney(c.lifetimeCents)}</span> },
  { label: 'Open pipeline', field: 'pipelineCents', sortable: true, type: 'number', cell: (c) => <span className={styles.num}>{formatMoney(c.pipelineCents)}</span>, priority: 2 },
];

function Customers() {
  const { log } = useActivityLog();
  const screen = useActorRef(customersScreenMachine, { input: { log, query: null } });
  const query = useSelector(screen, selectCustomers);
  return (
    <>
      <PageHeader title="Sales Customers" subtitle="Every company with its status, territory, account manager, last activity, lifetime closed revenue and open pipeline." actions={<LogActivityButton />} />
      <SalesNav />
      <Card padding="none">
        <QueryView actor={query} errorTitle="The customers could not be loaded" loading={<SkeletonTable />}>
          {(rows) => <DataTable<SalesCustomer> caption="Customers" columns={CUSTOMER_COLUMNS} rows={rows} rowKey="id" searchable tableId="sales-customers" initialState={{ sort: [{ field: 'lifetimeCents', type: 'desc' }] }} />}
        </QueryView>
      </Card>
    </>
  );
}

/** /sales/customers. */
export default function CustomersScreen() {
  return (
    <SalesFrame>
      <Customers />
    </SalesFrame>
  );
}
