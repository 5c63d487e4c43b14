import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { APP_SUBTITLE, APP_TITLE, CHATBOT_WINDOW, MOBILE_BREAKPOINT_PX } from '@contracts/common/constants';
import { StaffSession } from '@/shared/session/staff-session';
import { StaffRoleContext } from '@/shared/session/role';
import { inspection } from '@/shared/inspection';
import { menuGroupOf, type MenuItem as NavItem } from '@/shared/routing';
import { shellMachine } from '../machines/shell.machine';
import { Spinner } from '@/shared/ui/Spinner';
import { Button as AriaButton } from 'react-aria-components';
import { Avatar } from '@/shared/ui/components/avatar/Avatar';
import { CheckIcon, MonitorIcon, MoonIcon, SunIcon } from '@/shared/ui/components/icons';
import { Logo } from '@/shared/ui/components/logo/Logo';
import { Menu, MenuItem, MenuSection, MenuSeparator, MenuTrigger } from '@/shared/ui/components/menu/Menu';
import { useTheme } from '@/shared/ui/components/theme/use-theme';
import { isThemeChoice } from '@/shared/ui/tokens/theme';
import { ApprovalsHeaderLink } from '@/features/approvals';
import { NotificationBell } from '@/features/notifications';
import { SearchButton, ShortcutOverlays, useShortcuts } from '@/shared/shortcuts/Shortcuts';
import { Sidebar } from './Sidebar';
import styles from './StaffLayout.module.css';

/** The overdue modal (a dialog and a table) loads when it first opens, not with the layout. */
const OverdueModal = lazy(() => import('@/features/overdue').then((m) => ({ default: m.OverdueModal })));
/** Search everything loads when the palette first opens (Ctrl+K, "/", the header's button). */
const SearchPalette = lazy(() => import('@/features/search').then((m) => ({ default: m.SearchPalette })));

const THEME_LABEL = { light: 'Light', dark: 'Dark', system: 'System' } as const;

/** The avatar's menu: Profile, the theme (Light, Dark, System), Log Out. */
function AccountMenu({ username, initials, picture, userid, onLogout, onProfile }: { username: string; initials: string; picture: string | null; userid: string; onLogout: () => void; onProfile: () => void }) {
  const { choice, setChoice } = useTheme();
  return (
    <MenuTrigger>
      <AriaButton className={styles.avatarButton} aria-label={`Signed in as ${username}`}>
        <Avatar name={username || 'Staff'} initials={initials} src={picture} colourKey={userid || undefined} decorative />
      </AriaButton>
      <Menu aria-label="Account" placement="bottom end">
        <MenuSection title={username}>
          <MenuItem id="profile" onAction={onProfile}>
            Profile
          </MenuItem>
        </MenuSection>
        <MenuSection title="Theme">
          {(['light', 'dark', 'system'] as const).map((id) => (
            <MenuItem
              key={id}
              id={`theme-${id}`}
              onAction={() => isThemeChoice(id) && setChoice(id)}
              textValue={THEME_LABEL[id]}
              icon={id === 'light' ? <SunIcon size={14} /> : id === 'dark' ? <MoonIcon size={14} /> : <MonitorIcon size={14} />}
            >
              <span className={styles.themeItem}>
                {THEME_LABEL[id]}
                {choice === id ? (
                  <>
                    <CheckIcon size={14} />
                    <span className="sr-only">(in use)</span>
                  </>
                ) : null}
              </span>
            </MenuItem>
          ))}
        </MenuSection>
        <MenuSeparator />
        <MenuItem id="logout" onAction={onLogout}>
          Log Out
        </MenuItem>
      </Menu>
    </MenuTrigger>
  );
}

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
const isMobileViewport = () => typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches;

