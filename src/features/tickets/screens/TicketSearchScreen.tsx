import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { QUEUES, SEVERITIES, TICKET_STATUSES } from '@contracts/common/codes';
import { TICKET_SLA_FILTERS, type TicketRow, type TicketSlaFilter } from '@contracts/tickets';
import { CompanyPicker, pickedCompanyName, pickedStaffName, StaffPicker } from '@/shared/pickers';
import { createTicketTableMachine, ticketCompanyNameMachine } from '../machines/tickets.machines';
import { ticketViewsMachine } from '../machines/ticket-views.machine';
import { selectOutdated, ticketChangesMachine, type TicketChangesActor } from '../machines/ticket-changes.machine';
import type { TableQuery } from '@/shared/machines/table/table.types';
import { inspection } from '@/shared/inspection';
import { TicketViews } from './TicketViews';
import {
  Badge,
  Button,
  DatePicker,
  FilterIcon,
  FilterChips,
  LinkButton,
  PlusIcon,
  RelativeTime,
  Select,
  SeverityBadge,
  Switch,
  TicketStatusBadge,
  type FilterChip,
} from '@/shared/ui/components';
import { formatDate, formatDateTime } from '@/shared/ui/tokens/format';
import { CellText, DataTable, useTableActor, type DataTableColumn, type DataTableProps } from '@/shared/ui/data-table/DataTable';
import styles from './TicketSearchScreen.module.css';
import { SearchPage } from '@/shared/ui/data-table/SearchPage';
import { useUrlSearchTable } from '@/shared/ui/data-table/url-search-table';

/** Filters of the screen beside the table's own (search, sort, page): the endpoint's other parameters. */
const EXTRA_KEYS = ['company', 'assignee', 'unassigned', 'overdue', 'due_from', 'due_to', 'created_from', 'created_to', 'closed_from', 'closed_to', 'sla'] as const;
/** Range ends a report's drill-down sets: a day (YYYY-MM-DD, a UTC day, inclusive) or an instant. */
const RANGE_KEYS = new Set(['created_from', 'created_to', 'closed_from', 'closed_to']);
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** The table's filters (its columns), kept in the URL as f.<field>. */
const TABLE_FILTERS = ['status', 'severity', 'queue'] as const;
/** What the filter bar sets: a change starts the table again from the URL. */
const BAR_KEYS = ['search', ...TABLE_FILTERS.map((k) => `f.${k}`), ...EXTRA_KEYS];

const ANY = '';
const options = (entries: [string, string][], any: string) => [{ id: ANY, label: any }, ...entries.map(([id, label]) => ({ id, label }))];
/** The Status control picks several (a report's drill-down sends the open ones: A,WOP,WOC,WOT); none is any status. */
const STATUS_OPTIONS = Object.entries(TICKET_STATUSES).map(([id, label]) => ({ id, label }));
const STATUS_SEPARATOR = ',';
const statusesOf = (value: string | undefined) => (value ? value.split(STATUS_SEPARATOR).filter(Boolean) : []);
const manyStatuses = (count: number) => `${count} statuses`;
const SEVERITY_OPTIONS = options(Object.entries(SEVERITIES), 'Any priority');
const QUEUE_OPTIONS = options(QUEUES.map((q) => [q, q]), 'Any queue');
const LABELS: Record<string, string> = { status: 'Status', severity: 'Priority', queue: 'Queue', company: 'Company', assignee: 'Assignee', unassigned: 'Assignee', overdue: 'Overdue', due_from: 'Due from', due_to: 'Due to', created_from: 'Created from', created_to: 'Created to', closed_from: 'Closed from', closed_to: 'Closed to', sla: 'Due date', search: 'Search' };

/**
 * The list's columns. At a laptop's width (a table of about 1100 px) the title gets what the fixed
 * columns leave, so Queue (a filter and a view already) waits for a wider table or the chooser.
 */
