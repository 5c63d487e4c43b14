import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { browserStorage, clientSessionStore } from '@/shared/storage';
import { ClientLayout } from '@/features/client-portal/screens/ClientLayout';
import { NotFound } from '@/shared/ui/NotFound';
import { Spinner } from '@/shared/ui/Spinner';
import { ClientSession } from '@/shared/session/client-session';

const ClientLoginScreen = lazy(() => import('@/features/client-portal/screens/ClientLoginScreen'));
const ClientSignupScreen = lazy(() => import('@/features/client-portal/screens/ClientSignupScreen'));
const ClientForgotPasswordScreen = lazy(() => import('@/features/client-portal/screens/ClientForgotPasswordScreen'));
const ClientPasswordScreen = lazy(() => import('@/features/client-portal/screens/ClientPasswordScreen'));
const ClientDashboard = lazy(() => import('@/features/client-portal/screens/ClientDashboard'));
const ClientTicketsScreen = lazy(() => import('@/features/client-portal/screens/ClientTicketsScreen'));
const ClientPaperScreen = lazy(() => import('@/features/client-portal/screens/ClientPaperScreen'));
const ClientContactSupportScreen = lazy(() => import('@/features/client-portal/screens/ClientContactSupportScreen'));
const ClientHelpResourcesScreen = lazy(() => import('@/features/client-portal/screens/ClientHelpResourcesScreen'));
const ClientScrScreen = lazy(() => import('@/features/client-portal/screens/ClientScrScreen'));
const ClientAiChatScreen = lazy(() => import('@/features/client-portal/screens/ClientAiChatScreen'));
const SessionExpiredDialog = lazy(() => import('@/features/client-portal/screens/SessionExpiredDialog'));

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
          <Route path="/login">
            <ClientLoginScreen />
          </Route>
          <Route path="/signup">
            <ClientSignupScreen />
          </Route>
          <Route path="/forgot-password">
            <ClientForgotPasswordScreen />
          </Route>
          <Route path="/set-password/:token">
            <ClientPasswordScreen purpose="invite" />
          </Route>
          <Route path="/reset-password/:token">
            <ClientPasswordScreen purpose="reset" />
          </Route>
          <Route path="/">
            <RequireClient>
              <ClientDashboard />
            </RequireClient>
          </Route>
          <Route path="/tickets">
            <RequireClient>
              <ClientTicketsScreen />
            </RequireClient>
          </Route>
          <Route path="/paper">
            <RequireClient>
              <ClientPaperScreen />
            </RequireClient>
          </Route>
          <Route path="/contact/support">
            <RequireClient>
              <ClientContactSupportScreen />
            </RequireClient>
          </Route>
          <Route path="/help/resources">
            <RequireClient>
              <ClientHelpResourcesScreen />
            </RequireClient>
          </Route>
          <Route path="/software/change/request">
            <RequireClient>
              <ClientScrScreen />
            </RequireClient>
          </Route>
          <Route path="/clientaichat">
            <RequireClient layout={false}>
              <ClientAiChatScreen />
            </RequireClient>
          </Route>
          <Route>
            <NotFound home="/client" />
          </Route>
        </Switch>
      </Suspense>
      <SessionExpiredGate />
    </ClientSession.Provider>
  );
}
