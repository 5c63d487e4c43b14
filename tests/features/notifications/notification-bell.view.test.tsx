/** The notification bell over msw: its count in its name, the popover with links to tickets, mark read, a refresh on focus. */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@contracts/notifications';
import { NotificationBell } from '@/features/notifications';
import { provideNotifier, recordingNotifier } from '@/shared/machines/notify';
import { renderAt } from '@tests/support/render';

const item = (id: number, kind: Notification['kind'], read = false): Notification => ({
  id, kind, ticket_id: 100 + id, ticket_title: `Meter reads missing ${id}`, actor: kind === 'overdue' ? null : 'Pat Client', created_at: new Date().toISOString(), read,
});

let items: Notification[] = [];
let failMarkAll = false;
const calls: string[] = [];
const unread = () => items.filter((n) => !n.read).length;
const server = setupServer(
  http.get('/api/v2/notifications/unread-count', () => {
    calls.push('count');
    return HttpResponse.json({ unread: unread() });
  }),
  http.get('/api/v2/notifications', () => {
    calls.push('list');
    return HttpResponse.json({ items, total: items.length, page: 1, pageSize: 10, unread: unread() });
  }),
  http.post('/api/v2/notifications/:id/read', ({ params }) => {
    calls.push(`read ${String(params.id)}`);
    items = items.map((n) => (n.id === Number(params.id) ? { ...n, read: true } : n));
    return HttpResponse.json({ unread: unread() });
  }),
  http.post('/api/v2/notifications/read-all', async ({ request }) => {
    const body = (await request.json()) as { through?: number };
    calls.push(`read-all ${body.through}`);
    if (failMarkAll) return HttpResponse.json({ error: { code: 'internal', message: 'Something went wrong' } }, { status: 500 });
    items = items.map((n) => (body.through === undefined || n.id <= body.through ? { ...n, read: true } : n));
    return HttpResponse.json({ unread: unread() });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
  failMarkAll = false;
});
afterAll(() => server.close());

describe('the notification bell', () => {
  it('says the unread count in its name, lists the notifications as links to their tickets and marks all read', async () => {
    items = [item(3, 'client_reply'), item(2, 'assigned'), item(1, 'overdue', true)];
    renderAt('/home', <NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await userEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const links = await within(dialog).findAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/ticket/103', '/ticket/102', '/ticket/101']);
    expect(links[0]).toHaveTextContent('Unread: Pat Client replied on ticket #103');
    expect(links[1]).toHaveTextContent('Pat Client assigned you ticket #102');
    expect(links[2]).toHaveTextContent('Ticket #101 is overdue');
    expect(links[2]).not.toHaveTextContent('Unread');
    // A newer one arrives while the list is open: marking all read marks what was shown.
    items = [item(4, 'assigned'), ...items];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
    // The page behind the open popover is hidden from assistive technology: the bell's name is read from it directly.
    await waitFor(() => expect(bell).toHaveAttribute('aria-label', 'Notifications, 1 unread'));
    expect(calls).toContain('read-all 3');
    expect(within(dialog).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('opens the ticket from the list, closes the popover and marks that one read', async () => {
    items = [item(5, 'client_reply'), item(6, 'assigned')];
    const at = renderAt('/home', <NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await userEvent.click(await within(dialog).findByRole('link', { name: /replied on ticket #105/ }));
    expect(at.history.at(-1)).toBe('/ticket/105');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument());
    expect(calls).toContain('read 5');
  });

  it('asks for the count again when the tab comes back into view', async () => {
    items = [];
    renderAt('/home', <NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications, none unread' });
    items = [item(7, 'assigned')];
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(calls.filter((c) => c === 'count')).toHaveLength(2);
  });

  it('says an empty list plainly, and a failed mark-all through a notice', async () => {
    const notifier = recordingNotifier();
    const restore = provideNotifier(notifier);
    try {
      items = [];
      renderAt('/home', <NotificationBell />);
      await userEvent.click(await screen.findByRole('button', { name: 'Notifications, none unread' }));
      expect(await screen.findByText(/You are all caught up/)).toBeInTheDocument();
      await userEvent.keyboard('{Escape}');
      items = [item(8, 'assigned')];
      failMarkAll = true;
      act(() => void window.dispatchEvent(new Event('focus')));
      const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
      await userEvent.click(bell);
      const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
      await within(dialog).findByRole('link', { name: /assigned you ticket #108/ });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
      await waitFor(() => expect(notifier.notices).toEqual([expect.objectContaining({ tone: 'error', title: 'Could not mark the notifications read' })]));
      expect(bell).toHaveAttribute('aria-label', 'Notifications, 1 unread');
      expect(within(dialog).getByRole('button', { name: 'Mark all read' })).toBeEnabled();
    } finally {
      restore();
    }
  });
});
