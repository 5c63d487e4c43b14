import { useEffect, useRef, type ReactNode } from 'react';
import { cx } from '@/shared/ui/components/cx';
import { ErrorIcon } from '@/shared/ui/components/icons';
import styles from './Form.module.css';

export type FormErrorBannerProps = {
  /** The summary ("The ticket was not saved"); nothing renders without it. */
  title?: ReactNode;
  /** Details: one line each (e.g. the fields that need attention, or the server's reason). */
  errors?: readonly ReactNode[];
  /** Moves focus to the banner when it appears, so keyboard and screen-reader users land on it. */
  focusOnShow?: boolean;
  className?: string;
};

/**
 * The form-level error, above the fields: announced at once (role="alert") when a save fails. The
 * form keeps everything typed; the fields keep their inline errors.
 */
export function FormErrorBanner({ title, errors = [], focusOnShow = true, className }: FormErrorBannerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = Boolean(title);
  useEffect(() => {
    if (shown && focusOnShow) ref.current?.focus();
  }, [shown, focusOnShow]);
  if (!shown) return null;
  return (
    <div ref={ref} role="alert" tabIndex={-1} className={cx(styles.banner, className)}>
      <ErrorIcon className={styles.bannerIcon} />
      <div>
        <p className={styles.bannerTitle}>{title}</p>
        {errors.length ? (
          <ul className={styles.bannerList}>
            {errors.map((error, i) => (
              <li key={i}>{error}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
