import { Spinner as KitSpinner } from '@/shared/ui/components';

/** The loading spinner while a page loads (spec 2.1): the kit's, centred in its block. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return <KitSpinner label={label} block />;
}
