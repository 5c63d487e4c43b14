import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Link, useLocation, useSearch } from 'wouter';
import { chartSpec } from '@contracts/charts';
import { formatMoney } from '@contracts/quote-money';
import { ACTIVITY_KINDS, ACTIVITY_PLURALS, attainment, type ActivityCounts, type ActivityKind, type SalesDashboard } from '@contracts/sales';
import { Chart } from '@/shared/ui/chart';
import { Alert, Button, Card, ChartFrame, EmptyState, PageHeader, Select, SkeletonCard, SkeletonTable, Stat, VisuallyHidden } from '@/shared/ui/components';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { formatDate } from '@/shared/ui/tokens/format';
import { salesDashboardMachine, selectDashboard, selectList, selectListKey, type DashboardList } from '../machines/sales-dashboard.machine';
import { LogActivityButton, SalesFrame, useActivityLog } from './ActivityLog';
import { monthLabel, recentMonths, SalesNav } from './parts';
import styles from './sales.module.css';
import type { Activity } from '@contracts/sales';
import { ScrollBox } from '@/shared/ui/ScrollBox';

const TILE_KINDS: (keyof ActivityCounts)[] = ['call', 'letter', 'lead', 'sale', 'revenue'];
const TILE_LABEL: Record<keyof ActivityCounts, string> = { ...ACTIVITY_PLURALS, revenue: 'Closed revenue' };
const show = (k: keyof ActivityCounts, v: number) => (k === 'revenue' ? formatMoney(v) : new Intl.NumberFormat('en-US').format(v));

function Tile({ kind, actual, target, href }: { kind: keyof ActivityCounts; actual: number; target: number; href: string }) {
  const pct = attainment(actual, target);
  return (
    <Link href={href} className={styles.tile} data-testid={`tile-${kind}`}>
      <span className={styles.tileLabel}>{TILE_LABEL[kind]}</span>
      <span className={styles.tileValue}>{show(kind, actual)}</span>
      {target > 0 ? (
        <>
          <meter className={styles.meter} min={0} max={target} low={target * 0.5} high={target * 0.9} optimum={target} value={Math.min(actual, target)} aria-label={`${TILE_LABEL[kind]} against target`} />
          <span className={styles.tileHint}>
            {pct} % of {show(kind, target)} target
          </span>
        </>
      ) : (
        <span className={styles.tileHint}>No target set</span>
      )}
    </Link>
  );
}

function activityChart(d: SalesDashboard) {
  const days = d.daily.map((x) => x.day.slice(8));
  return chartSpec({
    kind: 'stackedBar',
    title: 'Activity by day',
    summary: `${d.total.actual.call} calls, ${d.total.actual.letter} letters, ${d.total.actual.lead} new leads and ${d.total.actual.sale} closed sales in ${monthLabel(d.month)}.`,
    unit: 'count',
    categories: days,
    categoryLabel: 'Day',
    valueLabel: 'Activities',
    series: ACTIVITY_KINDS.map((k) => ({ name: ACTIVITY_PLURALS[k], stack: 'all', values: d.daily.map((x) => x[k]) })),
  });
}

function targetChart(d: SalesDashboard) {
  return chartSpec({
    kind: 'bar',
    title: 'Closed revenue against target',
    summary: d.reps.map((r) => `${r.name} ${formatMoney(r.actual.revenue)} of ${formatMoney(r.target.revenue)}`).join('; ') || 'No reps this month.',
    unit: 'money',
    currency: 'USD',
    categories: d.reps.map((r) => r.name),
    categoryLabel: 'Rep',
    valueLabel: 'Revenue',
    series: [
      { name: 'Closed', values: d.reps.map((r) => r.actual.revenue), drill: d.reps.map((r) => `/sales/dashboard?month=${d.month}&list=sale&staff=${r.staffId}`) },
      { name: 'Target', values: d.reps.map((r) => r.target.revenue) },
    ],
  });
}

