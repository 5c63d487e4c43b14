import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { QUEUES, SEVERITIES, TICKET_STATUSES } from '../../../contracts/codes';
import { TICKET_SEARCH } from '../../../contracts/constants';
import { ticketOptionsMachine, ticketSearchMachine } from '../../../machines/ticket-desk/desk.machines';
import { formatSort, nextSort, pageSize, parseSort, withParam } from '../../../machines/ticket-desk/table-query';
import type { TicketOptions, TicketSearchResponse } from '../../../contracts/staff-tickets';
import { SeverityBadge, StatusBadge } from '../../ui/Badges';
import { Spinner } from '../../ui/Spinner';
import { formatDateTime, Pager, SortHeader } from './parts';

const FILTER_KEYS = ['q', 'status', 'severity', 'queue', 'company', 'assignee', 'overdue', 'due_from', 'due_to'] as const;

/** Every ticket, searched, filtered, sorted and paged by the server; the query lives in the URL. */
export default function TicketSearchScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const url = useMemo(() => new URLSearchParams(search), [search]);
  const list = useActorRef(ticketSearchMachine, { input: {} });
  const options = useActorRef(ticketOptionsMachine);
  const staff = useSelector(options, (s) => (s.context.data as TicketOptions | undefined)?.staff ?? []);
  const data = useSelector(list, (s) => s.context.data as TicketSearchResponse | undefined);
  const error = useSelector(list, (s) => s.context.error);
  const loading = useSelector(list, (s) => s.matches('loading'));
  const sort = parseSort(url.get('sort'));
  const size = pageSize(url.get('size'), TICKET_SEARCH.pageSizeMax);
  const page = Number(url.get('page') ?? 1) || 1;

  useEffect(() => {
    const params: Record<string, string> = { page: String(page), size: String(size) };
    for (const k of [...FILTER_KEYS, 'sort'] as const) {
      const v = url.get(k);
      if (v) params[k] = v;
    }
    list.send({ type: 'list.query', params });
  }, [list, url, page, size]);

  const go = (key: string, value: string | null) => navigate(`/ticket/search?${withParam(url, key, value)}`);
  const onSort = (field: string, multi: boolean) => go('sort', formatSort(nextSort(sort, field, multi)));

  return (
    <>
      <h1>Ticket Search</h1>
      <form
        className="card filters"
        role="search"
        aria-label="Ticket filters"
        onSubmit={(e) => {
          e.preventDefault();
          const next = new URLSearchParams();
          for (const [k, v] of new FormData(e.currentTarget).entries()) if (typeof v === 'string' && v.trim()) next.set(k, v.trim());
          if (url.get('sort')) next.set('sort', url.get('sort')!);
          if (url.get('size')) next.set('size', url.get('size')!);
          navigate(`/ticket/search?${next.toString()}`);
        }}
        key={search}
      >
        <label>
          Search Table <input name="q" type="search" defaultValue={url.get('q') ?? ''} maxLength={TICKET_SEARCH.queryMax} />
        </label>
        <label>
          Status
          <select name="status" defaultValue={url.get('status') ?? ''}>
            <option value="">Any</option>
            {Object.entries(TICKET_STATUSES).map(([k, v]) => (
              <option key={k} value={k}>{v}</option>
            ))}
          </select>
        </label>
        <label>
          Priority
          <select name="severity" defaultValue={url.get('severity') ?? ''}>
            <option value="">Any</option>
            {Object.entries(SEVERITIES).map(([k, v]) => (
              <option key={k} value={k}>{v}</option>
            ))}
          </select>
        </label>
        <label>
          Queue
          <select name="queue" defaultValue={url.get('queue') ?? ''}>
            <option value="">Any</option>
            {QUEUES.map((q) => (
              <option key={q} value={q}>{q}</option>
            ))}
          </select>
        </label>
        <label>
          Assignee
          <select name="assignee" defaultValue={url.get('assignee') ?? ''}>
            <option value="">Anyone</option>
            {staff.map((s) => (
              <option key={s.id} value={s.id}>{s.name}</option>
            ))}
          </select>
        </label>
        <label>
          Company ID <input name="company" inputMode="numeric" pattern="\d*" size={6} defaultValue={url.get('company') ?? ''} />
        </label>
        <label>
          <input name="overdue" type="checkbox" value="true" defaultChecked={url.get('overdue') === 'true'} /> Overdue only
        </label>
        <label>
          Due from <input name="due_from" type="date" defaultValue={url.get('due_from') ?? ''} />
        </label>
        <label>
          Due to <input name="due_to" type="date" defaultValue={url.get('due_to') ?? ''} />
        </label>
        <button type="submit" className="btn">Search</button>
        <Link href="/ticket/search">Clear filters</Link>
      </form>
      {error ? <div className="form-error" role="alert">{error}</div> : null}
      <div className="table-scroll" aria-busy={loading}>
        <table className="simple">
          <caption className="sr-only">Tickets; column headers sort, shift adds a column</caption>
          <thead>
            <tr>
              <SortHeader field="id" label="ID" sort={sort} onSort={onSort} />
              <SortHeader field="title" label="Title" sort={sort} onSort={onSort} />
              <SortHeader field="status" label="Status" sort={sort} onSort={onSort} />
              <SortHeader field="severity" label="Priority" sort={sort} onSort={onSort} />
              <SortHeader field="company_name" label="Company" sort={sort} onSort={onSort} />
              <SortHeader field="queue" label="Queue" sort={sort} onSort={onSort} />
              <SortHeader field="assignee_name" label="Assignee" sort={sort} onSort={onSort} />
              <SortHeader field="duedate" label="Due Date" sort={sort} onSort={onSort} />
              <SortHeader field="created_at" label="Created At" sort={sort} onSort={onSort} />
            </tr>
          </thead>
          <tbody>
            {loading && !data ? (
              <tr><td colSpan={9}>Loading...</td></tr>
            ) : data && data.rows.length === 0 ? (
              <tr><td colSpan={9}>No data for table</td></tr>
            ) : (
              data?.rows.map((t) => (
                <tr key={t.id}>
                  <td>{t.id}</td>
                  <td><Link href={`/ticket/${t.id}`}>{t.title}</Link></td>
                  <td><StatusBadge code={t.status} /></td>
                  <td><SeverityBadge code={t.severity} /></td>
                  <td>{t.company_name ?? 'N/A'}</td>
                  <td>{t.queue}</td>
                  <td>{t.assignee_name ?? 'Unassigned'}</td>
                  <td>
                    {formatDateTime(t.duedate)}
                    {t.overdue ? <span className="badge badge-red overdue-mark">Overdue</span> : null}
                  </td>
                  <td>{formatDateTime(t.created_at)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {loading && data ? <Spinner label="Loading tickets" /> : null}
      {data ? (
        <Pager
          page={page}
          size={size}
          total={data.total}
          totalExact={data.totalExact}
          sizeValue={url.get('size') ?? String(size)}
          maxRows={TICKET_SEARCH.offsetMax}
          onPage={(p) => go('page', String(p))}
          onSize={(s) => go('size', s)}
        />
      ) : null}
    </>
  );
}
