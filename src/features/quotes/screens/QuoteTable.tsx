import { useMemo } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '@contracts/quote-money';
import { QUOTE_STATUSES, QUOTE_TYPE_LABELS, QUOTE_TYPES, type QuoteRow } from '@contracts/quotes';
import type { TableMachine } from '@/shared/machines/table/table.machine';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { useUrlSearchTable } from '@/shared/ui/data-table/url-search-table';
import { formatDate } from '@/shared/ui/tokens/format';
import { QuoteStatusBadge } from './parts';

/** Where a quote row opens: its editor while a draft, its view (by type) once sent. */
export const quoteHref = (q: Pick<QuoteRow, 'id' | 'status' | 'type'>, base = '/quote/view') => (q.status === 'draft' ? `/quote/edit/${q.id}` : `${base}/${q.id}?type=${q.type}`);

export function quoteColumns(viewBase = '/quote/view', withCompany = true): DataTableColumn<QuoteRow>[] {
  return [
    { label: 'Number', field: 'number', cell: (q) => <Link href={quoteHref(q, viewBase)}>{q.number}</Link> },
    ...(withCompany ? [{ label: 'Company', field: 'company', filterOptions: { enabled: true, placeholder: 'Any company' } } as DataTableColumn<QuoteRow>] : []),
    { label: 'Type', field: 'type', priority: 2, cell: (q) => QUOTE_TYPE_LABELS[q.type], filterOptions: { enabled: true, placeholder: 'Any type', filterDropdownItems: QUOTE_TYPES } },
    { label: 'Status', field: 'status', cell: (q) => <QuoteStatusBadge status={q.status} />, filterOptions: { enabled: true, placeholder: 'Any status', filterDropdownItems: QUOTE_STATUSES } },
    { label: 'Total', field: 'total_cents', type: 'number', firstSortType: 'desc', cell: (q) => formatMoney(q.total_cents) },
    { label: 'Valid until', field: 'valid_until', priority: 3, cell: (q) => formatDate(`${q.valid_until}T12:00:00Z`) },
    { label: 'Owner', field: 'owner', priority: 3 },
  ];
}

/** The quotes in the shared data table (server mode); its filters, sort and page live in the URL. */
export function QuoteTable({ path, machine, viewBase = '/quote/view', caption = 'Quotes' }: { path: string; machine: TableMachine; viewBase?: string; caption?: string }) {
  const columns = useMemo(() => quoteColumns(viewBase), [viewBase]);
  const fields = useMemo(() => columns.map((c) => c.field), [columns]);
  const { tableKey, table } = useUrlSearchTable({ path, fields, machine, tableId: `quotes${path.replaceAll('/', '-')}` });
  return <DataTable<QuoteRow> key={tableKey} caption={caption} columns={columns} {...table} />;
}
