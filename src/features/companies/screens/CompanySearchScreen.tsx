import { useCallback, useMemo } from 'react';
import { Link } from 'wouter';
import { COMPANY_STATUSES, type CompanyRow } from '@contracts/companies';
import { TABLE_TEXTS } from '@contracts/common/constants';
import { companyTableMachine } from '../machines/companies.machines';
import { queryFromSearchParams, queryToSearchParams } from '@/shared/machines/table/table.model';
import type { TableQuery } from '@/shared/machines/table/table.types';
import { Badge, FilterBar, FilterChips, LinkButton, PageHeader, PlusIcon, SearchField, Select, type BadgeTone, type FilterChip } from '@/shared/ui/components';
import { CellText, DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import styles from './CompanySearchScreen.module.css';
import { useUrlFilters } from '@/shared/ui/data-table/url-filters';

const ANY = '';
const STATUS_OPTIONS = [{ id: ANY, label: 'Any status' }, ...COMPANY_STATUSES.map((s) => ({ id: s, label: s }))];
const STATUS_TONES: Record<CompanyRow['status'], BadgeTone> = { prospect: 'info', active: 'success', inactive: 'neutral' };

const COLUMNS: DataTableColumn<CompanyRow>[] = [
  {
    label: 'Name',
    field: 'name',
    cell: (c) => (
      <CellText text={c.name}>
        <Link href={`/company/${c.id}`} className={styles.name}>
          {c.name}
        </Link>
      </CellText>
    ),
  },
  { label: 'Account', field: 'account_number', width: '9rem', priority: 2 },
  { label: 'Status', field: 'status', width: '7.5rem', priority: 2, cell: (c) => <Badge tone={STATUS_TONES[c.status]}>{c.status}</Badge> },
  { label: 'Territory', field: 'territory', width: '8rem', priority: 3, cell: (c) => c.territory ?? '—' },
  { label: 'Open tickets', field: 'open_tickets', type: 'number', firstSortType: 'desc', width: '7.5rem' },
];
const FIELDS = COLUMNS.map((c) => c.field);

/** Every company: one filter bar (search, status, chips) over the server-mode table; everything lives in the URL. */
export default function CompanySearchScreen() {
  const { url, go, setFilters } = useUrlFilters('/company/search');
  const searchText = url.get('search') ?? '';
  const status = url.get('f.status') ?? ANY;
  // A new search or filter is a new table that starts from the URL (sort and page changes are not).
  const filterKey = JSON.stringify([searchText, status]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initialState = useMemo(() => queryFromSearchParams(url, FIELDS), [filterKey]);

  const onQueryChange = useCallback((q: TableQuery) => go(queryToSearchParams(q)), [go]);

  const chips: FilterChip[] = [
    ...(searchText ? [{ id: 'search', name: 'Search', value: searchText }] : []),
    ...(status ? [{ id: 'f.status', name: 'Status', value: status }] : []),
  ];

  return (
    <div className={styles.page}>
      <PageHeader
        title="Company Search"
        actions={
          <LinkButton href="/create/company" variant="primary" size="sm" icon={<PlusIcon />}>
            Create Company
          </LinkButton>
        }
      />
      <FilterBar
        label="Filter companies"
        className={styles.bar}
        chips={<FilterChips items={chips} onRemove={(id) => setFilters({ [String(id)]: '' })} onClearAll={() => setFilters({ search: '', 'f.status': '' })} />}
      >
        <SearchField
          key={`search-${searchText}`}
          label={TABLE_TEXTS.search}
          placeholder="Name or account number"
          className={styles.search}
          defaultValue={searchText}
          onDebouncedChange={(value) => {
            if (value.trim() !== searchText) setFilters({ search: value.trim() });
          }}
        />
        <Select label="Status" className={styles.picker} items={STATUS_OPTIONS} selectedKey={status} onSelectionChange={(k) => setFilters({ 'f.status': String(k ?? '') })} />
      </FilterBar>
      <DataTable<CompanyRow>
        key={filterKey}
        caption="Companies"
        tableId="companies"
        columns={COLUMNS}
        machine={companyTableMachine}
        mode="server"
        searchable={false}
        initialState={initialState}
        onQueryChange={onQueryChange}
      />
    </div>
  );
}
