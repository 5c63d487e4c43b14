import RequestDetail from './RequestDetail';
import type { ScreenProps } from '@/shared/routing';
import { Card, EmptyState, PageHeader, TextLink } from '@/shared/ui/components';

/** /approvals/requests/:id: one request with its payload and history; its approver decides here. */
export default function RequestScreen({ params }: ScreenProps) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return <EmptyState title="No such request" text="Open a request from your approvals or your submissions." />;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 'var(--cc-space-4)' }}>
      <PageHeader title={`Request #${id}`} actions={<TextLink href="/approvals">Back to approvals</TextLink>} />
      <Card>
        <RequestDetail id={id} />
      </Card>
    </div>
  );
}
