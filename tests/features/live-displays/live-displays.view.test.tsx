/** Admin → Displays and the boards' tab titles, over msw. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BoardSnapshot, CreatedDisplay, Display } from '@contracts/live-displays';
import AdminDisplaysScreen from '@/features/live-displays/screens/AdminDisplaysScreen';
import BoardScreen from '@/features/live-displays/screens/BoardScreen';
import { renderAt } from '@tests/support/render';
import { showNoticesAsToasts, toastQueue } from '@tests/support/toasts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
showNoticesAsToasts();
const toastTitles = () => toastQueue.visible().map((t) => `${t.tone}: ${t.title}`);

const display = (id: number, name: string, extra: Partial<Display> = {}): Display => ({
  id,
  name,
  boards: ['support'],
  rotateSeconds: null,
  allowedRanges: [],
  createdAt: '2026-11-20T09:00:00Z',
  pairedAt: null,
  revokedAt: null,
  ...extra,
});

describe('Admin → Displays', () => {
  it('lists the displays with their boards, rotation, ranges and whether they are paired, waiting or revoked', async () => {
    server.use(
      http.get('*/api/v2/admin/displays', () =>
        HttpResponse.json({
          items: [
            display(1, 'Support floor', { boards: ['support', 'sales'], rotateSeconds: 30, allowedRanges: ['10.0.0.0/8'], pairedAt: '2026-11-20T09:05:00Z' }),
            display(2, 'Lobby'),
            display(3, 'Old TV', { revokedAt: '2026-11-21T10:00:00Z' }),
          ],
        }),
      ),
    );
    renderAt('/admin/displays', <AdminDisplaysScreen />);
    const floor = (await screen.findByRole('heading', { name: 'Support floor' })).closest('li')!;
    expect(floor).toHaveTextContent('Support, Sales · rotates every 30 s · only from 10.0.0.0/8');
    expect(within(floor).getByText('Paired')).toBeInTheDocument();
    const lobby = screen.getByRole('heading', { name: 'Lobby' }).closest('li')!;
    expect(within(lobby).getByText('Waiting to pair')).toBeInTheDocument();
    const old = screen.getByRole('heading', { name: 'Old TV' }).closest('li')!;
    expect(within(old).getByText('Revoked')).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('says so when there are no displays yet', async () => {
    server.use(http.get('*/api/v2/admin/displays', () => HttpResponse.json({ items: [] })));
    renderAt('/admin/displays', <AdminDisplaysScreen />);
    expect(await screen.findByText('No displays yet. Create one to put a board on a TV.')).toBeInTheDocument();
  });

  it('refuses a display without a name beside the field, sending nothing', async () => {
    const user = userEvent.setup();
    const posts: unknown[] = [];
    server.use(
      http.get('*/api/v2/admin/displays', () => HttpResponse.json({ items: [] })),
      http.post('*/api/v2/admin/displays', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderAt('/admin/displays', <AdminDisplaysScreen />);
    await screen.findByText(/No displays yet/);
    await user.click(screen.getByRole('button', { name: 'Create display' }));
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(expect.stringMatching(/name/i));
    expect(posts).toEqual([]);
  });

  it('creates a display, shows its pairing link once and lists it; revoking it says so and lists it revoked', async () => {
    const user = userEvent.setup();
    let items: Display[] = [];
    const posts: unknown[] = [];
    const created = display(7, 'Dev corner', { boards: ['development', 'quality'], rotateSeconds: 20 });
    server.use(
      http.get('*/api/v2/admin/displays', () => HttpResponse.json({ items })),
      http.post('*/api/v2/admin/displays', async ({ request }) => {
        posts.push(await request.json());
        items = [created];
        const answer: CreatedDisplay = { display: created, pairingToken: 'tok-123', pairingUntil: '2026-11-27T09:00:00Z' };
        return HttpResponse.json(answer, { status: 201 });
      }),
      http.post('*/api/v2/admin/displays/7/revoke', () => {
        items = [{ ...created, revokedAt: '2026-11-26T12:00:00Z' }];
        return HttpResponse.json(items[0]);
      }),
    );
    renderAt('/admin/displays', <AdminDisplaysScreen />);
    await screen.findByText(/No displays yet/);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Dev corner');
    const boards = screen.getByRole('group', { name: /Boards/ });
    await user.click(within(boards).getByRole('checkbox', { name: 'Support' }));
    await user.click(within(boards).getByRole('checkbox', { name: 'Development' }));
    await user.click(within(boards).getByRole('checkbox', { name: 'Quality Assurance' }));
    await user.type(screen.getByRole('textbox', { name: /Rotate every/ }), '20');
    await user.click(screen.getByRole('button', { name: 'Create display' }));

    expect(await screen.findByText(`${window.location.origin}/tv/pair#tok-123`)).toBeInTheDocument();
    expect(posts).toEqual([{ name: 'Dev corner', boards: ['development', 'quality'], rotateSeconds: 20, allowedRanges: [] }]);
    await waitFor(() => expect(toastTitles()).toContain('success: Display Dev corner created: open its pairing link on the TV'));
    const row = (await screen.findByRole('heading', { name: 'Dev corner' })).closest('li')!;
    expect(row).toHaveTextContent('Development, Quality Assurance · rotates every 20 s');

    await user.click(within(row).getByRole('button', { name: 'Revoke Dev corner' }));
    await waitFor(() => expect(toastTitles()).toContain('success: Dev corner revoked: its boards close'));
    await waitFor(() => expect(within(screen.getByRole('heading', { name: 'Dev corner' }).closest('li')!).getByText('Revoked')).toBeInTheDocument());
  });
});

describe('a board’s tab title', () => {
  const snapshot: BoardSnapshot = {
    at: '2026-11-26T12:00:00Z',
    build: 'test',
    data: {
      board: 'sales',
      today: { call: 1, letter: 0, lead: 0, sale: 0 },
      month: { call: 10, letter: 2, lead: 3, sale: 1 },
      monthTargets: { call: 100, letter: 20, lead: 30, sale: 10 },
      monthRevenueCents: 120_000,
      leaderboard: [],
    },
  };

  it('names the board, as the spec names it ("Live Display: Sales")', async () => {
    server.use(
      http.get('*/api/live/boards/sales/stream', () =>
        new HttpResponse(`id: 1\nevent: snapshot\ndata: ${JSON.stringify(snapshot)}\n\n`, { headers: { 'content-type': 'text/event-stream' } }),
      ),
    );
    renderAt('/live/displays/sales', <BoardScreen params={{ board: 'sales' }} />);
    await waitFor(() => expect(document.title).toBe('Live Display: Sales · Client Care'));
  });
});
