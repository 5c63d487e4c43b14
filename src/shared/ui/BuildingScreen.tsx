import { Alert } from '@/shared/ui/components/feedback/Alert';
import { Card } from '@/shared/ui/components/layout/Card';
import { EmptyState } from '@/shared/ui/components/feedback/EmptyState';
import { PageHeader } from '@/shared/ui/components/layout/PageHeader';
import type { Role } from '@contracts/common/constants';

/** Who a role-bound screen is for, as the refusal names them. */
const ROLE_PLURALS: Record<Role, string> = { user: 'staff users', manager: 'managers', admin: 'admins' };
/** "admins", "managers and admins": the roles the screen's route allows. */
const forWhom = (roles: readonly Role[]) => {
  const names = roles.map((r) => ROLE_PLURALS[r]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
};

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

/** A screen the signed-in role may not see; it says whom the screen is for (the route's roles, as the server enforces them). */
export function ForbiddenScreen({ name, roles }: { name: string; roles: readonly Role[] }) {
  return (
    <section aria-labelledby="forbidden-heading">
      <PageHeader title={<span id="forbidden-heading">{name}</span>} />
      <Alert tone="danger" live title={`You do not have access to this screen. It is for ${forWhom(roles)}.`} />
    </section>
  );
}