/** The shared staff layout of spec 2.1: header, collapsible sidebar or drawer, footer. */
export function StaffLayout({ children, menu }: { children: ReactNode; menu: readonly NavItem[] }) {
  const session = StaffSession.useActorRef();
  const username = StaffSession.useSelector((s) => s.context.user?.username ?? '');
  const initials = StaffSession.useSelector((s) => s.context.initials);
  const userid = StaffSession.useSelector((s) => s.context.user?.userid ?? '');
  const avatar = StaffSession.useSelector((s) => s.children.avatar);
  const picture = useSelector(avatar, (s) => s?.context.url ?? null);
  const role = StaffSession.useSelector((s) => s.context.role);
  const overdue = StaffSession.useSelector((s) => s.children.overdue);
  const crossTab = StaffSession.useSelector((s) => s.children.crossTab);
  const overdueCount = useSelector(overdue, (s) => s?.context.tickets.length ?? 0);
  const overdueOpen = useSelector(overdue, (s) => s?.matches({ modal: 'open' }) ?? false);

  const shell = useActorRef(shellMachine, { input: { mobile: isMobileViewport() }, inspect: inspection.inspect });
  const narrow = useSelector(shell, (s) => s.matches('narrow'));
  const drawerOpen = useSelector(shell, (s) => s.matches({ narrow: 'open' }));
  const collapsed = useSelector(shell, (s) => s.matches({ wide: 'collapsed' }));
  const [location, navigate] = useLocation();
  const keys = useShortcuts(navigate);

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
    <div className={styles.shell} data-narrow={narrow || undefined}>
      <header className={styles.header}>
        <button
          type="button"
          className={styles.toggle}
          aria-label={narrow ? 'Open menu' : collapsed ? 'Expand menu' : 'Collapse menu'}
          aria-expanded={sidebarVisible}
          aria-controls="staff-sidebar"
          onClick={() => shell.send({ type: narrow ? 'shell.toggleDrawer' : 'shell.toggleSidebar' })}
        >
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
            <path d="M3 5.5h14M3 10h14M3 14.5h14" />
          </svg>
        </button>
        <div className={styles.brand}>
          <Logo size={30} />
          <div className={styles.titles}>
            <strong className={styles.title}>{APP_TITLE}</strong>
            <span className={styles.subtitle}>{APP_SUBTITLE}</span>
          </div>
        </div>
        <div className={styles.spacer} />
        <SearchButton keys={keys} />
        {overdue && overdueCount > 0 ? (
          <button
            type="button"
            className={styles.overdue}
            aria-label={`${overdueCount} overdue tickets`}
            title="Overdue tickets"
            onClick={() => overdue.send({ type: 'overdue.openModal' })}
          >
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="8" cy="8" r="6.5" />
              <path d="M8 4.5V8l2.5 1.5" />
            </svg>
            {overdueCount}
          </button>
        ) : null}
        <Suspense fallback={null}>
          <ApprovalsHeaderLink />
        </Suspense>
        <NotificationBell />
        <AccountMenu username={username} initials={initials} picture={picture} userid={userid} onLogout={() => onAction('logout')} onProfile={() => navigate('/user/options')} />
      </header>
      <div className={styles.body}>
        {narrow && drawerOpen ? <div className={styles.backdrop} aria-hidden="true" onClick={() => shell.send({ type: 'shell.closeDrawer' })} /> : null}
        <aside id="staff-sidebar" className={`${styles.sidebar}${narrow ? ` ${styles.drawer}` : ''}`} hidden={!sidebarVisible}>
          <Sidebar menu={menu} shell={shell} role={role} location={location} onAction={onAction} />
        </aside>
        <div className={styles.column}>
          <main className={styles.main} id="main">
            <StaffRoleContext.Provider value={role}>
              <Suspense fallback={<Spinner />}>{children}</Suspense>
            </StaffRoleContext.Provider>
          </main>
          <footer className={styles.footer}>© {new Date().getFullYear()} Client Care. All rights reserved.</footer>
        </div>
      </div>
      <ShortcutOverlays keys={keys} Palette={SearchPalette} navigate={navigate} />
      {overdue && overdueOpen ? (
        <Suspense fallback={null}>
          <OverdueModal overdue={overdue} />
        </Suspense>
      ) : null}
    </div>
  );
}
