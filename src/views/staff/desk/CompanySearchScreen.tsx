import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { COMPANY_STATUSES, type CompanyRow, type Paged } from '../../../contracts/companies';
import { DIRECTORY_PAGE_SIZE_MAX, TICKET_SEARCH } from '../../../contracts/constants';
import { companySearchMachine } from '../../../machines/ticket-desk/desk.machines';
import { formatSort, nextSort, pageSize, parseSort, withParam } from '../../../machines/ticket-desk/table-query';
import { Pager, SortHeader } from './parts';

export default function CompanySearchScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const url = useMemo(() => new URLSearchParams(search), [search]);
  const list = useActorRef(companySearchMachine, { input: {} });
  const data = useSelector(list, (s) => s.context.data as Paged<CompanyRow> | undefined);
  const error = useSelector(list, (s) => s.context.error);
  const loading = useSelector(list, (s) => s.matches('loading'));
  const sort = parseSort(url.get('sort'));
  const size = pageSize(url.get('size'), DIRECTORY_PAGE_SIZE_MAX);
  const page = Number(url.get('page') ?? 1) || 1;
  useEffect(() => {
    const params: Record<string, string> = { page: String(page), size: String(size) };
    for (const k of ['q', 'status', 'sort']) if (url.get(k)) params[k] = url.get(k)!;
    list.send({ type: 'list.query', params });
  }, [list, url, page, size]);
  const go = (key: string, value: string | null) => navigate(`/company/search?${withParam(url, key, value)}`);
  const onSort = (field: string, multi: boolean) => go('sort', formatSort(nextSort(sort, field, multi)));
  return (
    <>
      <h1>Company Search</h1>
      <form
        className="card filters"
        role="search"
        aria-label="Company filters"
        key={search}
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const next = new URLSearchParams();
          for (const k of ['q', 'status']) if (String(f.get(k) ?? '').trim()) next.set(k, String(f.get(k)).trim());
          navigate(`/company/search?${next.toString()}`);
        }}
      >
        <label>
          Search Table <input name="q" type="search" maxLength={TICKET_SEARCH.queryMax} defaultValue={url.get('q') ?? ''} />
        </label>
        <label>
          Status
          <select name="status" defaultValue={url.get('status') ?? ''}>
            <option value="">Any</option>
            {COMPANY_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </label>
        <button type="submit" className="btn">Search</button>
        <Link href="/create/company">Create Company</Link>
      </form>
      {error ? <div className="form-error" role="alert">{error}</div> : null}
      <div className="table-scroll" aria-busy={loading}>
        <table className="simple">
          <thead>
            <tr>
              <SortHeader field="name" label="Name" sort={sort} onSort={onSort} />
              <SortHeader field="account_number" label="Account" sort={sort} onSort={onSort} />
              <SortHeader field="status" label="Status" sort={sort} onSort={onSort} />
              <SortHeader field="territory" label="Territory" sort={sort} onSort={onSort} />
              <th scope="col">Open tickets</th>
            </tr>
          </thead>
          <tbody>
            {loading && !data ? (
              <tr><td colSpan={5}>Loading...</td></tr>
            ) : data && data.rows.length === 0 ? (
              <tr><td colSpan={5}>No data for table</td></tr>
            ) : (
              data?.rows.map((c) => (
                <tr key={c.id}>
                  <td><Link href={`/company/${c.id}`}>{c.name}</Link></td>
                  <td>{c.account_number}</td>
                  <td>{c.status}</td>
                  <td>{c.territory ?? '—'}</td>
                  <td>{c.open_tickets}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {data ? (
        <Pager page={page} size={size} total={data.total} totalExact={data.totalExact} sizeValue={url.get('size') ?? String(size)} onPage={(p) => go('page', String(p))} onSize={(s) => go('size', s)} />
      ) : null}
    </>
  );
}
