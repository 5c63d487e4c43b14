import type { ReactNode } from 'react';
import { cx } from '@/shared/ui/components/cx';
import { InboxIcon } from '@/shared/ui/components/icons';
import styles from './Feedback.module.css';

export type EmptyStateProps = {
  title: ReactNode;
  /** One sentence: why it is empty, or what to do. */
  text?: ReactNode;
  /** Defaults to an inbox. */
  icon?: ReactNode;
  /** The way forward: "Create ticket", "Clear filters". */
  actions?: ReactNode;
  /** Less padding, for a card or a table body. */
  compact?: boolean;
  /** The title's heading level (default 2; 1 when the empty state is the whole page); null renders it as text. */
  headingLevel?: 1 | 2 | 3 | 4 | null;
  className?: string;
};

/** What an empty list or a search without results shows instead of nothing. */
export function EmptyState({ title, text, icon, actions, compact, headingLevel = 2, className }: EmptyStateProps) {
  const Title = headingLevel === null ? 'p' : (`h${headingLevel}` as const);
  return (
    <div className={cx(styles.empty, compact && styles.compact, className)}>
      <span className={styles.emptyIcon} aria-hidden="true">
        {icon ?? <InboxIcon size={20} />}
      </span>
      <Title className={styles.emptyTitle}>{title}</Title>
      {text ? <p className={styles.emptyText}>{text}</p> : null}
      {actions ? <div className={styles.emptyActions}>{actions}</div> : null}
    </div>
  );
}
