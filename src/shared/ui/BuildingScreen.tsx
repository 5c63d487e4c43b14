import { Alert } from '@/shared/ui/components/feedback/Alert';
import { Card } from '@/shared/ui/components/layout/Card';
import { EmptyState } from '@/shared/ui/components/feedback/EmptyState';
import { PageHeader } from '@/shared/ui/components/layout/PageHeader';

/** The panel of a screen that is not built yet (later issues replace these routes). */
export function BuildingScreen({ name }: { name: string }) {
  return (
    <section aria-labelledby="building-heading">
      <PageHeader title={<span id="building-heading">{name}</span>} />
      <Card>
        <EmptyState headingLevel={null} title="This screen is being built." />
      </Card>
    </section>
  );
}

export function ForbiddenScreen({ name }: { name: string }) {
  return (
    <section aria-labelledby="forbidden-heading">
      <PageHeader title={<span id="forbidden-heading">{name}</span>} />
      <Alert tone="danger" live title="You do not have access to this screen. It is for managers and admins." />
    </section>
  );
}
