import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { browserStorage, clientSessionStore } from '../services/storage';
import { ClientLayout } from '../views/client/ClientLayout';
import { NotFound } from '../views/ui/NotFound';
import { Spinner } from '../views/ui/Spinner';
import { ClientSession } from './client-session';

const ClientLoginScreen = lazy(() => import('../views/client/ClientLoginScreen'));
const ClientDashboard = lazy(() => import('../views/client/ClientDashboard'));

/** Client paths needing login are allowed only with a verified session; otherwise /client/login (spec 2.5). */
function RequireClient({ children }: { children: ReactNode }) {
  const status = ClientSession.useSelector((s) =>
    s.matches('loggedIn') || s.matches('loggingOut') ? 'in' : s.matches('verifying') || s.matches('checking') ? 'checking' : 'out',
  );
  if (status === 'checking') return <Spinner label="Checking your session" />;
  if (status === 'out') return <Redirect to="/login" replace />;
  return <ClientLayout>{children}</ClientLayout>;
}

/** Mounted under /client (paths here are relative to it). */
export default function ClientApp() {
  return (
    <ClientSession.Provider options={{ input: { store: clientSessionStore(browserStorage()) } }}>
      <Suspense fallback={<Spinner />}>
        <Switch>
          <Route path="/login">
            <ClientLoginScreen />
          </Route>
          <Route path="/">
            <RequireClient>
              <ClientDashboard />
            </RequireClient>
          </Route>
          <Route>
            <NotFound home="/client" />
          </Route>
        </Switch>
      </Suspense>
    </ClientSession.Provider>
  );
}
