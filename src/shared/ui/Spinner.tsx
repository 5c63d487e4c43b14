// From its own module, not the kit's barrel: the first page of every audience loads this.
import { Spinner as KitSpinner } from '@/shared/ui/components/spinner/Spinner';

/** The loading spinner while a page loads (spec 2.1): the kit's, centred in its block. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return <KitSpinner label={label} block />;
}
