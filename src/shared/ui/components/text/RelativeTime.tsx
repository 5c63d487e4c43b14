import { useSyncExternalStore } from 'react';
import { formatDate, formatDateTime, formatFullDateTime, formatRelative, toDate, toIso, type DateInput, type FormatOptions } from '@/shared/ui/tokens/format';
import { cx } from '@/shared/ui/components/cx';
import { getNow, subscribeNow } from './now';
import styles from './Text.module.css';

const never = () => () => {};

export type RelativeTimeProps = FormatOptions & {
  value: DateInput;
  /** Compare with this instead of the clock (tests, screenshots). */
  now?: DateInput;
  /** Re-renders every minute so the text stays true. */
  live?: boolean;
  style?: Intl.RelativeTimeFormatStyle;
  className?: string;
};

/**
 * "3 hr. ago" in lists people scan; the full date and time in its title (shown on hover) and in
 * the machine-readable dateTime attribute. A missing date shows "—".
 */
export function RelativeTime({ value, now, live = false, style, className, ...format }: RelativeTimeProps) {
  const clock = useSyncExternalStore(live ? subscribeNow : never, getNow, getNow);
  const date = toDate(value);
  if (!date) return <span className={className}>{formatRelative(null)}</span>;
  return (
    <time dateTime={toIso(date)} title={formatFullDateTime(date, format)} className={cx(styles.time, styles.nowrap, styles.timeHint, className)}>
      {formatRelative(date, { ...format, style, now: now ?? (live ? clock : undefined) })}
    </time>
  );
}

/** A date, or date and time, in the user's locale ("Jun 24, 2026, 9:05 AM"), inside <time>. */
export function DateTime({ value, withTime = true, className, ...format }: FormatOptions & { value: DateInput; withTime?: boolean; className?: string }) {
  const date = toDate(value);
  if (!date) return <span className={className}>{formatDate(null)}</span>;
  return (
    <time dateTime={toIso(date)} className={cx(styles.time, className)}>
      {withTime ? formatDateTime(date, format) : formatDate(date, format)}
    </time>
  );
}
