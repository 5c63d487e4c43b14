import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, type Key } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { SCR_PRIORITIES, SCR_STATUSES, SCR_STATUS_LABELS, scrNumber, scrPath, type ChangeRow } from '@contracts/changes';
import { changeTableMachine, changeTemplatesMachine, selectCreated, selectTemplates } from '../machines/changes.machines';
import { PRIORITY_LABELS, RiskBadge, ScrPriorityBadge, ScrStatusBadge } from './parts';
import styles from './changes.module.css';
import { inspection } from '@/shared/inspection';
import { Badge, Button, Dialog, RelativeTime, SkeletonCard, Switch, Tab, TabList, TabPanel, Tabs } from '@/shared/ui/components';
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
    // The title is cut with an ellipsis; its badges keep their room beside it, on a phone too.
    cell: (r) => (
      <span className={styles.titleCell}>
        <CellText text={r.title}>
          <Link href={`/software/change/request/${r.id}`}>{r.title}</Link>
        </CellText>
        {r.emergency || r.needs_review ? (
          <span className={styles.titleBadges}>
            {r.emergency ? <Badge tone="danger">Emergency</Badge> : null}
            {r.needs_review ? <Badge tone="warning">Needs review</Badge> : null}
          </span>
        ) : null}
      </span>
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
/** The URL key of the review filter (the Review column's filter). */
const NEEDS_REVIEW_KEY = 'f.needs_review';
const ChangeCalendar = lazy(() => import('./ChangeCalendar'));
const ChangeTemplates = lazy(() => import('./ChangeTemplates'));
const NewChangeRequest = lazy(() => import('./NewChangeRequest'));

const VIEWS = ['list', 'calendar', 'templates'] as const;
type View = (typeof VIEWS)[number];

/** The view the address names (`?view=calendar`, `?view=templates`); the list otherwise. Switching keeps only what the view reads. */
function useView(): [View, (key: Key) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const named = new URLSearchParams(search).get('view');
  const view = VIEWS.find((v) => v !== 'list' && v === named) ?? 'list';
  const select = (key: Key) => navigate(key === 'list' ? location : `${location}?view=${String(key)}`);
  return [view, select];
}

/** /software/change/request: the list of change requests, the change calendar (`?view=calendar`) or the standard change templates (`?view=templates`). */
export default function ChangeListScreen() {
  const [view, showView] = useView();
  const screen = useActorRef(changeTemplatesMachine, { input: { templates: view === 'templates' }, inspect: inspection.inspect });
  const templates = useSelector(screen, selectTemplates);
  const selectView = (key: Key) => {
    if (key === 'templates') screen.send({ type: 'templates.show' });
    showView(key);
  };
  const raising = useSelector(screen, (s) => s.matches('raising'));
  const created = useSelector(screen, selectCreated);
  if (created !== null) return <Redirect to={scrPath(created)} />;
  return (
    <SearchPage
      title="Software Change Requests"
      subtitle="Every change a client or the team asked for, from request to release."
      actions={
        <Button variant="primary" onPress={() => screen.send({ type: 'scr.new' })}>
          New change request
        </Button>
      }
    >
      <Tabs selectedKey={view} onSelectionChange={selectView}>
        <TabList aria-label="Views of change requests">
          <Tab id="list">List</Tab>
          <Tab id="calendar">Calendar</Tab>
          <Tab id="templates">Templates</Tab>
        </TabList>
        <TabPanel id="list">{view === 'list' ? <ChangeList /> : null}</TabPanel>
        <TabPanel id="calendar">
          {view === 'calendar' ? (
            <Suspense fallback={<SkeletonCard label="Loading the change calendar" />}>
              <ChangeCalendar />
            </Suspense>
          ) : null}
        </TabPanel>
        <TabPanel id="templates">
          {view === 'templates' ? (
            <Suspense fallback={<SkeletonCard label="Loading the templates" />}>
              <ChangeTemplates templates={templates} screen={screen} />
            </Suspense>
          ) : null}
        </TabPanel>
      </Tabs>
      <Dialog isOpen={raising} onOpenChange={(open) => (open ? undefined : screen.send({ type: 'scr.close' }))} title="New change request" size="md">
        {raising ? (
          <Suspense fallback={<SkeletonCard label="Loading the form" />}>
            <NewChangeRequest screen={screen} templates={templates} />
          </Suspense>
        ) : null}
      </Dialog>
    </SearchPage>
  );
}

/** /software/change/request: every change request in the server-mode data table; search, filters, sort and page live in the URL. */
function ChangeList() {
  const { url, setFilters, tableKey, table } = useUrlSearchTable({ path: '/software/change/request', fields: FIELDS, machine: changeTableMachine, tableId: 'changes', barKeys: [NEEDS_REVIEW_KEY] });
  return (
    <div className={styles.listBody}>
      {/* The review filter at every width (the Review column hides on narrow screens). */}
      <Switch isSelected={url.get(NEEDS_REVIEW_KEY) === 'true'} onChange={(on) => setFilters({ [NEEDS_REVIEW_KEY]: on ? 'true' : '' })}>
        Only emergency changes waiting for review
      </Switch>
      <DataTable<ChangeRow> key={tableKey} caption="Change requests" columns={COLUMNS} {...table} />
    </div>
  );
}
