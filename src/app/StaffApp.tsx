import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { matchRoute, Redirect, useLocation, useRouter, type Parser } from 'wouter';
import { browserStorage, staffSessionStore } from '@/shared/storage';
import { Spinner } from '@/shared/ui/Spinner';
import { inspection } from '@/shared/inspection';
import { PageTitle } from '@/shared/page-title';
import { ScrollManager } from './ScrollManager';
import { browserSessionInput, StaffSession } from '@/shared/session/staff-session';
import { STAFF_ROUTES, type StaffRoute } from './staff-routes';

import { SignInScreen } from '@/features/sign-in';
import { registryLoader } from '@/shared/machine-registry';

// The machine registry (for /qa/machines) loads only when a screen shows it.
registryLoader(() => import('./machine-registry'));

// What the sign-in page never shows loads when first needed: the layout (with the menu and what
// features add), the not-found, forbidden and placeholder screens.
const SignedInLayout = lazy(() => import('./SignedInLayout'));
const NotFound = lazy(() => import('@/shared/ui/NotFound').then((m) => ({ default: m.NotFound })));
const BuildingScreen = lazy(() => import('@/shared/ui/BuildingScreen').then((m) => ({ default: m.BuildingScreen })));
const ForbiddenScreen = lazy(() => import('@/shared/ui/BuildingScreen').then((m) => ({ default: m.ForbiddenScreen })));

/** Kept-alive screens remembered at most (least recently used go first). */
const KEEP_ALIVE_LIMIT = 5;

type Found = { route: StaffRoute; params: Record<string, string | undefined> };

function findRoute(parser: Parser, path: string): Found | null {
  for (const route of STAFF_ROUTES) {
    const [matched, params] = matchRoute(parser, route.path, path);
    if (matched) return { route, params: (params ?? {}) as Record<string, string | undefined> };
  }
  return null;
}

function Screen({ route, params, active = true }: Found & { active?: boolean }) {
  const role = StaffSession.useSelector((s) => s.context.role);
  const Component = route.screen;
  return (
    <PageTitle base={route.title ?? route.name} active={active}>
      {route.roles && !route.roles.includes(role) ? (
        <ForbiddenScreen name={route.name} roles={route.roles} />
      ) : Component ? (
        <Component params={params} />
      ) : (
        <BuildingScreen name={route.name} />
      )}
    </PageTitle>
  );
}

/**
 * Staff paths need a session (spec 2.5). Every navigation re-applies the rules (the session
 * machine's `session.check`); a signed-out tab goes to the sign-in screen.
 */
function RequireStaff({ children, waitForHandOver }: { children: ReactNode; waitForHandOver?: boolean }) {
  const session = StaffSession.useActorRef();
  const store = StaffSession.useSelector((s) => s.context.store);
  const signedIn = StaffSession.useSelector((s) => s.matches('signedIn') || s.matches('signingOut'));
  const [location] = useLocation();
  useEffect(() => {
    session.send({ type: 'session.check', stored: store.read() });
  }, [session, store, location]);
  if (signedIn) return <>{children}</>;
  if (waitForHandOver) return <Spinner label="Waiting for the portal to sign this window in" />;
  return <Redirect to="/" replace />;
}

/** The current screen, plus kept-alive screens hidden but mounted (spec 2.1: readTicket, ticketView). */
function Outlet({ found, location }: { found: Found; location: string }) {
  const cache = useRef(new Map<string, Found>());
  if (found.route.keepAlive) {
    cache.current.delete(location);
    cache.current.set(location, found);
    while (cache.current.size > KEEP_ALIVE_LIMIT) cache.current.delete(cache.current.keys().next().value!);
  }
  const key = found.route.keyBy ? `${found.route.path}:${found.params[found.route.keyBy]}` : found.route.path;
  return (
    <>
      {[...cache.current].map(([path, entry]) => (
        <div key={path} hidden={path !== location} data-keep-alive={path}>
          <Suspense fallback={<Spinner />}>
            <Screen {...entry} active={path === location} />
          </Suspense>
        </div>
      ))}
      {found.route.keepAlive ? null : <Screen key={key} {...found} />}
    </>
  );
}

function StaffRoutes() {
  const [location] = useLocation();
  const { parser } = useRouter();
  if (location === '/')
    return (
      <PageTitle base="Sign in">
        <SignInScreen />
      </PageTitle>
    );
  const found = findRoute(parser, location);
  if (!found)
    return (
      <PageTitle base="Page not found">
        <NotFound />
      </PageTitle>
    );
  const { route } = found;
  if (route.public) return <Screen {...found} />;
  if (route.layout === false) {
    return (
      <RequireStaff waitForHandOver={route.path === '/chat/bot'}>
        <Screen {...found} />
      </RequireStaff>
    );
  }
  return (
    <RequireStaff>
      <SignedInLayout>
        <Outlet found={found} location={location} />
      </SignedInLayout>
    </RequireStaff>
  );
}

export default function StaffApp() {
  const input = useMemo(() => browserSessionInput(staffSessionStore(browserStorage())), []);
  const { parser } = useRouter();
  const restore = useCallback((path: string) => Boolean(findRoute(parser, path)?.route.keepAlive), [parser]);
  return (
    <StaffSession.Provider options={{ input, inspect: inspection.inspect }}>
      <ScrollManager restore={restore} />
      <Suspense fallback={<Spinner />}>
        <StaffRoutes />
      </Suspense>
    </StaffSession.Provider>
  );
}
