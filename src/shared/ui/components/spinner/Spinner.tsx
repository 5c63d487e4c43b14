import { cx } from '@/shared/ui/components/cx';
import styles from './Spinner.module.css';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export type SpinnerProps = {
  /** What is loading; read by screen readers, and shown when `showLabel`. */
  label?: string;
  showLabel?: boolean;
  size?: SpinnerSize;
  /** Centred in a padded block (a region that is loading) instead of inline. */
  block?: boolean;
  className?: string;
};

/** A loading indicator announced politely as a status ("Loading…"). */
export function Spinner({ label = 'Loading…', showLabel = false, size = 'md', block = false, className }: SpinnerProps) {
  return (
    <span role="status" className={cx(styles.spinner, block && styles.block, className)}>
      <SpinnerRing size={size} />
      <span className={showLabel ? undefined : 'sr-only'}>{label}</span>
    </span>
  );
}

/** The spinning ring alone, hidden from assistive technology (for use inside a control that announces itself). */
export function SpinnerRing({ size = 'md', inherit = false }: { size?: SpinnerSize; inherit?: boolean }) {
  return <span aria-hidden="true" className={cx(styles.ring, size !== 'md' && styles[size], inherit && styles.inherit)} />;
}
