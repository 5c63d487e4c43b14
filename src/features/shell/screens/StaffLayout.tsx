import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { APP_SUBTITLE, APP_TITLE, CHATBOT_WINDOW, MOBILE_BREAKPOINT_PX } from '@contracts/common/constants';
import { StaffSession } from '@/shared/session/staff-session';
import { StaffRoleContext } from '@/shared/session/role';
import { inspection } from '@/shared/inspection';
import { menuGroupOf, type MenuItem } from '@/shared/routing';
import { shellMachine } from '../machines/shell.machine';
import { Spinner } from '@/shared/ui/Spinner';
import { OverdueModal } from '@/features/overdue';
import { Sidebar } from './Sidebar';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
const isMobileViewport = () => typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches;

/** The shared staff layout of spec 2.1: header, collapsible sidebar or drawer, footer. */
export function StaffLayout({ children, menu }: { children: ReactNode; menu: readonly MenuItem[] }) {
  const session = StaffSession.useActorRef();
  const username = StaffSession.useSelector((s) => s.context.user?.username ?? '');
  const initials = StaffSession.useSelector((s) => s.context.initials);
  const role = StaffSession.useSelector((s) => s.context.role);
  const overdue = StaffSession.useSelector((s) => s.children.overdue);
  const crossTab = StaffSession.useSelector((s) => s.children.crossTab);
  const overdueCount = useSelector(overdue, (s) => s?.context.tickets.length ?? 0);

  const shell = useActorRef(shellMachine, { input: { mobile: isMobileViewport() }, inspect: inspection.inspect });
  const narrow = useSelector(shell, (s) => s.matches('narrow'));
  const drawerOpen = useSelector(shell, (s) => s.matches({ narrow: 'open' }));
  const collapsed = useSelector(shell, (s) => s.matches({ wide: 'collapsed' }));
  const [location] = useLocation();

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(MOBILE_QUERY);
    const onChange = () => shell.send({ type: 'shell.viewportChanged', mobile: query.matches });
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [shell]);

  useEffect(() => {
    shell.send({ type: 'shell.routeChanged', group: menuGroupOf(menu, location) });
  }, [shell, location, menu]);

  const onAction = (action: 'chatbot' | 'learningCenter' | 'logout') => {
    if (action === 'logout') session.send({ type: 'session.signOut' });
    else if (action === 'learningCenter') session.send({ type: 'session.openLearningCenter' });
    else
      crossTab?.send({
        type: 'crossTab.openWindow',
        url: '/chat/bot',
        name: 'chatbot',
        features: `width=${CHATBOT_WINDOW.width},height=${CHATBOT_WINDOW.height}`,
      });
  };

  const sidebarVisible = narrow ? drawerOpen : !collapsed;

  return (
    <div className={`staff-shell${narrow ? ' is-narrow' : ''}`}>
      <header className="shell-header">
        <button
          type="button"
          className="icon-button"
          aria-label={narrow ? 'Open menu' : collapsed ? 'Expand menu' : 'Collapse menu'}
          aria-expanded={sidebarVisible}
          aria-controls="staff-sidebar"
          onClick={() => shell.send({ type: narrow ? 'shell.toggleDrawer' : 'shell.toggleSidebar' })}
        >
          ☰
        </button>
        <img src="/logo.svg" alt="" width={32} height={32} />
        <div className="titles">
          <strong>{APP_TITLE}</strong>
          <span>{APP_SUBTITLE}</span>
        </div>
        <div className="spacer" />
        {overdue && overdueCount > 0 ? (
          <button
            type="button"
            className="overdue-badge"
            aria-label={`${overdueCount} overdue tickets`}
            onClick={() => overdue.send({ type: 'overdue.openModal' })}
          >
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="8" cy="8" r="6.5" />
              <path d="M8 4.5V8l2.5 1.5" />
            </svg>
            {overdueCount}
          </button>
        ) : null}
        <span className="initials" role="img" aria-label={`Signed in as ${username}`} title={username}>
          {initials}
        </span>
      </header>
      <div className="shell-body">
        {narrow && drawerOpen ? (
          <div className="drawer-backdrop" aria-hidden="true" onClick={() => shell.send({ type: 'shell.closeDrawer' })} />
        ) : null}
        <aside id="staff-sidebar" className={`sidebar${narrow ? ' drawer' : ''}`} hidden={!sidebarVisible}>
          <Sidebar menu={menu} shell={shell} role={role} location={location} onAction={onAction} />
        </aside>
        <main className="shell-main" id="main">
          <StaffRoleContext.Provider value={role}>
            <Suspense fallback={<Spinner />}>{children}</Suspense>
          </StaffRoleContext.Provider>
        </main>
      </div>
      <footer className="shell-footer">© {new Date().getFullYear()} Client Care. All rights reserved.</footer>
      {overdue ? <OverdueModal overdue={overdue} /> : null}
    </div>
  );
}
