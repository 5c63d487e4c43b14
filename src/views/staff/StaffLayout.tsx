import { Suspense, type ReactNode } from 'react';
import { APP_SUBTITLE, APP_TITLE } from '../../contracts/constants';
import { StaffSession } from '../../app/staff-session';
import { Spinner } from '../ui/Spinner';

export function StaffLayout({ children }: { children: ReactNode }) {
  const username = StaffSession.useSelector((s) => s.context.user?.username ?? '');
  const session = StaffSession.useActorRef();
  return (
    <>
      <header className="shell-header">
        <img src="/logo.svg" alt="" width={32} height={32} />
        <div className="titles">
          <strong>{APP_TITLE}</strong>
          <span>{APP_SUBTITLE}</span>
        </div>
        <div className="spacer" />
        <span>{username}</span>
        <button type="button" className="btn btn-secondary" onClick={() => session.send({ type: 'session.signOut' })}>
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
