import { useCallback, useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { COMPANY_STATUSES, type CompanyRow } from '@contracts/companies';
import { companyTableMachine } from '../machines/companies.machines';
import { queryFromSearchParams, queryToSearchParams } from '@/shared/machines/table/table.model';
import type { TableQuery } from '@/shared/machines/table/table.types';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';

const COLUMNS: DataTableColumn<CompanyRow>[] = [
  { label: 'Name', field: 'name', cell: (c) => <Link href={`/company/${c.id}`}>{c.name}</Link> },
  { label: 'Account', field: 'account_number' },
  {
    label: 'Status',
    field: 'status',
    filterOptions: { enabled: true, placeholder: 'Any status', filterDropdownItems: COMPANY_STATUSES },
  },
  { label: 'Territory', field: 'territory', cell: (c) => c.territory ?? '—' },
  { label: 'Open tickets', field: 'open_tickets', type: 'number', firstSortType: 'desc' },
];
const FIELDS = COLUMNS.map((c) => c.field);

/** Every company in the server-mode data table; its search, status filter, sort and page live in the URL. */
export default function CompanySearchScreen() {
  const search = useSearch();
  const [, navigate] = useLocation();
  // The table reads its start state once; later URL changes come from the table itself.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initialState = useMemo(() => queryFromSearchParams(new URLSearchParams(search), FIELDS), []);
  const onQueryChange = useCallback((q: TableQuery) => {
    const params = queryToSearchParams(q).toString();
    navigate(`/company/search${params ? `?${params}` : ''}`, { replace: true });
  }, [navigate]);

  return (
    <>
      <h1>Company Search</h1>
      <p>
        <Link href="/create/company">Create Company</Link>
      </p>
      <DataTable<CompanyRow>
        caption="Companies"
        columns={COLUMNS}
        machine={companyTableMachine}
        mode="server"
        initialState={initialState}
        onQueryChange={onQueryChange}
      />
    </>
  );
}
