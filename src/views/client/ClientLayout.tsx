import { Suspense, type ReactNode } from 'react';
import { ClientSession } from '../../app/client-session';
import { Spinner } from '../ui/Spinner';

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
      <main className="shell-main">
        <Suspense fallback={<Spinner />}>{children}</Suspense>
      </main>
      <footer className="shell-footer">© {new Date().getFullYear()} Client Care. All rights reserved.</footer>
    </>
  );
}
