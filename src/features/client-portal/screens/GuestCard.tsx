import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cx } from '@/shared/ui/components/cx';
import { Logo } from '@/shared/ui/components/logo/Logo';
import styles from './GuestCard.module.css';
import { usePageTitle } from '@/shared/page-title';

export { styles as guestStyles };

/** The guest layout: one centred card with the brand mark; its title names the tab too. Native links only (the public pages' light entry). */
export function GuestCard({ title, subtitle, wide, children }: { title: string; subtitle?: ReactNode; wide?: boolean; children: ReactNode }) {
  usePageTitle(title);
  return (
    <main className={styles.page}>
      <div className={cx(styles.card, wide && styles.wide)}>
        <div className={styles.head}>
          <Logo size={40} />
          <h1 className={styles.title}>{title}</h1>
          {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        </div>
        {children}
      </div>
    </main>
  );
}

/** The links under a guest form ("Back to login"), each a 44 px tap target. */
export function GuestLinks({ children }: { children: ReactNode }) {
  return <p className={styles.links}>{children}</p>;
}

/** A guest request that was accepted: its message, and the way back to log-in. */
export function AcceptedCard({ title, message }: { title: string; message: string }) {
  return (
    <GuestCard title={title}>
      <p role="status" className={styles.message}>
        {message}
      </p>
      <GuestLinks>
        <Link href="/login">Back to login</Link>
      </GuestLinks>
    </GuestCard>
  );
}
