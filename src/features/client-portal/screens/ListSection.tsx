import { useId, type ReactNode } from 'react';
import styles from './ListAndForm.module.css';

/** A titled list region: the heading, then the data table (or the skeleton or empty state in a frame like the table's). */
export function ListSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The frame a list's skeleton, error or empty state sits in until the table shows. */
export function ListPlaceholder({ children }: { children: ReactNode }) {
  return <div className={styles.placeholder}>{children}</div>;
}
