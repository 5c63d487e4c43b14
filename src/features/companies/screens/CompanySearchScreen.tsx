import { Link } from 'wouter';
import { COMPANY_STATUSES, type CompanyRow } from '@contracts/companies';
import { companyTableMachine } from '../machines/companies.machines';
import { Badge, FilterChips, LinkButton, PlusIcon, Select, type BadgeTone, type FilterChip } from '@/shared/ui/components';
import { CellText, DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import styles from './CompanySearchScreen.module.css';
import { SearchPage } from '@/shared/ui/data-table/SearchPage';
import { useUrlSearchTable } from '@/shared/ui/data-table/url-search-table';

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

/** What the filter bar sets: a change starts the table again from the URL. */
const BAR_KEYS = ['search', 'f.status'];

/** Every company: one filter bar (search, status, chips) over the server-mode table; everything lives in the URL. */
export default function CompanySearchScreen() {
  const { url, setFilters, clearFilters, tableKey, table } = useUrlSearchTable({ path: '/company/search', fields: FIELDS, machine: companyTableMachine, barKeys: BAR_KEYS, tableId: 'companies' });
  const searchText = url.get('search') ?? '';
  const status = url.get('f.status') ?? ANY;
  const chips: FilterChip[] = [
    ...(searchText ? [{ id: 'search', name: 'Search', value: searchText }] : []),
    ...(status ? [{ id: 'f.status', name: 'Status', value: status }] : []),
  ];

  return (
    <SearchPage
      title="Company Search"
      actions={
        <LinkButton href="/create/company" variant="primary" size="sm" icon={<PlusIcon />}>
          Create Company
        </LinkButton>
      }
      filters={{
        label: 'Filter companies',
        search: { text: searchText, onChange: (search) => setFilters({ search }), placeholder: 'Name or account number', className: styles.search },
        chips: <FilterChips items={chips} onRemove={(id) => setFilters({ [String(id)]: '' })} onClearAll={clearFilters} />,
        children: <Select label="Status" className={styles.picker} items={STATUS_OPTIONS} selectedKey={status} onSelectionChange={(k) => setFilters({ 'f.status': String(k ?? '') })} />,
      }}
    >
      <DataTable<CompanyRow> key={tableKey} caption="Companies" columns={COLUMNS} searchable={false} {...table} />
    </SearchPage>
  );
}