function pipelineChart(d: SalesDashboard) {
  const open = d.pipeline.byStatus.filter((b) => b.status === 'draft' || b.status === 'sent');
  return chartSpec({
    kind: 'bar',
    title: 'Open pipeline, total and weighted',
    summary: `Open pipeline ${formatMoney(d.pipeline.openCents)}, weighted by probability ${formatMoney(d.pipeline.weightedCents)}.`,
    unit: 'money',
    currency: 'USD',
    categories: open.map((b) => `${b.status[0]!.toUpperCase()}${b.status.slice(1)} (${b.probability} %)`),
    categoryLabel: 'Status',
    valueLabel: 'Value',
    series: [
      { name: 'Total', values: open.map((b) => b.totalCents), drill: open.map((b) => `/sales/quotes?status=${b.status}`) },
      { name: 'Weighted', values: open.map((b) => b.weightedCents) },
    ],
  });
}

const LIST_COLUMNS: DataTableColumn<Activity>[] = [
  { label: 'Date', field: 'occurredOn', cell: (a) => formatDate(a.occurredOn), sortable: true },
  { label: 'Company', field: 'companyName', cell: (a) => <Link href={`/sales/company/${a.companyId}`}>{a.companyName}</Link>, sortable: true },
  { label: 'Rep', field: 'staffName', sortable: true },
  { label: 'Amount', field: 'amountCents', cell: (a) => (a.amountCents === null ? '—' : formatMoney(a.amountCents)), priority: 2 },
  { label: 'Channel', field: 'channelName', cell: (a) => a.channelName ?? '—', priority: 3 },
  { label: 'Notes', field: 'notes', priority: 3 },
];

type DashboardActor = ActorRefFrom<typeof salesDashboardMachine>;

/** The list the address drills into: a known kind's activities in the month, of one rep or every rep. */
const listOf = (kind: string | null, month: string, staffId?: number): DashboardList | null =>
  kind && (ACTIVITY_KINDS as readonly string[]).includes(kind) ? { kind: kind as ActivityKind, month, staffId } : null;

function DrillList({ screen, list: { kind, month } }: { screen: DashboardActor; list: DashboardList }) {
  const rows = useSelector(useSelector(screen, selectList), (s) => s?.context.data);
  const key = useSelector(screen, selectListKey);
  return (
    <Card title={`${ACTIVITY_PLURALS[kind]} · ${monthLabel(month)}`} description="The activities behind the tile, newest first." padding="none" asRegion actions={<Link href={`/sales/dashboard?month=${month}`}>Close list</Link>}>
      {rows ? (
        <DataTable<Activity> key={key} caption={`${ACTIVITY_PLURALS[kind]} in ${monthLabel(month)}`} columns={LIST_COLUMNS} rows={rows} rowKey="id" />
      ) : (
        <SkeletonTable />
      )}
    </Card>
  );
}

