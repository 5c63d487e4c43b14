import type { CSSProperties, ReactNode } from 'react';
import { cx } from '@/shared/ui/components/cx';
import styles from './Feedback.module.css';

type Common = { className?: string; label?: string };

/** A grey block that stands in for content while it loads. */
export function Skeleton({ width = '100%', height = '0.75rem', radius, className }: { width?: string; height?: string; radius?: string; className?: string }) {
  return <span aria-hidden="true" className={cx(styles.skeleton, className)} style={{ width, height, borderRadius: radius }} />;
}

/** Wraps placeholders so screen readers hear "Loading…" once instead of nothing. */
function Loading({ label = 'Loading…', className, children }: Common & { children: ReactNode }) {
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

const LINE_WIDTHS = ['100%', '92%', '96%', '70%', '88%', '60%'];

/** Lines of text; the last one shorter. */
export function SkeletonText({ lines = 3, ...common }: Common & { lines?: number }) {
  return (
    <Loading {...common} className={cx(styles.lines, common.className)}>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={styles.line} width={i === lines - 1 && lines > 1 ? '55%' : LINE_WIDTHS[i % LINE_WIDTHS.length]} />
      ))}
    </Loading>
  );
}

/** A table's header and rows, with columns of the given relative widths. */
export function SkeletonTable({ rows = 5, columns = [1, 3, 1.5, 1.5, 1], ...common }: Common & { rows?: number; columns?: readonly number[] }) {
  const cols = columns.map((c) => `${c}fr`).join(' ');
  return (
    <Loading {...common} className={cx(styles.table, common.className)}>
      {Array.from({ length: rows + 1 }, (_, r) => (
        <div key={r} className={styles.row} style={{ '--_cols': cols } as CSSProperties}>
          {columns.map((_, c) => (
            <Skeleton key={c} width={r === 0 ? '60%' : `${70 + ((r * 7 + c * 13) % 30)}%`} height={r === 0 ? '0.625rem' : '0.75rem'} />
          ))}
        </div>
      ))}
    </Loading>
  );
}

/** A card: a title, a few lines and a button's place. */
export function SkeletonCard(common: Common) {
  return (
    <Loading {...common} className={cx(styles.cardSkeleton, common.className)}>
      <Skeleton width="40%" height="1rem" />
      <Skeleton width="100%" />
      <Skeleton width="85%" />
      <Skeleton width="6rem" height="2rem" radius="var(--cc-radius-md)" />
    </Loading>
  );
}