export const TICKET_SEARCH_COLUMNS: DataTableColumn<TicketRow>[] = [
  { label: 'ID', field: 'id', sortable: true, type: 'number', firstSortType: 'desc', width: '3.75rem' },
  {
    label: 'Title',
    field: 'title',
    sortable: true,
    cell: (t) => (
      <CellText text={t.title}>
        <Link href={`/ticket/${t.id}`} className={styles.title}>
          {t.title}
        </Link>
      </CellText>
    ),
  },
  { label: 'Status', field: 'status', sortable: true, width: '8.75rem', priority: 2, cell: (t) => <TicketStatusBadge code={t.status} /> },
  { label: 'Priority', field: 'severity', sortable: true, width: '6.25rem', priority: 2, cell: (t) => <SeverityBadge code={t.severity} /> },
  { label: 'Company', field: 'company_name', sortable: true, width: '8rem', priority: 3, value: (t) => t.company_name ?? 'N/A' },
  { label: 'Queue', field: 'queue', sortable: true, width: '6.75rem', priority: 4 },
  { label: 'Assignee', field: 'assignee_name', sortable: true, width: '7rem', priority: 3, value: (t) => t.assignee_name ?? 'Unassigned' },
  {
    label: 'Due Date',
    field: 'duedate',
    sortable: true,
    // Wide enough for an overdue day in its badge ("◆ Nov 26, 2026").
    width: '8.75rem',
    priority: 2,
    cell: (t) =>
      t.overdue ? (
        <Badge tone="danger" marker="diamond" title="Overdue">
          <time dateTime={t.duedate ?? undefined}>{formatDate(t.duedate)}</time>
          <span className="sr-only"> (overdue)</span>
        </Badge>
      ) : (
        <time dateTime={t.duedate ?? undefined}>{formatDate(t.duedate)}</time>
      ),
  },
  { label: 'Created At', field: 'created_at', sortable: true, firstSortType: 'desc', width: '6.75rem', priority: 3, cell: (t) => <RelativeTime value={t.created_at} style="short" /> },
];
const FIELDS = TICKET_SEARCH_COLUMNS.map((c) => c.field);

