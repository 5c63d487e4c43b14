/**
 * The client session's paths through the rendered portal, with the API mocked by msw: the
 * verify-token check (success and 401), a 401 from a page, several 401s at once, and the flag
 * reset one second after the redirect.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRED_FLAG_RESET_MS } from '@contracts/common/constants';
import { DEMO_USER } from '@tests/shared/session/client-session.support';
import { clientApiServer, renderClientAt, storeClientSession, unauthorized, verifyTokenOk } from './support';

const emptyPage = { items: [], total: 0, page: 1, pageSize: 20 };
const server = clientApiServer(
  verifyTokenOk(),
  http.get('*/api/v2/client/dashboard', () => HttpResponse.json({ openTickets: [], openTicketCount: 0, recentReplies: [], openScrs: [] })),
  // The dashboard's paper-orders card.
  http.get('*/api/v2/client/paper/orders', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 })),
  http.get('*/api/v2/client/tickets', () => HttpResponse.json(emptyPage)),
);

describe('client session through the views', () => {
  it('verify-token success: a stored session opens the page', async () => {
    storeClientSession();
    renderClientAt('/');
    expect(await screen.findByRole('heading', { name: DEMO_USER.companyName })).toBeInTheDocument();
    expect(sessionStorage.getItem('auth')).toBe('true');
  });

  it('verify-token 401: the stored session is cleared and the login page shows, with no dialog', async () => {
    storeClientSession();
    server.use(http.post('*/api/v2/client/verify-token', unauthorized));
    const location = renderClientAt('/tickets');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(location.history?.at(-1)).toBe('/login');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('client_user')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a 401 from a page shows one Session Expired dialog for several 401s; Log In goes to the login page', async () => {
    storeClientSession();
    let calls = 0;
    server.use(
      http.get('*/api/v2/client/dashboard', () => {
        calls += 1;
        return unauthorized();
      }),
    );
    const location = renderClientAt('/');
    const dialog = await screen.findByRole('alertdialog', { name: 'Session Expired' });
    expect(dialog).toHaveTextContent('Your session has expired. Please log in again.');
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    // More 401s while it is up: still one dialog.
    const { clientPortalApi } = await import('@/features/client-portal/api');
    await act(async () => {
      await clientPortalApi.dashboard().catch(() => undefined);
    });
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(sessionStorage.getItem('token')).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('several concurrent 401s open one dialog', async () => {
    storeClientSession();
    server.use(http.get('*/api/v2/client/dashboard', unauthorized), http.get('*/api/v2/client/tickets', unauthorized));
    renderClientAt('/');
    await screen.findByRole('alertdialog', { name: 'Session Expired' });
    const { clientPortalApi } = await import('@/features/client-portal/api');
    await act(async () => {
      await Promise.allSettled([clientPortalApi.dashboard(), clientPortalApi.tickets({}), clientPortalApi.dashboard()]);
    });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
  });

  it('resets the dialog flag 1 second after the redirect (fake timers)', async () => {
    storeClientSession();
    server.use(http.get('*/api/v2/client/dashboard', unauthorized), http.post('*/api/v2/client/login', () => HttpResponse.json({ token: 'fresh', user: DEMO_USER })));
    renderClientAt('/');
    await screen.findByRole('alertdialog', { name: 'Session Expired' });
    const { clientPortalApi } = await import('@/features/client-portal/api');
    vi.useFakeTimers();
    try {
      const flush = () => act(async () => void (await vi.advanceTimersByTimeAsync(20)));
      fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
      await flush();
      // Logged in again within the second after the redirect.
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: DEMO_USER.email } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long passphrase' } });
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
      for (let i = 0; i < 10 && sessionStorage.getItem('auth') !== 'true'; i++) await flush();
      expect(sessionStorage.getItem('token')).toBe('fresh');
      window.history.replaceState({}, '', '/client/');
      // A late 401 inside that second opens nothing.
      await act(async () => {
        await clientPortalApi.dashboard().catch(() => undefined);
      });
      expect(screen.queryByRole('alertdialog')).toBeNull();
      await act(async () => void (await vi.advanceTimersByTimeAsync(SESSION_EXPIRED_FLAG_RESET_MS)));
      await act(async () => {
        await clientPortalApi.dashboard().catch(() => undefined);
      });
      for (let i = 0; i < 10 && !screen.queryByRole('alertdialog'); i++) await flush();
      expect(screen.getByRole('alertdialog', { name: 'Session Expired' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
