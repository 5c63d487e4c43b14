import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Spinner } from '../views/ui/Spinner';
import { DialogHost } from '../views/ui/dialog/DialogHost';

const ClientApp = lazy(() => import('./ClientApp'));
const StaffApp = lazy(() => import('./StaffApp'));

/** The two audiences load separately: a client never downloads the staff portal and back. */
export function App() {
  return (
    <Suspense fallback={<Spinner />}>
      <Switch>
        <Route path="/client" nest>
          <ClientApp />
        </Route>
        <Route>
          <StaffApp />
        </Route>
      </Switch>
      <DialogHost />
    </Suspense>
  );
}
