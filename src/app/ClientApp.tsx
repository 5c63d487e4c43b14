import { Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import * as clientPortal from '@/features/client-portal/routes';
import { ClientLayout } from '@/features/client-portal';
import type { ClientRoute } from '@/shared/routing';
import { ClientSession } from '@/shared/session/client-session';
import { browserStorage, clientSessionStore } from '@/shared/storage';
import { NotFound } from '@/shared/ui/NotFound';
import { Spinner } from '@/shared/ui/Spinner';

/** Every route under /client, from the features (one line each). */
export const CLIENT_ROUTES: ClientRoute[] = [...clientPortal.clientRoutes];

const { SessionExpiredDialog } = clientPortal;

/** The dialog's code (react-aria's modal) loads only when a session expires. */
function SessionExpiredGate() {
  const expired = ClientSession.useSelector((s) => s.hasTag('sessionExpired'));
  return expired ? (
    <Suspense fallback={null}>
      <SessionExpiredDialog />
    </Suspense>
  ) : null;
}

/**
 * Client paths needing login are allowed only with a verified session; otherwise /client/login
 * (spec 2.5). While the Session Expired dialog is up the page stays behind it.
 */
function RequireClient({ children, layout = true }: { children: ReactNode; layout?: boolean }) {
  const status = ClientSession.useSelector((s) =>
    s.matches('loggedIn') || s.matches('loggingOut') || s.matches('expired')
      ? 'in'
      : s.matches('verifying') || s.matches('checking')
        ? 'checking'
        : 'out',
  );
  if (status === 'checking') return <Spinner label="Checking your session" />;
  if (status === 'out') return <Redirect to="/login" replace />;
  return layout ? <ClientLayout>{children}</ClientLayout> : <>{children}</>;
}

/** Mounted under /client (paths here are relative to it). */
export default function ClientApp() {
  return (
    <ClientSession.Provider options={{ input: { store: clientSessionStore(browserStorage()) } }}>
      <Suspense fallback={<Spinner />}>
        <Switch>
          {CLIENT_ROUTES.map(({ path, screen: Screen, guest, layout }) => (
            <Route key={path} path={path}>
              {guest ? (
                <Screen />
              ) : (
                <RequireClient layout={layout ?? true}>
                  <Screen />
                </RequireClient>
              )}
            </Route>
          ))}
          <Route>
            <NotFound home="/client" />
          </Route>
        </Switch>
      </Suspense>
      <SessionExpiredGate />
    </ClientSession.Provider>
  );
}
