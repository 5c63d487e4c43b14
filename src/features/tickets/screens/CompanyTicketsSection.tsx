/** The Tickets tab of a company's page (added through the company view's section slot): its latest tickets. */
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { TABLE_TEXTS } from '@contracts/common/constants';
import type { TicketRow } from '@contracts/tickets';
import { recentTicketsOf, ticketSearchMachine } from '../machines/tickets.machines';
import { Alert, Badge, Button, Card, DateTime, SeverityBadge, SkeletonText, TextLink, TicketStatusBadge } from '@/shared/ui/components';
import { SimpleTable, type SimpleColumn } from '@/shared/ui/SimpleTable';

const columns: SimpleColumn<TicketRow>[] = [
  { header: 'ID', cell: (t) => t.id },
  { header: 'Title', cell: (t) => <Link href={`/ticket/${t.id}`}>{t.title}</Link> },
  { header: 'Status', cell: (t) => <TicketStatusBadge code={t.status} /> },
  { header: 'Priority', cell: (t) => <SeverityBadge code={t.severity} /> },
  {
    header: 'Due Date',
    cell: (t) => (
      <>
        <DateTime value={t.duedate} />
        {t.overdue ? (
          <>
            {' '}
            <Badge tone="danger">Overdue</Badge>
          </>
        ) : null}
      </>
    ),
  },
];

export default function CompanyTicketsSection({ companyId, companyName }: { companyId: number; companyName: string }) {
  const query = useActorRef(ticketSearchMachine, { input: { query: recentTicketsOf(companyId) } });
  const recent = useSelector(query, (s) => s.context.data);
  const error = useSelector(query, (s) => s.context.error);
  return (
    <Card asRegion title="Tickets" padding="compact" actions={<TextLink href={`/ticket/search?company=${companyId}`}>All tickets of {companyName}</TextLink>}>
      {recent ? (
        <SimpleTable label="Recent tickets" rows={recent.rows} rowKey={(t) => t.id} columns={columns} empty={TABLE_TEXTS.empty} />
      ) : error ? (
        <Alert tone="danger" live title={error}>
          <Button size="sm" onPress={() => query.send({ type: 'query.reload' })}>
            Try again
          </Button>
        </Alert>
      ) : (
        <SkeletonText lines={4} label="Loading the tickets" />
      )}
    </Card>
  );
}
