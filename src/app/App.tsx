import { lazy, Suspense } from 'react';
import { Route, useLocation } from 'wouter';
import { Spinner } from '@/shared/ui/Spinner';
import { DialogHost } from '@/shared/ui/dialog/DialogHost';
import { provideNotifier } from '@/shared/machines/notify';

const ClientApp = lazy(() => import('./ClientApp'));
const StaffApp = lazy(() => import('./StaffApp'));
// The toast region loads beside the first screen, not in the entry chunk; toasts queued before it
// mounts wait in the queue and show when it does.
const ToastRegion = lazy(() => import('@/shared/ui/components/toast/ToastRegion').then((m) => ({ default: m.ToastRegion })));
// Machines' notices are shown as toasts: provided once, here (notices raised before wait for it).
void import('@/shared/ui/components/toast/toast-notifier').then((m) => provideNotifier(m.toastNotifier()));

/** Staff routes that sit under /client (spec 2.2: Client Portal Users). */
const STAFF_PATHS_UNDER_CLIENT = ['/client/portal/'];

export function isClientPath(path: string): boolean {
  if (STAFF_PATHS_UNDER_CLIENT.some((p) => path.startsWith(p))) return false;
  return path === '/client' || path.startsWith('/client/');
}

/** The two audiences load separately: a client never downloads the staff portal and back. */
export function App() {
  const [location] = useLocation();
  return (
    <Suspense fallback={<Spinner />}>
      {isClientPath(location) ? (
        <Route path="/client" nest>
          <ClientApp />
        </Route>
      ) : (
        <StaffApp />
      )}
      <DialogHost />
      {/* The one toast region of the app (staff and client): saves say they succeeded or why they failed. */}
      <Suspense fallback={null}>
        <ToastRegion />
      </Suspense>
    </Suspense>
  );
}
