import { Suspense, type ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { ClientSession } from '@/shared/session/client-session';
import { Spinner } from '@/shared/ui/Spinner';

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
    <Link href={href} className={active ? 'client-nav-link active' : 'client-nav-link'} aria-current={active ? 'page' : undefined}>
      {label}
    </Link>
  );
}

export function ClientLayout({ children }: { children: ReactNode }) {
  const user = ClientSession.useSelector((s) => s.context.user);
  const session = ClientSession.useActorRef();
  return (
    <>
      <header className="shell-header">
        <img src="/logo.svg" alt="" width={32} height={32} />
        <div className="titles">
          <strong>Client Portal</strong>
          <span>{user?.companyName}</span>
        </div>
        <div className="spacer" />
        <span>{user?.name}</span>
        <button type="button" className="btn btn-secondary" onClick={() => session.send({ type: 'session.logOut' })}>
          Log Out
        </button>
      </header>
      <nav className="client-nav" aria-label="Client portal">
        {NAV.map((n) => (
          <NavLink key={n.href} {...n} />
        ))}
      </nav>
      <main className="shell-main">
        <Suspense fallback={<Spinner />}>{children}</Suspense>
      </main>
      <footer className="shell-footer">© {new Date().getFullYear()} Client Care. All rights reserved.</footer>
    </>
  );
}
