import { EmptyState } from '@/shared/ui/components/feedback/EmptyState';
import { LinkButton } from '@/shared/ui/components/button/Button';

/** Any unknown path (spec 2.1): an empty state with the way back. */
export function NotFound({ home = '/' }: { home?: string }) {
  return (
    <main id="main">
      <EmptyState
        headingLevel={1}
        title="Page not found"
        text="There is no page at this address."
        actions={
          <LinkButton href={home} variant="primary">
            Go to the start page
          </LinkButton>
        }
      />
    </main>
  );
}
