import { lazy, Suspense, type Key } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { SCR_PRIORITIES, SCR_STATUSES, SCR_STATUS_LABELS, scrNumber, type ChangeRow } from '@contracts/changes';
import { changeTableMachine } from '../machines/changes.machines';
import { PRIORITY_LABELS, RiskBadge, ScrPriorityBadge, ScrStatusBadge } from './parts';
import styles from './changes.module.css';
import { Badge, RelativeTime, SkeletonCard, Tab, TabList, TabPanel, Tabs } from '@/shared/ui/components';
import { CellText, DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { SearchPage } from '@/shared/ui/data-table/SearchPage';
import { useUrlSearchTable } from '@/shared/ui/data-table/url-search-table';
import { formatDate } from '@/shared/ui/tokens/format';

const COLUMNS: DataTableColumn<ChangeRow>[] = [
  { label: 'Number', field: 'id', width: '6.5rem', cell: (r) => <Link href={`/software/change/request/${r.id}`}>{scrNumber(r.id)}</Link> },
  { label: 'Company', field: 'company', priority: 2 },
  {
    label: 'Title',
    field: 'title',
    cell: (r) => (
      <CellText text={r.title}>
        <Link href={`/software/change/request/${r.id}`}>{r.title}</Link>
        {r.emergency ? (
          <>
            {' '}
            <Badge tone="danger">Emergency</Badge>
          </>
        ) : null}
        {r.needs_review ? (
          <>
            {' '}
            <Badge tone="warning">Needs review</Badge>
          </>
        ) : null}
      </CellText>
    ),
  },
  {
    label: 'Priority',
    field: 'priority',
    width: '8.5rem',
    cell: (r) => <ScrPriorityBadge priority={r.priority} />,
    filterOptions: { enabled: true, placeholder: 'Any priority', filterDropdownItems: SCR_PRIORITIES.map((p) => ({ text: PRIORITY_LABELS[p], value: p })) },
  },
  {
    label: 'Status',
    field: 'status',
    width: '9rem',
    cell: (r) => <ScrStatusBadge status={r.status} />,
    filterOptions: { enabled: true, placeholder: 'Any status', filterDropdownItems: SCR_STATUSES.map((s) => ({ text: SCR_STATUS_LABELS[s], value: s })) },
  },
  {
    label: 'Review',
    field: 'needs_review',
    width: '9rem',
    priority: 2,
    sortable: false,
    cell: (r) => (r.needs_review ? 'Waiting' : r.emergency ? 'Reviewed' : '—'),
    filterOptions: { enabled: true, placeholder: 'Any', filterDropdownItems: [{ text: 'Needs review', value: 'true' }] },
  },
  { label: 'Risk', field: 'risk_score', type: 'number', width: '5.5rem', priority: 3, firstSortType: 'desc', cell: (r) => <RiskBadge score={r.risk_score} /> },
  { label: 'Owner', field: 'owner', priority: 3, cell: (r) => r.owner ?? <span className={styles.muted}>Nobody yet</span> },
  { label: 'Target', field: 'target_date', width: '7.5rem', priority: 4, cell: (r) => (r.target_date ? formatDate(r.target_date, { timeZone: 'UTC' }) : '—') },
  { label: 'Age', field: 'created_at', width: '7rem', firstSortType: 'asc', cell: (r) => <RelativeTime value={r.created_at} /> },
];
const FIELDS = COLUMNS.map((c) => c.field);
const ChangeCalendar = lazy(() => import('./ChangeCalendar'));

/** The view the address names (`?view=calendar`); the list otherwise. Switching keeps only what the view reads. */
function useView(): ['list' | 'calendar', (key: Key) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const view = new URLSearchParams(search).get('view') === 'calendar' ? 'calendar' : 'list';
  const select = (key: Key) => navigate(key === 'calendar' ? `${location}?view=calendar` : location);
  return [view, select];
}

/** /software/change/request: the list of change requests, or (`?view=calendar`) the change calendar. */
export default function ChangeListScreen() {
  const [view, selectView] = useView();
  return (
    <SearchPage title="Software Change Requests" subtitle="Every change a client or the team asked for, from request to release.">
      <Tabs selectedKey={view} onSelectionChange={selectView}>
        <TabList aria-label="Views of change requests">
          <Tab id="list">List</Tab>
          <Tab id="calendar">Calendar</Tab>
        </TabList>
        <TabPanel id="list">{view === 'list' ? <ChangeList /> : null}</TabPanel>
        <TabPanel id="calendar">
          {view === 'calendar' ? (
            <Suspense fallback={<SkeletonCard label="Loading the change calendar" />}>
              <ChangeCalendar />
            </Suspense>
          ) : null}
        </TabPanel>
      </Tabs>
    </SearchPage>
  );
}

/** /software/change/request: every change request in the server-mode data table; search, filters, sort and page live in the URL. */
function ChangeList() {
  const { tableKey, table } = useUrlSearchTable({ path: '/software/change/request', fields: FIELDS, machine: changeTableMachine, tableId: 'changes' });
  return <DataTable<ChangeRow> key={tableKey} caption="Change requests" columns={COLUMNS} {...table} />;
}
