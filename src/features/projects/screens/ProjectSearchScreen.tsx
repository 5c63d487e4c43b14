import { useCallback, useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { PROJECT_STATUSES, type ProjectRow } from '@contracts/projects';
import { projectTableMachine } from '../machines/projects.machines';
import { HoursBar, ProjectStatusBadge } from './parts';
import styles from './projects.module.css';
import { queryFromSearchParams, queryToSearchParams } from '@/shared/machines/table/table.model';
import type { TableQuery } from '@/shared/machines/table/table.types';
import { Alert, LinkButton, PageHeader, PlusIcon } from '@/shared/ui/components';
import { CellText, DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { formatDate } from '@/shared/ui/tokens/format';

const today = () => new Date().toISOString().slice(0, 10);
const COLUMNS: DataTableColumn<ProjectRow>[] = [
  {
    label: 'Name',
    field: 'name',
    cell: (p) => (
      <CellText text={p.name}>
        <Link href={`/project/${p.id}`}>{p.name}</Link>
      </CellText>
    ),
  },
  { label: 'Company', field: 'company_name', priority: 2 },
  { label: 'Owner', field: 'owner_name', priority: 3 },
  {
    label: 'Status',
    field: 'status',
    cell: (p) => <ProjectStatusBadge status={p.status} />,
    filterOptions: { enabled: true, placeholder: 'Any status', filterDropdownItems: PROJECT_STATUSES },
  },
  {
    label: 'Due',
    field: 'due_date',
    priority: 2,
    cell: (p) => {
      if (!p.due_date) return '—';
      const late = p.due_date < today() && (p.status === 'planned' || p.status === 'active' || p.status === 'on_hold');
      return <span className={late ? styles.overText : undefined}>{formatDate(p.due_date)}{late ? ' · overdue' : ''}</span>;
    },
  },
  { label: 'Hours used / budget', field: 'hours_used', type: 'number', width: '11rem', firstSortType: 'desc', cell: (p) => <HoursBar used={p.hours_used} budget={p.budget_hours} /> },
];
const FIELDS = COLUMNS.map((c) => c.field);
const DRILL: Record<string, string> = { overdue: 'Overdue projects only', over_budget: 'Projects over their hours budget only' };

/** /project/search: every project in the server-mode data table; search, status, sort and page live in the URL. */
export default function ProjectSearchScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const extra = useMemo(() => {
    const out: Record<string, string> = {};
    for (const key of Object.keys(DRILL)) if (params.get(key) === 'true') out[key] = 'true';
    return out;
    // The drill-down filter is fixed for the screen's life; the table's own query follows the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const machine = useMemo(() => projectTableMachine(extra), [extra]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initialState = useMemo(() => queryFromSearchParams(params, FIELDS), []);
  const onQueryChange = useCallback(
    (q: TableQuery) => {
      const next = queryToSearchParams(q);
      for (const [k, v] of Object.entries(extra)) next.set(k, v);
      const text = next.toString();
      navigate(`/project/search${text ? `?${text}` : ''}`, { replace: true });
    },
    [navigate, extra],
  );
  const drills = Object.keys(extra).map((k) => DRILL[k]);

  return (
    <>
      <PageHeader
        title="Project Search"
        subtitle="Every project with its owner, due date and hours against budget."
        actions={
          <LinkButton href="/create/project" variant="primary">
            <PlusIcon /> Create Project
          </LinkButton>
        }
      />
      {drills.length ? (
        <Alert tone="info" title={drills.join(' · ')}>
          <Link href="/project/search">Show every project</Link>
        </Alert>
      ) : null}
      <DataTable<ProjectRow> tableId="projects" caption="Projects" columns={COLUMNS} machine={machine} mode="server" initialState={initialState} onQueryChange={onQueryChange} />
    </>
  );
}
