import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { chartSpec } from '@contracts/charts';
import type { HuhyAnswer, HuhyOverview } from '@contracts/sales';
import { Chart } from '@/shared/ui/chart';
import { Alert, Button, Card, ChartFrame, EmptyState, PageHeader, RelativeTime, SkeletonTable } from '@/shared/ui/components';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { huhyMachine } from '../machines/sales.machines';
import { LogActivityButton, SalesFrame } from './ActivityLog';
import { SalesNav, shortMonth } from './parts';
import styles from './sales.module.css';

const COLUMNS: DataTableColumn<HuhyAnswer>[] = [
  { label: 'Received', field: 'createdAt', sortable: true, cell: (a) => <RelativeTime value={a.createdAt} /> },
  { label: 'Company', field: 'company', sortable: true, cell: (a) => (a.companyId ? <Link href={`/sales/company/${a.companyId}`} className={styles.cellLink} title={a.company}>{a.company}</Link> : a.company) },
  { label: 'Contact', field: 'name', sortable: true, priority: 2 },
  { label: 'Email', field: 'email', priority: 3 },
  { label: 'Channel', field: 'channel', sortable: true },
  { label: 'What they said', field: 'detail', priority: 3 },
];

function channelChart(o: HuhyOverview) {
  return chartSpec({
    kind: 'stackedBar',
    title: 'Answers by channel and month',
    summary: `${Object.values(o.totals).reduce((a, b) => a + b, 0)} answers in the last twelve months; most came through ${Object.entries(o.totals).sort((a, b) => b[1] - a[1])[0]?.[0] ?? '—'}.`,
    unit: 'count',
    categories: o.byMonth.map((m) => shortMonth(m.month)),
    categoryLabel: 'Month',
    valueLabel: 'Answers',
    series: o.channels.map((c) => ({ name: c, stack: 'answers', values: o.byMonth.map((m) => m.counts[c] ?? 0) })),
  });
}

function Huhy() {
  const query = useActorRef(huhyMachine, { input: { query: null } });
  const data = useSelector(query, (s) => s.context.data);
  const error = useSelector(query, (s) => s.context.error);
  return (
    <>
      <PageHeader
        title="How Did You Hear About Us"
        subtitle="Answers of the public form at /dtc/huhy/submit, and the channels that bring new clients."
        actions={
          <>
            <Link href="/dtc/huhy/submit">Open the public form</Link>
            <LogActivityButton />
          </>
        }
      />
      <SalesNav />
      {error && !data ? (
        <Alert tone="danger" title="The answers could not be loaded" live>
          {error} <Button size="sm" onPress={() => query.send({ type: 'query.reload' })}>Try again</Button>
        </Alert>
      ) : null}
      {data ? (
        <div className={styles.stack}>
          {data.byMonth.length && data.channels.length ? (
            <ChartFrame title="Breakdown by channel" description="Answers per month, stacked by channel.">
              <Chart spec={channelChart(data)} />
            </ChartFrame>
          ) : (
            <EmptyState title="No answers yet" text="Answers of the public form show here." />
          )}
          <Card padding="none" title="Answers" asRegion>
            <DataTable<HuhyAnswer> caption="Answers" columns={COLUMNS} rows={data.answers} rowKey="id" searchable initialState={{ sort: [{ field: 'createdAt', type: 'desc' }] }} />
          </Card>
        </div>
      ) : !error ? (
        <SkeletonTable />
      ) : null}
    </>
  );
}

/** /sales/huhy. */
export default function HuhyScreen() {
  return (
    <SalesFrame>
      <Huhy />
    </SalesFrame>
  );
}
