/** The Client portal users tab of a company's page (added through the company view's section slot). */
import { useActorRef, useSelector } from '@xstate/react';
import { CLIENT_USER_STATUS_LABELS, type ClientUser } from '@contracts/companies';
import { TABLE_TEXTS } from '@contracts/common/constants';
import { companyClientUsersMachine } from '../machines/client-users.machines';
import { Alert, Button, Card, RelativeTime, SkeletonText, TextLink } from '@/shared/ui/components';
import { SimpleTable, type SimpleColumn } from '@/shared/ui/SimpleTable';

const columns: SimpleColumn<ClientUser>[] = [
  { header: 'Name', cell: (u) => u.name },
  { header: 'Email', cell: (u) => u.email },
  { header: 'Status', cell: (u) => CLIENT_USER_STATUS_LABELS[u.status] ?? u.status },
  { header: 'Since', cell: (u) => <RelativeTime value={u.created_at} /> },
];

export default function CompanyClientUsersSection({ companyId }: { companyId: number }) {
  const query = useActorRef(companyClientUsersMachine, { input: { query: companyId } });
  const users = useSelector(query, (s) => s.context.data);
  const error = useSelector(query, (s) => s.context.error);
  return (
    <Card
      asRegion
      title="Client portal users"
      description={users && users.total > users.rows.length ? `The first ${users.rows.length} of ${users.total}, by name.` : undefined}
      padding="compact"
      actions={<TextLink href={`/client/portal/users?f.company=${companyId}`}>Invite or manage client portal users</TextLink>}
    >
      {users ? (
        <SimpleTable label="Client portal users of this company" rows={users.rows} rowKey={(u) => u.id} columns={columns} empty={TABLE_TEXTS.empty} />
      ) : error ? (
        <Alert tone="danger" live title={error}>
          <Button size="sm" onPress={() => query.send({ type: 'query.reload' })}>
            Try again
          </Button>
        </Alert>
      ) : (
        <SkeletonText lines={3} label="Loading the client portal users" />
      )}
    </Card>
  );
}
