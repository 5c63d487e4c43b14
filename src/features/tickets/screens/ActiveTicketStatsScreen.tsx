import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { chartSpec, severityTone, statusTone, type ChartSpec, type ChartTone } from '@contracts/charts';
import { ticketStatsDrill, type CountRow, type TicketStats, type TicketStatsBreakdown } from '@contracts/tickets';
import { ticketStatsMachine } from '../machines/tickets.machines';
import { Card, PageHeader, QueryView, SkeletonCard, Stat } from '@/shared/ui/components';
import { Chart } from '@/shared/ui/chart';
import styles from './ActiveTicketStatsScreen.module.css';

type Breakdown = {
  key: TicketStatsBreakdown;
  title: string;
  label: string;
  kind: 'bar' | 'horizontalBar';
  /** Statuses and priorities are drawn in their badge's colour. */
  toneOf?: (code: string) => ChartTone;
};

const BREAKDOWNS: Breakdown[] = [
  { key: 'by_status', title: 'Open tickets by status', label: 'Status', kind: 'horizontalBar', toneOf: statusTone },
  { key: 'by_severity', title: 'Open tickets by priority', label: 'Priority', kind: 'bar', toneOf: severityTone },
  { key: 'by_queue', title: 'Open tickets by queue', label: 'Queue', kind: 'horizontalBar' },
  { key: 'by_age', title: 'Open tickets by age', label: 'Age', kind: 'bar' },
  // Across, so every name reads in full.
  { key: 'by_assignee', title: 'Open tickets by assignee', label: 'Assignee', kind: 'horizontalBar' },
];

function summaryOf(rows: CountRow[], total: number, label: string): string {
  if (!total) return 'No open tickets.';
  const top = [...rows].sort((a, b) => b.count - a.count)[0]!;
  return `${top.label} holds the most open tickets by ${label.toLowerCase()}: ${top.count} of ${total} (${Math.round((100 * top.count) / total)} %).`;
}

/** One chart per breakdown, each bar drilling to the ticket search of exactly its tickets. */
function chartsOf(data: TicketStats): { breakdown: Breakdown; spec: ChartSpec }[] {
  return BREAKDOWNS.map((b) => {
    const rows = data[b.key];
    return {
      breakdown: b,
      spec: chartSpec({
        kind: b.kind,
        title: b.title,
        summary: summaryOf(rows, data.open_total, b.label),
        categories: rows.map((r) => r.label),
        categoryLabel: b.label,
        // Across, the axis name would take the bars' room on a phone; the title names the value.
        ...(b.kind === 'bar' ? { valueLabel: 'Open tickets' } : {}),
        series: [
          {
            name: 'Open tickets',
            values: rows.map((r) => r.count),
            drill: rows.map((r) => (r.count ? ticketStatsDrill(b.key, r.key, data.as_of) : null)),
            ...(b.toneOf ? { tones: rows.map((r) => b.toneOf!(r.key)) } : {}),
          },
        ],
      }),
    };
  });
}

/** Open tickets by status, priority, queue, age and assignee: the one chart component, a click opens the matching tickets. */
export default function ActiveTicketStatsScreen() {
  const actor = useActorRef(ticketStatsMachine, { input: {} });
  const data = useSelector(actor, (s) => s.context.data);
  const [, navigate] = useLocation();
  const charts = useMemo(() => (data ? chartsOf(data) : null), [data]);
  const height = (b: Breakdown, rows: number) => (b.kind === 'horizontalBar' ? Math.max(220, 40 * rows + 60) : 260);

  return (
    <>
      <PageHeader title="Active Ticket Stats" subtitle="Every ticket that is not closed, counted now. Click a bar or a figure to open those tickets." />
      <QueryView
        actor={actor}
        errorTitle="The figures could not be counted"
        loading={
          <div aria-busy="true" aria-label="Counting open tickets" className={styles.charts}>
            <SkeletonCard />
            <SkeletonCard />
          </div>
        }
      >
        {(stats) => (
          <>
            <section className={styles.kpis} aria-label="Totals">
              <Card padding="compact">
                <Stat label="Open tickets" value={stats.open_total} />
              </Card>
              <Card padding="compact">
                <Stat
                  label="Overdue"
                  value={<span className={stats.overdue_total > 0 ? styles.overdue : undefined}>{stats.overdue_total}</span>}
                  hint={stats.open_total ? `${Math.round((100 * stats.overdue_total) / stats.open_total)} % of open` : undefined}
                />
              </Card>
            </section>
            <div className={styles.charts}>
              {(charts ?? []).map(({ breakdown, spec }) => (
                <Card key={breakdown.key}>
                  <Chart spec={spec} height={height(breakdown, spec.categories.length)} onSelect={(href) => navigate(href)} drillHref={(href) => href} />
                </Card>
              ))}
            </div>
          </>
        )}
      </QueryView>
    </>
  );
}