function Dashboard() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const months = useMemo(() => recentMonths(), []);
  const month = params.get('month') ?? months.at(-1)!;
  const listed = params.get('list');
  const staff = params.get('staff') ? Number(params.get('staff')) : undefined;
  const list = listOf(listed, month, staff);
  const { log } = useActivityLog();
  const screen = useActorRef(salesDashboardMachine, { input: { log, month, list } });
  const query = useSelector(screen, selectDashboard);
  // The address says which month and which list show; the machine loads what changed.
  useEffect(() => {
    screen.send({ type: 'month.show', month });
  }, [screen, month]);
  useEffect(() => {
    screen.send({ type: 'list.show', list: listOf(listed, month, staff) });
  }, [screen, listed, month, staff]);
  const data = useSelector(query, (s) => (s.context.data?.month === month ? s.context.data : null));
  const error = useSelector(query, (s) => s.context.error);
  const href = (kind: ActivityKind) => `/sales/dashboard?month=${month}&list=${kind}`;
  return (
    <>
      <PageHeader
        title="Sales Dashboard"
        subtitle={`Activity against targets, the pipeline and the leaderboard for ${monthLabel(month)}.`}
        actions={
          <>
            <Select
              label="Month"
              items={months.map((m) => ({ id: m, label: monthLabel(m) }))}
              value={month}
              onChange={(k) => k && navigate(`/sales/dashboard?month=${String(k)}`)}
            />
            <LogActivityButton />
          </>
        }
      />
      <SalesNav />
      <div className={styles.stack}>
        {error && !data ? (
          <Alert tone="danger" title="The dashboard could not be loaded" live>
            {error} <Button size="sm" onPress={() => query.send({ type: 'query.reload' })}>Try again</Button>
          </Alert>
        ) : null}
        {data ? (
          <>
            <section aria-label="This month against targets" className={styles.tiles}>
              {TILE_KINDS.map((k) => (
                <Tile key={k} kind={k} actual={data.total.actual[k]} target={data.total.target[k]} href={href(k === 'revenue' ? 'sale' : k)} />
              ))}
            </section>
            {list ? <DrillList screen={screen} list={list} /> : null}
            <Card title="Per rep" description="Actual / monthly target." padding="none" asRegion>
              {data.reps.length ? (
                <ScrollBox label="Activity per rep against targets" className={styles.tableWrap}>
                  <table className={styles.table}>
                    <caption>
                      <VisuallyHidden>Activity per rep against targets</VisuallyHidden>
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">Rep</th>
                        {TILE_KINDS.map((k) => (
                          <th key={k} scope="col" className={styles.num}>
                            {TILE_LABEL[k]}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {data.reps.map((r) => (
                        <tr key={r.staffId}>
                          <th scope="row">{r.name}</th>
                          {TILE_KINDS.map((k) => (
                            <td key={k} className={styles.num}>
                              <Link href={`/sales/dashboard?month=${month}&list=${k === 'revenue' ? 'sale' : k}&staff=${r.staffId}`}>{show(k, r.actual[k])}</Link>
                              <span className={styles.muted}> / {show(k, r.target[k])}</span>
                            </td>
                          ))}
                        </tr>
                      ))}
                      <tr className={styles.total}>
                        <th scope="row">Total</th>
                        {TILE_KINDS.map((k) => (
                          <td key={k} className={styles.num} data-testid={`total-${k}`}>
                            {show(k, data.total.actual[k])} <span className={styles.muted}>/ {show(k, data.total.target[k])}</span>
                          </td>
                        ))}
                      </tr>
                    </tbody>
                  </table>
                </ScrollBox>
              ) : (
                <EmptyState title="No activity yet this month" text="Log a call, a letter, a lead or a sale and it shows here." />
              )}
            </Card>
            <div className={styles.grid2}>
              <ChartFrame title="Activity by day" description={`Every rep, ${monthLabel(month)}.`}>
                <Chart spec={activityChart(data)} />
              </ChartFrame>
              <ChartFrame title="Closed revenue against target" description="Select a bar to list that rep's sales.">
                <Chart spec={targetChart(data)} onSelect={(key) => navigate(key)} drillHref={(key) => key} />
              </ChartFrame>
            </div>
            <div className={styles.grid2}>
              <ChartFrame title="Pipeline" description="Open quotes by status; weighted by the probability set in Sales Settings.">
                <div className={styles.row}>
                  <Stat label="Open pipeline" value={formatMoney(data.pipeline.openCents)} />
                  <Stat label="Weighted" value={formatMoney(data.pipeline.weightedCents)} />
                </div>
                <Chart spec={pipelineChart(data)} onSelect={(key) => navigate(key)} drillHref={(key) => key} />
              </ChartFrame>
              <Card title="Leaderboard" description="Closed revenue this month, then sales, then calls." asRegion>
                {data.leaderboard.length ? (
                  <ol className={styles.leaders}>
                    {data.leaderboard.map((l, i) => (
                      <li key={l.staffId}>
                        <span className={styles.rank}>{i + 1}</span>
                        <span>
                          {l.name}
                          <span className={styles.muted}>
                            {' '}
                            · {l.sales} {l.sales === 1 ? 'sale' : 'sales'} · {l.calls} {l.calls === 1 ? 'call' : 'calls'}
                          </span>
                        </span>
                        <span className={styles.num}>{formatMoney(l.revenue)}</span>
                      </li>
                    ))}
                  </ol>
                ) : (
                  <p className={styles.muted}>Nobody has logged anything this month yet.</p>
                )}
              </Card>
            </div>
          </>
        ) : !error ? (
          <div aria-busy="true" aria-label="Loading the dashboard" className={styles.stack}>
            <div className={styles.tiles}>
              <SkeletonCard />
              <SkeletonCard />
              <SkeletonCard />
              <SkeletonCard />
            </div>
            <SkeletonTable />
          </div>
        ) : null}
      </div>
    </>
  );
}

/** /sales/dashboard: this month's activity against targets per rep and in total, charts, the pipeline and the leaderboard; tiles drill to their list. */
export default function DashboardScreen() {
  return (
    <SalesFrame>
      <Dashboard />
    </SalesFrame>
  );
}
