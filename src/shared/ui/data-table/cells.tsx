import type { ReactNode } from 'react';
import { cx } from '@/shared/ui/components/cx';
import styles from './DataTable.module.css';

/** A text cell: one line, cut with an ellipsis; the full text shows on hover and focus when cut. */
export function TextCell({ text }: { text: string }) {
  return (
    <span className={cx('dt-cell', styles.cell)} data-full={text}>
      <span className={styles.text}>{text}</span>
    </span>
  );
}

/**
 * For a column's `cell` that renders one line of text in its own element (a link to the row):
 * cut with an ellipsis like plain cells, the full `text` on hover and when the element has focus.
 */
export function CellText({ text, children }: { text: string; children: ReactNode }) {
  return (
    <span className={cx('dt-cell', styles.cell, styles.custom)} data-full={text}>
      {children}
    </span>
  );
}
