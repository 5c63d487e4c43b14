/** The Tickets and Client portal users tabs of a company's page. */
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { CLIENT_USER_STATUS_LABELS, type ClientUser, type CompanyView } from '@contracts/companies';
import { TABLE_TEXTS } from '@contracts/common/constants';
import type { TicketRow } from '@contracts/tickets';
import { selectRecentTickets, selectTicketsError, type CompanyPageActor } from '../machines/company-page.machine';
import { Alert, Badge, Card, DateTime, RelativeTime, SeverityBadge, SkeletonText, TextLink, TicketStatusBadge } from '@/shared/ui/components';
import { SimpleTable, type SimpleColumn } from '@/shared/ui/SimpleTable';

const ticketColumns: SimpleColumn<TicketRow>[] = [
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
const userColumns: SimpleColumn<ClientUser>[] = [
  { header: 'Name', cell: (u) => u.name },
  { header: 'Email', cell: (u) => u.email },
  { header: 'Status', cell: (u) => CLIENT_USER_STATUS_LABELS[u.status] ?? u.status },
  { header: 'Since', cell: (u) => <RelativeTime value={u.created_at} /> },
];

export function CompanyTicketsCard({ page, view }: { page: CompanyPageActor; view: CompanyView }) {
  const recent = useSelector(page, selectRecentTickets);
  const error = useSelector(page, selectTicketsError);
  const c = view.company;
  return (
    <Card asRegion id="company-tickets" title="Tickets" padding="compact" actions={<TextLink href={`/ticket/search?company=${c.id}`}>All tickets of {c.name}</TextLink>}>
      {recent ? (
        <SimpleTable label="Recent tickets" rows={recent.rows} rowKey={(t) => t.id} columns={ticketColumns} empty={TABLE_TEXTS.empty} />
      ) : error ? (
        <Alert tone="danger" live title={error} />
      ) : (
        <SkeletonText lines={4} label="Loading the tickets" />
      )}
    </Card>
  );
}

export function CompanyUsersCard({ view }: { view: CompanyView }) {
  return (
    <Card
      asRegion
      id="company-users"
      title="Client portal users"
      padding="compact"
      actions={<TextLink href={`/client/portal/users?f.company=${view.company.id}`}>Invite or manage client portal users</TextLink>}
    >
      <SimpleTable label="Client portal users of this company" rows={view.client_users} rowKey={(u) => u.id} columns={userColumns} empty={TABLE_TEXTS.empty} />
    </Card>
  );
}
