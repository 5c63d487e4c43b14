import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { SPRINT_STATUSES, type SprintRow } from '@contracts/projects';
import { sprintListMachine } from '../machines/projects.machines';
import { SprintStatusBadge } from './parts';
import styles from './projects.module.css';
import { Alert, Card, PageHeader, Stat } from '@/shared/ui/components';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { formatDate } from '@/shared/ui/tokens/format';

const COLUMNS: DataTableColumn<SprintRow>[] = [
  { label: 'Sprint', field: 'name', cell: (s) => <Link href={`/project/sprint/${s.id}`}>{s.name}</Link> },
  { label: 'Project', field: 'project_name', cell: (s) => <Link href={`/project/${s.project_id}`}>{s.project_name}</Link> },
  {
    label: 'Status',
    field: 'status',
    cell: (s) => <SprintStatusBadge status={s.status} />,
    filterOptions: { enabled: true, placeholder: 'Any status', filterDropdownItems: SPRINT_STATUSES },
  },
  { label: 'Start', field: 'start_date', cell: (s) => formatDate(s.start_date) },
  { label: 'End', field: 'end_date', cell: (s) => formatDate(s.end_date) },
  { label: 'Goal', field: 'goal', cell: (s) => s.goal || '—' },
  { label: 'Committed', field: 'committed_points', type: 'number' },
  { label: 'Done', field: 'done_points', type: 'number' },
];

/** The average points done over the last closed sprints: the velocity planning goes by. */
export function velocityOf(sprints: readonly SprintRow[], last = 3): number | null {
  const closed = sprints.filter((s) => s.status === 'closed').sort((a, b) => (a.end_date < b.end_date ? 1 : -1)).slice(0, last);
  if (!closed.length) return null;
  return Math.round((closed.reduce((a, s) => a + s.done_points, 0) / closed.length) * 10) / 10;
}

/** /project/sprints: every sprint across the projects, active first, with points committed and done. */
export default function SprintsScreen() {
  const query = useActorRef(sprintListMachine, { input: { query: {} } });
  const sprints = useSelector(query, (s) => s.context.data?.sprints);
  const error = useSelector(query, (s) => s.context.error);
  const all = sprints ?? [];
  const velocity = velocityOf(all);
  return (
    <div className={styles.page}>
      <PageHeader title="Programming Sprints" subtitle="Sprints across projects: planned, active and closed." />
      {error ? <Alert tone="danger" title="The sprints could not be loaded" live>{error}</Alert> : null}
      <div className={styles.stats}>
        <Card padding="compact"><Stat label="Active" value={sprints ? all.filter((s) => s.status === 'active').length : '…'} /></Card>
        <Card padding="compact"><Stat label="Planned" value={sprints ? all.filter((s) => s.status === 'planned').length : '…'} /></Card>
        <Card padding="compact"><Stat label="Closed" value={sprints ? all.filter((s) => s.status === 'closed').length : '…'} /></Card>
        <Card padding="compact"><Stat label="Velocity" value={velocity === null ? '—' : `${velocity} pt`} hint="Average done over the last 3 closed sprints" /></Card>
      </div>
      <DataTable<SprintRow> caption="Sprints" columns={COLUMNS} rows={all} isLoading={!sprints && !error} />
    </div>
  );
}
