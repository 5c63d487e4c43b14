import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { PERCENT_DECIMALS } from '@contracts/common/constants';
import { severityLabel } from '@contracts/common/codes';
import { chartSpec, severityTone, type ChartSpec } from '@contracts/charts';
import type { ManagementDashboard } from '@contracts/management';
import { managementDashboardMachine } from '../machines/management.machine';
import { Spinner } from '@/shared/ui/Spinner';
import { Card, PageHeader, QueryView, Stat } from '@/shared/ui/components';
import { Chart } from '@/shared/ui/chart';
import styles from './ManagementDashboard.module.css';

/** The charts of the dashboard from its figures: open tickets by priority, and each person's open and overdue work. */
/** Priorities read from the most to the least urgent, whatever order the API lists them in. */
const PRIORITY_ORDER = ['C', 'H', 'M', 'L'];
const rank = (code: string) => (PRIORITY_ORDER.indexOf(code) + PRIORITY_ORDER.length + 1) % (PRIORITY_ORDER.length + 1);

function chartsOf(unsorted: ManagementDashboard): { severity: ChartSpec; team: ChartSpec } {
  const data = { ...unsorted, by_severity: [...unsorted.by_severity].sort((a, b) => rank(a.severity) - rank(b.severity)) };
  const severity = chartSpec({
    kind: 'horizontalBar',
    title: 'Open tickets by priority',
    summary: data.by_severity.map((s) => `${severityLabel(s.severity)}: ${s.open}`).join(', ') || 'No open tickets.',
    categories: data.by_severity.map((s) => severityLabel(s.severity)),
    categoryLabel: 'Priority',
    valueLabel: 'Open tickets',
    series: [{ name: 'Open tickets', values: data.by_severity.map((s) => s.open), tones: data.by_severity.map((s) => severityTone(s.severity)) }],
  });
  const busiest = [...data.team].sort((a, b) => b.open - a.open)[0];
  // Across, so every name reads in full.
  const team = chartSpec({
    kind: 'horizontalBar',
    title: 'Open work by person',
    summary: busiest ? `${busiest.name} has the most open tickets (${busiest.open}, ${busiest.overdue} overdue).` : 'No team members.',
    categories: data.team.map((m) => m.name),
    categoryLabel: 'Person',
    valueLabel: 'Tickets',
    series: [
      { name: 'Open, on time', values: data.team.map((m) => m.open - m.overdue), stack: 'open' },
      { name: 'Overdue', values: data.team.map((m) => m.overdue), stack: 'open' },
      { name: 'Closed (30 days)', values: data.team.map((m) => m.closed_30d) },
    ],
  });
  return { severity, team };
}

export default function ManagementDashboardScreen() {
  const actor = useActorRef(managementDashboardMachine, { input: {} });
  const data = useSelector(actor, (s) => s.context.data);
  const charts = useMemo(() => (data ? chartsOf(data) : null), [data]);

  return (
    <>
      <PageHeader title="Management Dashboard" subtitle="Open and overdue work across the team, and what was closed in the last 30 days." />
      <QueryView actor={actor} loading={<Spinner label="Loading team figures" />} alertClassName={styles.alert}>
        {(figures) => (
          <>
            <section className={styles.kpis} aria-label="Team totals">
              <Card padding="compact">
                <Stat label="Open tickets" value={figures.open} />
              </Card>
              <Card padding="compact">
                <Stat label="Overdue" value={<span className={figures.overdue > 0 ? styles.overdue : undefined}>{figures.overdue}</span>} hint={figures.open ? `${((100 * figures.overdue) / figures.open).toFixed(0)}% of open` : undefined} />
              </Card>
              <Card padding="compact">
                <Stat label="Closed, last 30 days" value={figures.closed_30d} />
              </Card>
              <Card padding="compact">
                <Stat label="Closed on time" value={figures.on_time_pct === null ? '—' : `${figures.on_time_pct.toFixed(PERCENT_DECIMALS)}%`} hint="of tickets closed in the last 30 days" />
              </Card>
            </section>
            {charts ? (
              <div className={styles.charts}>
                <Card>
                  <Chart spec={charts.team} height={Math.max(240, 48 * figures.team.length)} />
                </Card>
                <Card>
                  <Chart spec={charts.severity} height={220} />
                </Card>
              </div>
            ) : null}
          </>
        )}
      </QueryView>
    </>
  );
}
