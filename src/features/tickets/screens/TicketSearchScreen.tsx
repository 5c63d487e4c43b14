import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { QUEUES, SEVERITIES, TICKET_STATUSES } from '@contracts/common/codes';
import type { TicketRow } from '@contracts/tickets';
import { createTicketTableMachine, ticketOptionsMachine } from '../machines/tickets.machines';
import { queryFromSearchParams, queryToSearchParams } from '@/shared/machines/table/table.model';
import type { TableQuery } from '@/shared/machines/table/table.types';
import { SeverityBadge, StatusBadge } from '@/shared/ui/Badges';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { formatNumericDateTime } from '@/shared/ui/tokens/format';


/** Filters of the screen beside the table's own (search, column filters, sort, page). */
const EXTRA_KEYS = ['company', 'assignee', 'overdue', 'due_from', 'due_to'] as const;

const dropdown = (entries: [string, string][]) => ({ enabled: true, filterDropdownItems: entries.map(([value, text]) => ({ value, text })) });

const COLUMNS: DataTableColumn<TicketRow>[] = [
  { label: 'ID', field: 'id', sortable: true, type: 'number', firstSortType: 'desc' },
  { label: 'Title', field: 'title', sortable: true, cell: (t) => <Link href={`/ticket/${t.id}`}>{t.title}</Link> },
  { label: 'Status', field: 'status', sortable: true, filterOptions: dropdown(Object.entries(TICKET_STATUSES)), cell: (t) => <StatusBadge code={t.status} /> },
  { label: 'Priority', field: 'severity', sortable: true, filterOptions: dropdown(Object.entries(SEVERITIES)), cell: (t) => <SeverityBadge code={t.severity} /> },
  { label: 'Company', field: 'company_name', sortable: true, cell: (t) => t.company_name ?? 'N/A' },
  { label: 'Queue', field: 'queue', sortable: true, filterOptions: dropdown(QUEUES.map((q) => [q, q])) },
  { label: 'Assignee', field: 'assignee_name', sortable: true, cell: (t) => t.assignee_name ?? 'Unassigned' },
  {
    label: 'Due Date',
    field: 'duedate',
    sortable: true,
    cell: (t) => (
      <>
        {formatNumericDateTime(t.duedate)}
        {t.overdue ? <span className="badge badge-red overdue-mark">Overdue</span> : null}
      </>
    ),
  },
  { label: 'Created At', field: 'created_at', sortable: true, firstSortType: 'desc', cell: (t) => formatNumericDateTime(t.created_at) },
];
const FIELDS = COLUMNS.map((c) => c.field);

/** Every ticket in the server-mode data table; its query and the filters live in the URL. */
export default function TicketSearchScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const url = useMemo(() => new URLSearchParams(search), [search]);
  const extra = useMemo(() => {
    const out: Record<string, string> = {};
    for (const k of EXTRA_KEYS) if (url.get(k)) out[k] = url.get(k)!;
    return out;
  }, [url]);
  const extraKey = JSON.stringify(extra);
  // A new set of screen filters is a new table (it starts from the URL's table state).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const machine = useMemo(() => createTicketTableMachine(extra), [extraKey]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initialState = useMemo(() => queryFromSearchParams(url, FIELDS), [extraKey]);
  const options = useActorRef(ticketOptionsMachine, { input: {} });
  const staff = useSelector(options, (s) => s.context.data?.staff ?? []);

  const withExtra = useCallback(
    (table: URLSearchParams, extras: Record<string, string>) => {
      for (const [k, v] of Object.entries(extras)) table.set(k, v);
      return `/ticket/search${table.toString() ? `?${table.toString()}` : ''}`;
    },
    [],
  );
  const onQueryChange = useCallback(
    (q: TableQuery) => navigate(withExtra(queryToSearchParams(q), extra), { replace: true }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [navigate, withExtra, extraKey],
  );

  return (
    <>
      <h1>Ticket Search</h1>
      <form
        className="card filters"
        aria-label="More filters"
        key={extraKey}
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const next: Record<string, string> = {};
          for (const k of EXTRA_KEYS) {
            const v = String(f.get(k) ?? '').trim();
            if (v) next[k] = v;
          }
          const table = new URLSearchParams(url);
          for (const k of EXTRA_KEYS) table.delete(k);
          table.delete('page');
          navigate(withExtra(table, next));
        }}
      >
        <label>
          Assignee
          <select name="assignee" defaultValue={extra.assignee ?? ''}>
            <option value="">Anyone</option>
            {staff.map((s) => (
              <option key={s.id} value={s.id}>{s.name}</option>
            ))}
          </select>
        </label>
        <label>
          Company ID <input name="company" inputMode="numeric" pattern="\d*" size={6} defaultValue={extra.company ?? ''} />
        </label>
        <label>
          <input name="overdue" type="checkbox" value="true" defaultChecked={extra.overdue === 'true'} /> Overdue only
        </label>
        <label>
          Due from <input name="due_from" type="date" defaultValue={extra.due_from ?? ''} />
        </label>
        <label>
          Due to <input name="due_to" type="date" defaultValue={extra.due_to ?? ''} />
        </label>
        <button type="submit" className="btn">Apply filters</button>
        <Link href="/ticket/search">Clear filters</Link>
      </form>
      <DataTable<TicketRow>
        key={extraKey}
        caption="Tickets"
        columns={COLUMNS}
        machine={machine}
        mode="server"
        initialState={initialState}
        onQueryChange={onQueryChange}
      />
    </>
  );
}
