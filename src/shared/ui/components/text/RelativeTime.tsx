import { useId, useState, useSyncExternalStore, type FocusEvent } from 'react';
import { createPortal } from 'react-dom';
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

/** Where the focus tip shows: above the time, in the viewport (it is portalled out of clipping cells). */
type TipPlace = { left: number; top: number };

/**
 * "3 hr. ago" in lists people scan; the full date and time on hover (its title) and on keyboard
 * focus (it is focusable: a tip above it, which is also its accessible description while focused),
 * and in the machine-readable dateTime attribute. Escape hides the tip. A missing date shows "—".
 */
export function RelativeTime({ value, now, live = false, style, className, ...format }: RelativeTimeProps) {
  const clock = useSyncExternalStore(live ? subscribeNow : never, getNow, getNow);
  const tipId = useId();
  const [tip, setTip] = useState<TipPlace | null>(null);
  const date = toDate(value);
  if (!date) return <span className={className}>{formatRelative(null)}</span>;
  const full = formatFullDateTime(date, format);
  const show = (e: FocusEvent<HTMLElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    setTip({ left: r.left + r.width / 2, top: r.top });
  };
  return (
    <>
      <time
        dateTime={toIso(date)}
        title={full}
        tabIndex={0}
        aria-describedby={tip ? tipId : undefined}
        onFocus={show}
        onBlur={() => setTip(null)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && tip) {
            e.stopPropagation();
            setTip(null);
          }
        }}
        className={cx(styles.time, styles.nowrap, styles.timeHint, className)}
      >
        {formatRelative(date, { ...format, style, now: now ?? (live ? clock : undefined) })}
      </time>
      {tip && typeof document !== 'undefined'
        ? createPortal(
            <span role="tooltip" id={tipId} className={styles.focusTip} style={{ left: tip.left, top: tip.top }}>
              {full}
            </span>,
            document.body,
          )
        : null}
    </>
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
