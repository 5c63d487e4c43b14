import type { ReactNode } from 'react';
import styles from './Gallery.module.css';

export { styles as galleryStyles };

/** One component family: an <h2> with an anchor (#id), a line of guidance, then its groups of states. */
export function Section({ id, title, text, children }: { id: string; title: string; text?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`}>
      <div className={styles.sectionHeader}>
        <h2 id={`${id}-title`} className={styles.sectionTitle}>
          {title}
        </h2>
        <a className={styles.anchor} href={`#${id}`} aria-label={`Link to ${title}`}>
          #{id}
        </a>
      </div>
      {text ? <p className={styles.sectionText}>{text}</p> : null}
      {children}
    </section>
  );
}

export function Group({ title, children, layout = 'row', center }: { title: string; children: ReactNode; layout?: 'row' | 'grid' | 'stack'; center?: boolean }) {
  return (
    <div className={styles.group}>
      <h3 className={styles.groupTitle}>{title}</h3>
      {layout === 'stack' ? children : <div className={layout === 'grid' ? styles.grid : center ? `${styles.row} ${styles.rowCenter}` : styles.row}>{children}</div>}
    </div>
  );
}

/** A state of a component with its name above it ("disabled", "invalid"). */
export function Specimen({ name, children, wide }: { name: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? `${styles.specimen} ${styles.specimenWide}` : styles.specimen}>
      <span className={styles.caption}>{name}</span>
      {children}
    </div>
  );
}

/** A fixed "now" so relative times and dates in the gallery read the same in every screenshot. */
export const GALLERY_NOW = new Date('2026-06-24T14:00:00Z');
