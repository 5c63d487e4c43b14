import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { PERCENT_DECIMALS } from '@contracts/common/constants';
import { severityLabel } from '@contracts/common/codes';
import { chartSpec, type ChartSpec } from '@contracts/charts';
import type { ManagementDashboard } from '@contracts/management';
import { managementDashboardMachine } from '../machines/management.machine';
import { Spinner } from '@/shared/ui/Spinner';
import { Card, Stat } from '@/shared/ui/components';
import { Chart } from '@/shared/ui/chart';
import styles from './ManagementDashboard.module.css';

/** The charts of the dashboard from its figures: open tickets by priority, and each person's open and overdue work. */
function chartsOf(data: ManagementDashboard): { severity: ChartSpec; team: ChartSpec } {
  const severity = chartSpec({
    kind: 'horizontalBar',
    title: 'Open tickets by priority',
    summary: data.by_severity.map((s) => `${severityLabel(s.severity)}: ${s.open}`).join(', ') || 'No open tickets.',
    categories: data.by_severity.map((s) => severityLabel(s.severity)),
    categoryLabel: 'Priority',
    valueLabel: 'Open tickets',
    series: [{ name: 'Open tickets', values: data.by_severity.map((s) => s.open) }],
  });
  const busiest = [...data.team].sort((a, b) => b.open - a.open)[0];
  const team = chartSpec({
    kind: 'stackedBar',
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
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const charts = useMemo(() => (data ? chartsOf(data) : null), [data]);

  return (
    <>
      <h1>Management Dashboard</h1>
      {loading && !data ? <Spinner label="Loading team figures" /> : null}
      {error ? (
        <div className="form-error" role="alert">
          {error}
        </div>
      ) : null}
      {data && charts ? (
        <>
          <section className={styles.kpis} aria-label="Team totals">
            <Card padding="compact">
              <Stat label="Open tickets" value={data.open} />
            </Card>
            <Card padding="compact">
              <Stat label="Overdue" value={<span className={data.overdue > 0 ? styles.overdue : undefined}>{data.overdue}</span>} hint={data.open ? `${((100 * data.overdue) / data.open).toFixed(0)}% of open` : undefined} />
            </Card>
            <Card padding="compact">
              <Stat label="Closed, last 30 days" value={data.closed_30d} />
            </Card>
            <Card padding="compact">
              <Stat label="Closed on time" value={data.on_time_pct === null ? '—' : `${data.on_time_pct.toFixed(PERCENT_DECIMALS)}%`} hint="of tickets closed in the last 30 days" />
            </Card>
          </section>
          <div className={styles.charts}>
            <Card>
              <Chart spec={charts.team} height={Math.max(240, 48 * data.team.length)} />
            </Card>
            <Card>
              <Chart spec={charts.severity} height={220} />
            </Card>
          </div>
        </>
      ) : null}
    </>
  );
}
