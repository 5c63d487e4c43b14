import { Suspense, useMemo, type ComponentType } from 'react';
import { Route, Router, Switch, type BaseLocationHook } from 'wouter';
import { navigate as historyNavigate, useBrowserLocation } from 'wouter/use-browser-location';
import { isPublicPagePath } from '@contracts/common/public-pages';
import { CLIENT_GUEST_PATHS, type ClientGuestPage } from '@/features/client-portal/guest-paths';
// Every public page's screen comes with the entry: its first paint needs no second round trip
// (docs/adr/0262-public-pages-screens-in-the-entry.md). The portal keeps them lazy.
import SignInScreen from '@/features/sign-in/screens/SignInScreen';
import ClientForgotPasswordScreen from '@/features/client-portal/screens/ClientForgotPasswordScreen';
import ClientLoginScreen from '@/features/client-portal/screens/ClientLoginScreen';
import ClientPasswordScreen from '@/features/client-portal/screens/ClientPasswordScreen';
import ClientSignupScreen from '@/features/client-portal/screens/ClientSignupScreen';
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

/** The client portal's public pages, each with its screen (the same the portal loads lazily). */
const GUEST_SCREENS: Record<ClientGuestPage, ComponentType> = {
  login: ClientLoginScreen,
  signup: ClientSignupScreen,
  forgotPassword: ClientForgotPasswordScreen,
  setPassword: () => <ClientPasswordScreen purpose="invite" />,
  resetPassword: () => <ClientPasswordScreen purpose="reset" />,
};

/** The client portal's public pages, with the client session (a logged-in client goes to the portal). */
function ClientGuestPages() {
  return (
    <ClientSession.Provider options={{ input: { store: clientSessionStore(browserStorage()) } }}>
      <Switch>
        {(Object.keys(GUEST_SCREENS) as ClientGuestPage[]).map((page) => {
          const Screen = GUEST_SCREENS[page];
          return (
            <Route key={page} path={CLIENT_GUEST_PATHS[page]}>
              <Screen />
            </Route>
          );
        })}
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
