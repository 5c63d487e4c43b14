/**
 * What the client portal's view tests share: the msw server (the stored session's token checks
 * out unless a test says otherwise), a signed-in tab's storage, and the portal rendered at a path
 * as the app mounts it under /client.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import ClientApp from '@/app/ClientApp';
import { dialogService } from '@/shared/machines/dialog.machine';
import { DEMO_USER } from '@tests/shared/session/client-session.support';
import { showNoticesAsToasts } from '@tests/support/toasts';
import { renderAt } from '@tests/support/render';

/** A field's label as the kit renders it: the text, and a required field's asterisk (hidden from assistive tech). */
export const label = (text: string) => new RegExp(`^${text}\\*?$`);
/** The server refusing a body, naming the fields. */
export const bad = (fields: Record<string, string>) =>
  HttpResponse.json({ error: { code: 'invalid_input', message: `Invalid body: ${Object.keys(fields).join(', ')}`, fields } }, { status: 400 });
export const unauthorized = () => HttpResponse.json({ error: { code: 'unauthenticated', message: 'Sign in first' } }, { status: 401 });
export const verifyTokenOk = () => http.post('*/api/v2/client/verify-token', () => HttpResponse.json({ valid: true, user: DEMO_USER }));

/**
 * The file's msw server with these handlers, listening for the whole file (an unhandled request
 * fails the test); after each test its handlers, toasts and any dialog left open are cleared.
 */
export function clientApiServer(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  // The forms' notices show as toasts, as the app provides them; cleared after each test.
  showNoticesAsToasts();
  afterEach(() => {
    server.resetHandlers();
    // The dialog service is the app's one instance: a dialog a test left open must not cover the next test's page.
    for (let i = 0; i < 5 && dialogService.actor.getSnapshot().hasTag('open'); i++) dialogService.actor.send({ type: 'dialog.confirm' });
  });
  afterAll(() => server.close());
  return server;
}

/** What a signed-in client's tab holds. */
export function storeClientSession() {
  sessionStorage.setItem('token', 'tab-token');
  sessionStorage.setItem('auth', 'true');
  sessionStorage.setItem('userid', String(DEMO_USER.id));
  localStorage.setItem('token', 'tab-token');
  localStorage.setItem('client_user', JSON.stringify(DEMO_USER));
}

/**
 * The client portal (and the dialog host beside it) at a path under /client, signed in or not;
 * the answer's history records where the portal went.
 */
export function renderClientAt(path: string, { signedIn = false } = {}) {
  if (signedIn) storeClientSession();
  window.history.replaceState({}, '', `/client${path}`);
  // The app mounts the dialog host beside the portal (App.tsx); the Session Expired dialog is the dialog service's.
  return renderAt(path, <ClientApp />, { dialogs: true });
}
