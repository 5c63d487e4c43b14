import { useId, type CSSProperties, type ReactNode } from 'react';
import { cx } from '@/shared/ui/components/cx';
import styles from './Card.module.css';

type HeadingLevel = 2 | 3 | 4;

export type CardProps = {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons or a menu in the header's right corner. */
  actions?: ReactNode;
  footer?: ReactNode;
  /** 'md' (default), 'compact', or 'none' for a table or list that runs edge to edge. */
  padding?: 'md' | 'compact' | 'none';
  /** The title's heading level (default 2). */
  headingLevel?: HeadingLevel;
  /** Names the card as a region (only for landmarks worth jumping to). */
  asRegion?: boolean;
  children?: ReactNode;
  className?: string;
  id?: string;
};

function Header({ title, description, actions, headingLevel = 2, titleId, quiet }: Pick<CardProps, 'title' | 'description' | 'actions' | 'headingLevel'> & { titleId?: string; quiet?: boolean }) {
  if (!title && !actions) return null;
  const H = `h${headingLevel}` as const;
  return (
    <div className={cx(styles.header, quiet && styles.headerQuiet)}>
      <div className={styles.titles}>
        {title ? (
          <H className={styles.title} id={titleId}>
            {title}
          </H>
        ) : null}
        {description ? <p className={styles.description}>{description}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}

/** A surface for one subject: a panel of properties, a list, a form section. */
export function Card({ title, description, actions, footer, padding = 'md', headingLevel, asRegion, children, className, id }: CardProps) {
  const autoId = useId();
  const titleId = `${id ?? autoId}-title`;
  const Tag = asRegion ? 'section' : 'div';
  return (
    <Tag id={id} className={cx(styles.card, className)} aria-labelledby={asRegion ? titleId : undefined}>
      <Header title={title} description={description} actions={actions} headingLevel={headingLevel} titleId={titleId} />
      <div className={cx(styles.body, padding === 'none' && styles.flush, padding === 'compact' && styles.compact)}>{children}</div>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </Tag>
  );
}

export type ChartFrameProps = {
  title: ReactNode;
  /** What the chart shows, in words (also a good text alternative's first line). */
  description?: ReactNode;
  actions?: ReactNode;
  /** The body's minimum height, so a chart has room before it measures itself. */
  height?: string;
  /** Source, period, a link to the data table. */
  footer?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
  headingLevel?: HeadingLevel;
};

/** The frame a chart sits in: a titled region with a description, actions and a sized body. */
export function ChartFrame({ title, description, actions, height = '16rem', footer, children, className, id, headingLevel }: ChartFrameProps) {
  const autoId = useId();
  const titleId = `${id ?? autoId}-title`;
  return (
    <section id={id} className={cx(styles.card, className)} aria-labelledby={titleId}>
      <Header title={title} description={description} actions={actions} headingLevel={headingLevel} titleId={titleId} quiet />
      <div className={cx(styles.body, styles.chartBody)} style={{ '--_chart-height': height } as CSSProperties}>
        {children}
      </div>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </section>
  );
}

/** A figure in a card: "Open tickets 318". */
export function Stat({ label, value, hint }: { label: ReactNode; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className={styles.stat}>
      <span className={styles.statLabel}>{label}</span>
      <span className={styles.statValue}>{value}</span>
      {hint ? <span className={styles.statHint}>{hint}</span> : null}
    </div>
  );
}
