import { lazy, Suspense } from 'react';
import { Route, useLocation } from 'wouter';
import { Spinner } from '@/shared/ui/Spinner';
import { DialogHost } from '@/shared/ui/dialog/DialogHost';
import { provideNotifier } from '@/shared/machines/notify';

const ClientApp = lazy(() => import('./ClientApp'));
const StaffApp = lazy(() => import('./StaffApp'));
// The toasts (their region and the notifier that feeds them) load beside the first screen after
// sign-in, not with the sign-in pages, which say every problem beside the form: notices raised before
// wait in the notifier's queue and show when the region mounts.
const Toasts = lazy(() =>
  Promise.all([import('@/shared/ui/components/toast/ToastRegion'), import('@/shared/ui/components/toast/toast-notifier')]).then(([region, notifier]) => {
    provideNotifier(notifier.toastNotifier());
    return { default: region.ToastRegion };
  }),
);
/** The sign-in pages (staff and client): the light entries the first visit loads. */
const SIGN_IN_PATHS: readonly string[] = ['/', '/client/login'];

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
      {SIGN_IN_PATHS.includes(location) ? null : (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </Suspense>
  );
}
