import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { browserStorage, staffSessionStore } from '../services/storage';
import { NotFound } from '../views/ui/NotFound';
import { Spinner } from '../views/ui/Spinner';
import { StaffSession } from './staff-session';
import { StaffLayout } from '../views/staff/StaffLayout';

const SignInScreen = lazy(() => import('../views/staff/SignInScreen'));
const HomeScreen = lazy(() => import('../views/staff/HomeScreen'));
const OutboxScreen = lazy(() => import('../views/staff/OutboxScreen'));

/** Staff routes need a signed-in session (spec 2.5); otherwise the user goes to the sign-in screen. */
function RequireStaff({ children }: { children: ReactNode }) {
  const signedIn = StaffSession.useSelector((s) => s.matches('signedIn') || s.matches('signingOut'));
  if (!signedIn) return <Redirect to="/" replace />;
  return <StaffLayout>{children}</StaffLayout>;
}

export default function StaffApp() {
  return (
    <StaffSession.Provider options={{ input: { store: staffSessionStore(browserStorage()) } }}>
      <Suspense fallback={<Spinner />}>
        <Switch>
          <Route path="/">
            <SignInScreen />
          </Route>
          <Route path="/home">
            <RequireStaff>
              <HomeScreen />
            </RequireStaff>
          </Route>
          <Route path="/admin/outbox">
            <RequireStaff>
              <OutboxScreen />
            </RequireStaff>
          </Route>
          <Route>
            <NotFound />
          </Route>
        </Switch>
      </Suspense>
    </StaffSession.Provider>
  );
}
