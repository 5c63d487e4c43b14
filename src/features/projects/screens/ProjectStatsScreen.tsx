import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { chartSpec } from '@contracts/charts';
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, type ProjectRow, type ProjectStats } from '@contracts/projects';
import { projectStatsMachine } from '../machines/projects.machines';
import { HoursBar, ProjectStatusBadge } from './parts';
import styles from './projects.module.css';
import { Chart } from '@/shared/ui/chart';
import { Card, ChartFrame, PageHeader, QueryView, SkeletonCard, Stat } from '@/shared/ui/components';
import { SimpleTable } from '@/shared/ui/SimpleTable';
import { formatDate } from '@/shared/ui/tokens/format';

/** The charts of the stats screen, from the server's figures. */
export function statsCharts(stats: ProjectStats) {
  const total = PROJECT_STATUSES.reduce((a, s) => a + stats.by_status[s], 0);
  const byStatus = chartSpec({
    kind: 'bar',
    title: 'Projects by status',
    summary: `${total} projects: ${PROJECT_STATUSES.map((s) => `${stats.by_status[s]} ${PROJECT_STATUS_LABELS[s].toLowerCase()}`).join(', ')}.`,
    categories: PROJECT_STATUSES.map((s) => PROJECT_STATUS_LABELS[s]),
    categoryLabel: 'Status',
    valueLabel: 'Projects',
    series: [{ name: 'Projects', values: PROJECT_STATUSES.map((s) => stats.by_status[s]), drill: PROJECT_STATUSES.map((s) => `status:${s}`) }],
  });
  const velocity = stats.velocity.length
    ? chartSpec({
        kind: 'bar',
        title: 'Velocity of the last sprints',
        summary: `Points done in the last ${stats.velocity.length} closed sprints: ${stats.velocity.map((v) => `${v.name} ${v.done_points} of ${v.committed_points}`).join('; ')}.`,
        categories: stats.velocity.map((v, i) => `${v.name} (${v.project_name})`.slice(0, 110) + (stats.velocity.slice(0, i).some((w) => `${w.name} (${w.project_name})` === `${v.name} (${v.project_name})`) ? ` ${i}` : '')),
        categoryLabel: 'Sprint',
        valueLabel: 'Points',
        series: [
          { name: 'Committed', values: stats.velocity.map((v) => v.committed_points), drill: stats.velocity.map((v) => `sprint:${v.id}`) },
          { name: 'Done', values: stats.velocity.map((v) => v.done_points), drill: stats.velocity.map((v) => `sprint:${v.id}`) },
        ],
      })
    : null;
  return { byStatus, velocity };
}

/** Where a drill key of the stats charts leads. */
export const drillHref = (key: string) => {
  const [kind, value] = key.split(':');
  return kind === 'sprint' ? `/project/sprint/${value}` : `/project/search?status=${value}`;
};

const projectColumns = (late: boolean) => [
  { header: 'Project', cell: (p: ProjectRow) => <Link href={`/project/${p.id}`}>{p.name}</Link> },
  { header: 'Company', cell: (p: ProjectRow) => p.company_name },
  { header: 'Status', cell: (p: ProjectRow) => <ProjectStatusBadge status={p.status} /> },
  late ? { header: 'Due', cell: (p: ProjectRow) => formatDate(p.due_date) } : { header: 'Hours / budget', cell: (p: ProjectRow) => <HoursBar used={p.hours_used} budget={p.budget_hours} /> },
];

/** /active/project/stats: projects by status, overdue, over budget, and the velocity of the last sprints. */
export default function ProjectStatsScreen() {
  const [, navigate] = useLocation();
  const query = useActorRef(projectStatsMachine, { input: {} });
  const stats = useSelector(query, (s) => s.context.data);
  const charts = useMemo(() => (stats ? statsCharts(stats) : null), [stats]);
  return (
    <div className={styles.page}>
      <PageHeader title="Active Project Stats" subtitle="Where the projects stand; every figure opens its list." />
      <QueryView actor={query} errorTitle="The figures could not be loaded" loading={<SkeletonCard />}>
        {(figures) =>
          charts ? (
            <>
              <div className={styles.stats}>
                <Card padding="compact"><Stat label="Active" value={<Link href="/project/search?status=active">{figures.by_status.active}</Link>} /></Card>
                <Card padding="compact"><Stat label="Overdue" value={<Link href="/project/search?overdue=true">{figures.overdue.length}</Link>} hint="Open past their due date" /></Card>
                <Card padding="compact"><Stat label="Over budget" value={<Link href="/project/search?over_budget=true">{figures.over_budget.length}</Link>} hint="More hours logged than budgeted" /></Card>
                <Card padding="compact"><Stat label="On hold" value={<Link href="/project/search?status=on_hold">{figures.by_status.on_hold}</Link>} /></Card>
              </div>
              <div className={styles.grid2}>
                <ChartFrame title="Projects by status">
                  <Chart spec={charts.byStatus} onSelect={(k) => navigate(drillHref(k))} drillHref={drillHref} />
                </ChartFrame>
                <ChartFrame title="Velocity">
                  {charts.velocity ? <Chart spec={charts.velocity} onSelect={(k) => navigate(drillHref(k))} drillHref={drillHref} /> : <p className={styles.muted}>No closed sprints yet.</p>}
                </ChartFrame>
              </div>
              <div className={styles.grid2}>
                <Card title="Overdue projects" actions={<Link href="/project/search?overdue=true">All overdue</Link>}>
                  {figures.overdue.length ? <SimpleTable columns={projectColumns(true)} rows={figures.overdue} rowKey={(p) => p.id} /> : <p className={styles.muted}>No project is overdue.</p>}
                </Card>
                <Card title="Over budget" actions={<Link href="/project/search?over_budget=true">All over budget</Link>}>
                  {figures.over_budget.length ? <SimpleTable columns={projectColumns(false)} rows={figures.over_budget} rowKey={(p) => p.id} /> : <p className={styles.muted}>No project is over its hours budget.</p>}
                </Card>
              </div>
            </>
          ) : null
        }
      </QueryView>
    </div>
  );
}
