import { Suspense, type ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { ClientSession } from '@/shared/session/client-session';
import { Spinner } from '@/shared/ui/Spinner';
import { Avatar, Button, Logo } from '@/shared/ui/components';
import { ClientLinks } from './form-parts';
import styles from './ClientLayout.module.css';

const NAV = [
  { href: '/', label: 'Dashboard' },
  { href: '/tickets', label: 'Tickets' },
  { href: '/paper', label: 'Order Paper' },
  { href: '/contact/support', label: 'Contact Support' },
  { href: '/help/resources', label: 'Help Resources' },
  { href: '/software/change/request', label: 'Software Change Requests' },
  { href: '/clientaichat', label: 'AI Chat' },
] as const;

function NavLink({ href, label }: { href: string; label: string }) {
  const [active] = useRoute(href);
  return (
    <Link href={href} className={styles.link} aria-current={active ? 'page' : undefined}>
      {label}
    </Link>
  );
}

export function ClientLayout({ children }: { children: ReactNode }) {
  const user = ClientSession.useSelector((s) => s.context.user);
  const session = ClientSession.useActorRef();
  return (
    <ClientLinks>
    <div className={styles.frame}>
      <header className={styles.header}>
        <Logo size={32} variant="inverse" />
        <div className={styles.titles}>
          <span className={styles.product}>Client Portal</span>
          <span className={styles.company}>{user?.companyName}</span>
        </div>
        <div className={styles.spacer} />
        {user ? (
          <span className={styles.user}>
            <Avatar name={user.name} size="sm" decorative />
            <span className={styles.userName}>{user.name}</span>
          </span>
        ) : null}
        <Button className={styles.logout} size="sm" onPress={() => session.send({ type: 'session.logOut' })}>
          Log Out
        </Button>
      </header>
      <nav className={styles.nav} aria-label="Client portal">
        {NAV.map((n) => (
          <NavLink key={n.href} {...n} />
        ))}
      </nav>
      <main className={styles.main}>
        <Suspense fallback={<Spinner />}>{children}</Suspense>
      </main>
      <footer className={styles.footer}>© {new Date().getFullYear()} Client Care. All rights reserved.</footer>
    </div>
    </ClientLinks>
  );
}
