import type { ReactNode } from 'react';
import { Breadcrumb, Breadcrumbs as AriaBreadcrumbs, Link } from 'react-aria-components';
import { cx } from '@/shared/ui/components/cx';
import styles from './PageHeader.module.css';

export type PageHeaderProps = {
  /** The page's one <h1>. */
  title: ReactNode;
  subtitle?: ReactNode;
  /** Usually <Breadcrumbs>. */
  breadcrumbs?: ReactNode;
  /** Beside the title: a status badge, an id. */
  meta?: ReactNode;
  /** The page's actions, right-aligned (the primary one last). */
  actions?: ReactNode;
  className?: string;
};

/**
 * The top of a screen: breadcrumbs, the <h1>, a subtitle and the actions. It sets nothing global
 * (the route sets the tab title).
 */
export function PageHeader({ title, subtitle, breadcrumbs, meta, actions, className }: PageHeaderProps) {
  return (
    <header className={cx(styles.header, className)}>
      <div className={styles.titles}>
        {breadcrumbs ? <div className={styles.breadcrumbs}>{breadcrumbs}</div> : null}
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{title}</h1>
          {meta}
        </div>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}

export type Crumb = { label: string; href?: string };

/** "Tickets / Ticket #123": every crumb but the last is a link; the last is the current page. */
export function Breadcrumbs({ items, label = 'Breadcrumbs' }: { items: readonly Crumb[]; label?: string }) {
  return (
    <nav aria-label={label}>
      <AriaBreadcrumbs className={styles.crumbs} items={items.map((c, i) => ({ ...c, id: i }))}>
        {(crumb) => (
          <Breadcrumb className={styles.crumb}>
            <Link href={crumb.href} className={styles.crumbLink}>
              {crumb.label}
            </Link>
          </Breadcrumb>
        )}
      </AriaBreadcrumbs>
    </nav>
  );
}
