import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { chartSpec } from '@contracts/charts';
import { HUHY_STATUS_LABELS, type HuhyAnswer, type HuhyOverview, type PendingHuhyAnswer } from '@contracts/sales';
import { Chart } from '@/shared/ui/chart';
import { Alert, Badge, Button, Card, ChartFrame, EmptyState, PageHeader, RelativeTime, SkeletonTable } from '@/shared/ui/components';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { huhyScreenMachine, selectAnswers, selectReview, selectReviewing } from '../machines/huhy-screen.machine';
import { LogActivityButton, SalesFrame } from './ActivityLog';
import { HuhyReviewDialog } from './HuhyReview';
import { SalesNav, shortMonth } from './parts';
import styles from './sales.module.css';

const COLUMNS: DataTableColumn<HuhyAnswer>[] = [
  { label: 'Received', field: 'createdAt', sortable: true, cell: (a) => <RelativeTime value={a.createdAt} /> },
  { label: 'Company', field: 'company', sortable: true, cell: (a) => (a.companyId ? <Link href={`/sales/company/${a.companyId}`} className={styles.cellLink} title={a.company}>{a.company}</Link> : a.company) },
  { label: 'Contact', field: 'name', sortable: true, priority: 2 },
  { label: 'Email', field: 'email', priority: 3 },
  { label: 'Channel', field: 'channel', sortable: true },
  { label: 'What they said', field: 'detail', priority: 3 },
  { label: 'Status', field: 'status', sortable: true, priority: 2, cell: (a) => <Badge tone={a.status === 'pending' ? 'warning' : 'success'}>{HUHY_STATUS_LABELS[a.status]}</Badge> },
];

/** The answers waiting for review: what was typed, the company its name matches, and the review. */
function pendingColumns(review: (a: PendingHuhyAnswer) => void): DataTableColumn<PendingHuhyAnswer>[] {
  return [
    { label: 'Received', field: 'createdAt', sortable: true, priority: 2, cell: (a) => <RelativeTime value={a.createdAt} /> },
    { label: 'Company typed', field: 'company', sortable: true },
    { label: 'Contact', field: 'name', priority: 2 },
    { label: 'Email', field: 'email', priority: 3 },
    { label: 'Channel', field: 'channel', priority: 3 },
    {
      label: 'Matches',
      field: 'match',
      value: (a) => a.match?.name ?? '',
      priority: 2,
      cell: (a) => (a.match ? <Link href={`/sales/company/${a.match.id}`} className={styles.cellLink} title={a.match.name}>{a.match.name}</Link> : <span className={styles.muted}>No match</span>),
    },
    {
      label: 'Review',
      field: 'actions',
      sortable: false,
      globalSearchDisabled: true,
      width: '7rem',
      cell: (a) => (
        <Button size="sm" onPress={() => review(a)} aria-label={`Review the answer from ${a.name}`}>
          Review
        </Button>
      ),
    },
  ];
}

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
  const screen = useActorRef(huhyScreenMachine);
  const query = useSelector(screen, selectAnswers);
  const data = useSelector(query, (s) => s.context.data);
  const error = useSelector(query, (s) => s.context.error);
  const reviewing = useSelector(screen, selectReviewing);
  const review = useSelector(screen, selectReview);
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
          {data.pending.length ? (
            <Card
              padding="none"
              title="Waiting for review"
              description="A public answer touches no company until it is confirmed: add it to the company it names, make it a new prospect, or discard it."
              asRegion
            >
              <DataTable<PendingHuhyAnswer> caption="Answers waiting for review" columns={pendingColumns((answer) => screen.send({ type: 'review.open', answer }))} rows={data.pending} rowKey="id" searchable={false} />
            </Card>
          ) : null}
          {data.byMonth.length && data.channels.length ? (
            <ChartFrame title="Breakdown by channel" description="Answers per month, stacked by channel; answers waiting for review count too.">
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
      {reviewing && review ? <HuhyReviewDialog answer={reviewing} review={review} onClose={() => screen.send({ type: 'review.close' })} /> : null}
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