/** The ticket list: one filter bar (search, pickers, chips) over the server-mode table; everything lives in the URL. */
export default function TicketSearchScreen() {
  const { url, extra, setFilters, clearFilters, tableKey, table } = useUrlSearchTable({ path: '/ticket/search', fields: FIELDS, machine: createTicketTableMachine, extraKeys: EXTRA_KEYS, barKeys: BAR_KEYS, tableId: 'tickets' });
  const tableFilters: Record<string, string> = {};
  for (const k of TABLE_FILTERS) if (url.get(`f.${k}`)) tableFilters[k] = url.get(`f.${k}`)!;
  const searchText = url.get('search') ?? '';
  // The views' counts load with the list: again for other filters, a page, a sort or a reload.
  const views = useActorRef(ticketViewsMachine, { input: { listKey: tableKey }, inspect: inspection.inspect });
  useEffect(() => views.send({ type: 'views.listChanged', listKey: tableKey }), [views, tableKey]);
  // New and changed tickets reach the open list (docs/adr/0220).
  const changes = useActorRef(ticketChangesMachine, { inspect: inspection.inspect });
  const outdated = useSelector(changes, selectOutdated);
  const writeQuery = table.onQueryChange;
  const onQueryChange = useCallback(
    (q: TableQuery) => {
      writeQuery(q);
      views.send({ type: 'views.refresh' });
      changes.send({ type: 'list.fresh' });
    },
    [writeQuery, views, changes],
  );
  // The same list loaded again (its rows changed on the server): so do the counts.
  const onReload = useCallback(() => {
    views.send({ type: 'views.refresh' });
    changes.send({ type: 'list.fresh' });
  }, [views, changes]);

  const companyId = extra.company ? Number(extra.company) : null;
  const assigneeId = extra.assignee ? Number(extra.assignee) : null;
  // A company from the address (a report's drill-down) was never picked here: fetch its name for the chip.
  const companyName = useActorRef(ticketCompanyNameMachine, { input: { query: companyId } });
  useEffect(() => {
    if (companyName.getSnapshot().context.query !== companyId) companyName.send({ type: 'query.set', query: companyId });
  }, [companyName, companyId]);
  const fetchedName = useSelector(companyName, (s) => (s.context.data && s.context.data.id === companyId ? s.context.data.name : null));
  const labelOf = (key: string, value: string): string => {
    if (key === 'status') return statusesOf(value).map((code) => TICKET_STATUSES[code as keyof typeof TICKET_STATUSES] ?? code).join(', ');
    if (key === 'severity') return SEVERITIES[value as keyof typeof SEVERITIES] ?? value;
    if (key === 'company') return pickedCompanyName(Number(value)) ?? fetchedName ?? `#${value}`;
    if (key === 'assignee') return pickedStaffName(Number(value)) ?? `#${value}`;
    if (key === 'unassigned') return value === 'false' ? 'Anyone assigned' : 'Unassigned';
    if (key === 'overdue') return 'Only overdue';
    if (key === 'due_from' || key === 'due_to') return formatDate(value);
    // A day is the UTC day the report counted; an instant (an age bucket's edge) shows its time, and `to` is exclusive.
    if (RANGE_KEYS.has(key)) return DAY_ONLY.test(value) ? formatDate(value, { timeZone: 'UTC' }) : `${key.endsWith('_to') ? 'before ' : ''}${formatDateTime(value)}`;
    if (key === 'sla') return TICKET_SLA_FILTERS[value as TicketSlaFilter] ?? value;
    return value;
  };
  const chips: FilterChip[] = [
    ...(searchText ? [{ id: 'search', name: LABELS.search!, value: searchText }] : []),
    ...Object.entries(tableFilters).map(([k, v]) => ({ id: `f.${k}`, name: LABELS[k]!, value: labelOf(k, v) })),
    ...Object.entries(extra).map(([k, v]) => ({ id: k, name: LABELS[k]!, value: labelOf(k, v) })),
  ];

  const [pickersOpen, setPickersOpen] = useState(false);
  const activeCount = chips.filter((c) => c.id !== 'search').length;

  return (
    <SearchPage
      title="Ticket Search"
      meta={<TicketViews actor={views} url={url} />}
      actions={
        <LinkButton href="/create/ticket" variant="primary" size="sm" icon={<PlusIcon />}>
          Create Ticket
        </LinkButton>
      }
      filters={{
        label: 'Filter tickets',
        search: { text: searchText, onChange: (search) => setFilters({ search }), className: styles.search },
        chips: <FilterChips items={chips} onRemove={(id) => setFilters({ [String(id)]: '' })} onClearAll={clearFilters} />,
        children: (
          <>
            {/* On a phone the pickers fold behind this button; wider screens always show them. */}
            <Button
              className={styles.pickersToggle}
              size="md"
              icon={<FilterIcon />}
              aria-expanded={pickersOpen}
              aria-controls="ticket-pickers"
              onPress={() => setPickersOpen((o) => !o)}
            >
              {activeCount ? `Filters (${activeCount})` : 'Filters'}
            </Button>
            <div id="ticket-pickers" className={styles.pickers} data-open={pickersOpen || undefined}>
              <Select
                label="Status"
                selectionMode="multiple"
                placeholder="Any status"
                manyText={manyStatuses}
                items={STATUS_OPTIONS}
                value={statusesOf(tableFilters.status)}
                onChange={(keys) => setFilters({ 'f.status': keys.map(String).join(STATUS_SEPARATOR) })}
              />
              <Select label="Priority" items={SEVERITY_OPTIONS} selectedKey={tableFilters.severity ?? ANY} onSelectionChange={(k) => setFilters({ 'f.severity': String(k ?? '') })} />
              <Select label="Queue" items={QUEUE_OPTIONS} selectedKey={tableFilters.queue ?? ANY} onSelectionChange={(k) => setFilters({ 'f.queue': String(k ?? '') })} />
              <CompanyPicker key={`company-${extra.company ?? ''}`} value={companyId} onChange={(id) => setFilters({ company: id ? String(id) : '' })} />
              <StaffPicker key={`assignee-${extra.assignee ?? ''}`} label="Assignee" value={assigneeId} onChange={(id) => setFilters({ assignee: id ? String(id) : '', unassigned: '' })} />
              <DatePicker key={`from-${extra.due_from ?? ''}`} label="Due from" value={extra.due_from ?? null} onChange={(v) => setFilters({ due_from: v ?? '' })} />
              <DatePicker key={`to-${extra.due_to ?? ''}`} label="Due to" value={extra.due_to ?? null} onChange={(v) => setFilters({ due_to: v ?? '' })} />
              <Switch className={styles.switch} isSelected={extra.overdue === 'true'} onChange={(on) => setFilters({ overdue: on ? 'true' : '' })}>
                Overdue only
              </Switch>
            </div>
          </>
        ),
      }}
    >
      <div role="status" aria-live="polite" className={styles.changes}>
        {outdated ? (
          <>
            New or changed tickets —{' '}
            <Button size="sm" variant="primary" onPress={() => changes.send({ type: 'changes.show' })}>
              Show
            </Button>
          </>
        ) : null}
      </div>
      <TicketTable key={tableKey} table={table} changes={changes} onQueryChange={onQueryChange} onReload={onReload} />
    </SearchPage>
  );
}

type TicketTableProps = {
  table: Pick<DataTableProps<TicketRow>, 'machine' | 'mode' | 'initialState' | 'tableId' | 'pageSizeStore'>;
  changes: TicketChangesActor;
  onQueryChange: (q: TableQuery) => void;
  onReload: () => void;
};

/** The list's table (one per set of filters), handed to the changes machine so a change can reload it; the pointer over it holds the rows still. */
function TicketTable({ table, changes, onQueryChange, onReload }: TicketTableProps) {
  const actor = useTableActor<TicketRow>({ ...table, columns: TICKET_SEARCH_COLUMNS });
  useEffect(() => changes.send({ type: 'list.table', table: actor }), [changes, actor]);
  return (
    <div onPointerEnter={() => changes.send({ type: 'list.pointer', inside: true })} onPointerLeave={() => changes.send({ type: 'list.pointer', inside: false })}>
      <DataTable<TicketRow> actor={actor} caption="Tickets" columns={TICKET_SEARCH_COLUMNS} searchable={false} {...table} onQueryChange={onQueryChange} onReload={onReload} />
    </div>
  );
}
