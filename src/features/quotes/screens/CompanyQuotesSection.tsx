import { useMemo } from 'react';
import type { QuoteRow } from '@contracts/quotes';
import { Card, LinkButton } from '@/shared/ui/components';
import { DataTable } from '@/shared/ui/data-table/DataTable';
import { companyQuoteTable } from '../machines/quotes.machines';
import { quoteColumns } from './QuoteTable';

/** The company view's Quotes section: that company's quotes in the shared table, and a new one for it. */
export default function CompanyQuotesSection({ companyId }: { companyId: number }) {
  const machine = useMemo(() => companyQuoteTable(companyId), [companyId]);
  const columns = useMemo(() => quoteColumns('/quote/view', false), []);
  return (
    <Card title="Quotes" padding="none" asRegion actions={<LinkButton size="sm" href="/quote/new/client">New quote</LinkButton>}>
      <DataTable<QuoteRow> caption="Quotes of this company" columns={columns} machine={machine} mode="server" searchable={false} />
    </Card>
  );
}
