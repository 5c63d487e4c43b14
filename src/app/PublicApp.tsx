import { Suspense, useMemo } from 'react';
import { Route, Router, Switch, type BaseLocationHook } from 'wouter';
import { navigate as historyNavigate, useBrowserLocation } from 'wouter/use-browser-location';
import { CLIENT_PATHS } from '@contracts/common/constants';
import { isPublicPagePath } from '@contracts/common/public-pages';
import { clientGuestRoutes } from '@/features/client-portal/guest-routes';
// The two sign-in forms come with the entry (no second round trip before the first paint); the
// other public pages load their screen when opened.
import SignInScreen from '@/features/sign-in/screens/SignInScreen';
import ClientLoginScreen from '@/features/client-portal/screens/ClientLoginScreen';
import { inspection } from '@/shared/inspection';
import { PageTitle } from '@/shared/page-title';
import { ClientSession } from '@/shared/session/client-session';
import { browserSessionInput, StaffSession } from '@/shared/session/staff-session';
import { browserStorage, clientSessionStore, staffSessionStore } from '@/shared/storage';
import { Spinner } from '@/shared/ui/Spinner';

/**
 * Moves between the public pages without a reload, and to anything else (the portal after
 * sign-in, /home for a signed-in person) with a full navigation: the portal is another entry.
 */
export const leavePublicPages = (to: string, options?: { replace?: boolean }) => {
  const path = to.split(/[?#]/)[0] ?? to;
  if (isPublicPagePath(path)) historyNavigate(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

const usePublicLocation: BaseLocationHook = () => [useBrowserLocation()[0], leavePublicPages];

/** The staff sign-in (/), with the tab's staff session (its storage and the cross-tab hand-over). */
function StaffSignIn() {
  const input = useMemo(() => browserSessionInput(staffSessionStore(browserStorage())), []);
  return (
    <StaffSession.Provider options={{ input, inspect: inspection.inspect }}>
      <PageTitle base="Sign in">
        <SignInScreen />
      </PageTitle>
    </StaffSession.Provider>
  );
}

/** The log-in page's path under /client. */
const CLIENT_LOGIN = CLIENT_PATHS.login.slice('/client'.length);

/** The client portal's public pages, with the client session (a logged-in client goes to the portal). */
function ClientGuestPages() {
  return (
    <ClientSession.Provider options={{ input: { store: clientSessionStore(browserStorage()) } }}>
      <Switch>
        <Route path={CLIENT_LOGIN}>
          <ClientLoginScreen />
        </Route>
        {clientGuestRoutes
          .filter(({ path }) => path !== CLIENT_LOGIN)
          .map(({ path, screen: Screen }) => (
            <Route key={path} path={path}>
              <Screen />
            </Route>
          ))}
      </Switch>
    </ClientSession.Provider>
  );
}

/**
 * The light public entry's app (docs/adr/0146-public-pages-entry.md): the six public pages with the
 * same screens and session statecharts as the portal, without the portal's shells.
 */
export function PublicApp() {
  return (
    <Router hook={usePublicLocation}>
      <Suspense fallback={<Spinner />}>
        <Switch>
          <Route path="/">
            <StaffSignIn />
          </Route>
          <Route path="/client" nest>
            <ClientGuestPages />
          </Route>
        </Switch>
      </Suspense>
    </Router>
  );
}
