import type { ReactNode } from 'react';
import { cx } from '@/shared/ui/components/cx';
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '@/shared/ui/components/icons';
import styles from './Feedback.module.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';
const ICONS = { info: InfoIcon, success: SuccessIcon, warning: WarningIcon, danger: ErrorIcon } as const;

export type AlertProps = {
  tone?: AlertTone;
  title: ReactNode;
  children?: ReactNode;
  /** Announce it when it appears (role="alert"); for messages that arrive after an action. */
  live?: boolean;
  className?: string;
};

/** A message inside the page (not a toast): a notice above a form, a warning on a record. */
export function Alert({ tone = 'info', title, children, live = false, className }: AlertProps) {
  const Icon = ICONS[tone];
  return (
    <div role={live ? 'alert' : undefined} className={cx(styles.alert, tone !== 'info' && styles[tone], className)}>
      <Icon className={styles.alertIcon} />
      <div className={styles.alertBody}>
        <p className={styles.alertTitle}>{title}</p>
        {children ? <div className={styles.alertText}>{children}</div> : null}
      </div>
    </div>
  );
}
