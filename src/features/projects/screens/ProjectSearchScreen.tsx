import { Link } from 'wouter';
import { PROJECT_STATUSES, type ProjectRow } from '@contracts/projects';
import { projectTableMachine } from '../machines/projects.machines';
import { HoursBar, ProjectStatusBadge } from './parts';
import styles from './projects.module.css';
import { Alert, LinkButton, PlusIcon } from '@/shared/ui/components';
import { CellText, DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { SearchPage } from '@/shared/ui/data-table/SearchPage';
import { useUrlSearchTable } from '@/shared/ui/data-table/url-search-table';
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
/** A report's drill-down (overdue, over budget): kept in the URL and sent with every search. */
const DRILL_KEYS = Object.keys(DRILL);
/** The table, narrowed by the drill-downs asked for (`=true`). */
const drilledTable = (extra: Record<string, string>) => projectTableMachine(Object.fromEntries(Object.entries(extra).filter(([, v]) => v === 'true')));

/** /project/search: every project in the server-mode data table; search, status, sort and page live in the URL. */
export default function ProjectSearchScreen() {
  const { extra, tableKey, table } = useUrlSearchTable({ path: '/project/search', fields: FIELDS, machine: drilledTable, extraKeys: DRILL_KEYS, tableId: 'projects' });
  const drills = DRILL_KEYS.filter((k) => extra[k] === 'true').map((k) => DRILL[k]);

  return (
    <SearchPage
      title="Project Search"
      subtitle="Every project with its owner, due date and hours against budget."
      actions={
        <LinkButton href="/create/project" variant="primary">
          <PlusIcon /> Create Project
        </LinkButton>
      }
      notice={
        drills.length ? (
          <Alert tone="info" title={drills.join(' · ')}>
            <Link href="/project/search">Show every project</Link>
          </Alert>
        ) : null
      }
    >
      <DataTable<ProjectRow> key={tableKey} caption="Projects" columns={COLUMNS} {...table} />
    </SearchPage>
  );
}
