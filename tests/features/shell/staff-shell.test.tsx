import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/App';
import { OVERDUE_POLL_INTERVAL_MS } from '@contracts/common/constants';
import type { OverdueTicket } from '@contracts/overdue';
import * as log from '@/shared/log';
import { staffAuthApi } from '@/shared/session/api';
import { overdueTicket } from '@tests/support/staff-session-harness';
import { DASHBOARD_ANSWER } from '@tests/features/management/dashboard-answer';

type Role = 'user' | 'manager' | 'admin';
const state = { role: 'user' as Role, overdue: [] as OverdueTicket[], logoutStatus: 200, moodle: 'https://learn.example.com/' };

const server = setupServer(
  http.post('/api/v2/auth/login', async ({ request }) => {
    const body = (await request.json()) as { password: string };
    if (body.password !== 'right-password') {
      return HttpResponse.json({ error: { code: 'invalid_credentials', message: 'Email or password is incorrect' } }, { status: 401 });
    }
    return HttpResponse.json({ token: 'tok-1', userid: 3, username: 'Avery Agent', role: state.role });
  }),
  http.post('/api/v2/profile/who/am/i', () => HttpResponse.json([{ userid: 3, name: 'Avery Agent', email: 'a@x.test', role: state.role, title: null, department: null }])),
  http.post('/api/v2/profile/me', () => HttpResponse.json({ userid: 3, name: 'Avery Agent', email: 'a@x.test', role: state.role, title: null, department: null })),
  http.post('/api/v2/ticket/check/overdue', () => HttpResponse.json({ overdueTickets: state.overdue })),
  http.get('/api/v2/tickets/mine', () => HttpResponse.json({ tickets: [], overdue: [], counts: { open: 0, overdue: 0, due_today: 0 }, today: { from: '2026-11-26T00:00:00.000Z', to: '2026-11-26T23:59:59.999Z' }, assignee_id: 3 })),
  http.get('/logout', () =>
    state.logoutStatus === 200 ? HttpResponse.json({ ok: true }) : HttpResponse.json({ error: { code: 'internal', message: 'down' } }, { status: state.logoutStatus }),
  ),
  http.post('/api/v2/moodleurl', () => HttpResponse.json({ url: state.moodle })),
  http.get('/api/v2/management/dashboard', () => HttpResponse.json(DASHBOARD_ANSWER)),
);

function mockViewport(mobile: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: mobile,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  state.role = 'user';
  state.overdue = [overdueTicket(11), overdueTicket(12)];
  state.logoutStatus = 200;
  mockViewport(false);
  window.history.replaceState(null, '', '/');
  vi.spyOn(log, 'logError').mockImplementation(() => undefined);
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function signIn(user = userEvent.setup(), password = 'right-password') {
  render(<App />);
  await user.type(await screen.findByLabelText('Email'), 'agent@demo.test');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('staff sign-in screen', () => {
  it('signs in, lands on /home and stores the per-tab keys', async () => {
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Welcome, Avery Agent' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/home');
    expect(sessionStorage.getItem('token')).toBe('tok-1');
    expect(sessionStorage.getItem('auth')).toBe('true');
    expect(screen.getByText('Client Care System')).toBeInTheDocument();
    expect(screen.getByText('Enterprise Portal')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Signed in as Avery Agent' })).toHaveTextContent('AA');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(String(new Date().getFullYear()));
  });

  it("shows the person's avatar in the account menu button, over their initials", async () => {
    const picture = vi.spyOn(staffAuthApi, 'avatar').mockResolvedValue('blob:avatar-5');
    server.use(
      http.post('/api/v2/profile/me', () => HttpResponse.json({ userid: 3, name: 'Avery Agent', email: 'a@x.test', role: state.role, title: null, department: null, timeZone: null, avatarVersion: 5 })),
    );
    await signIn();
    const button = await screen.findByRole('button', { name: 'Signed in as Avery Agent' });
    await waitFor(() => expect(button.querySelector('img')).toHaveAttribute('src', 'blob:avatar-5'));
    expect(button).toHaveTextContent('AA');
    expect(picture).toHaveBeenCalledWith('3', 5);
  });

  it('shows the error, keeps what was typed and stores nothing on a wrong password', async () => {
    await signIn(undefined, 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect');
    expect(screen.getByLabelText('Email')).toHaveValue('agent@demo.test');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong');
    expect(sessionStorage.length).toBe(0);
  });
});

describe('staff layout', () => {
  it('shows the overdue badge with the count, and the modal with its table and CSV export', async () => {
    const user = await signIn();
    const badge = await screen.findByRole('button', { name: '2 overdue tickets' });
    await user.click(badge);
    const dialog = await screen.findByRole('dialog');
    const headers = within(dialog).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[^\w ]/g, '').trim());
    expect(headers.slice(0, 6)).toEqual(['ID', 'Title', 'Status', 'Priority', 'Company', 'Due Date']);
    expect(within(dialog).getAllByRole('columnheader')[0]).toHaveAttribute('aria-sort', 'none');
    const rows = within(dialog).getAllByRole('row').filter((r) => within(r).queryAllByRole('cell').length > 0);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Acme Utilities')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('N/A')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Active')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('High').closest('[data-color]')).toHaveAttribute('data-color', 'red');

    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      created.push(b);
      return 'blob:x';
    }) as never;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(within(dialog).getByRole('button', { name: 'Export to CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    const anchor = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(anchor.download).toBe('overdue_tickets.csv');
    expect((await created[0]!.text()).split('\r\n')[0]).toBe('ID,Title,Status,Priority,Company,Contact,Email,Queue,Created At');

    await user.click(within(rows[0]!).getByRole('button', { name: 'View Ticket' }));
    await waitFor(() => expect(window.location.pathname).toBe('/ticket/11'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens a ticket when its row is clicked', async () => {
    const user = await signIn();
    await user.click(await screen.findByRole('button', { name: '2 overdue tickets' }));
    await user.click(within(await screen.findByRole('dialog')).getByText('Ticket 12'));
    await waitFor(() => expect(window.location.pathname).toBe('/ticket/12'));
  });

  it('hides the badge when nothing is overdue, and says so in the modal after the next check', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = await signIn(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
    await user.click(await screen.findByRole('button', { name: '2 overdue tickets' }));
    state.overdue = [];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(OVERDUE_POLL_INTERVAL_MS);
    });
    expect(await within(screen.getByRole('dialog')).findByText('No overdue tickets found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /overdue tickets/ })).not.toBeInTheDocument();
  });

  it('shows Management Dashboard to a manager only', async () => {
    state.role = 'manager';
    await signIn();
    expect(await screen.findByRole('link', { name: 'Management Dashboard' })).toBeInTheDocument();
  });

  it('hides Management Dashboard from a user, and refuses the screen by URL', async () => {
    const user = await signIn();
    await screen.findByRole('heading', { name: 'Welcome, Avery Agent' });
    expect(screen.queryByRole('link', { name: 'Management Dashboard' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Software Change Request' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Software Change Request' })).toHaveAttribute('aria-current', 'page'));
    expect(window.location.pathname).toBe('/software/change/request');
    act(() => window.history.pushState(null, '', '/mgmtdash'));
    expect(await screen.findByText(/You do not have access/)).toBeInTheDocument();
  });

  it('refuses the outbox to a manager by URL, saying it is for admins', async () => {
    state.role = 'manager';
    await signIn();
    await screen.findByRole('heading', { name: 'Welcome, Avery Agent' });
    act(() => window.history.pushState(null, '', '/admin/outbox'));
    expect(await screen.findByText('You do not have access to this screen. It is for admins.')).toBeInTheDocument();
    act(() => window.history.pushState(null, '', '/mgmtdash'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Management Dashboard' })).toBeInTheDocument();
  });

  it.each(['user', 'manager'] as const)('refuses the developer screens (UI kit, data table demo) to a %s, by menu and by URL, and keeps the machine diagrams', async (role) => {
    state.role = role;
    const user = await signIn();
    await screen.findByRole('heading', { name: 'Welcome, Avery Agent' });
    await user.click(screen.getByRole('button', { name: 'Quality Assurance' }));
    expect(screen.getByRole('link', { name: 'Machines' })).toHaveAttribute('href', '/qa/machines');
    expect(screen.queryByRole('link', { name: 'UI Kit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Data Table Demo' })).not.toBeInTheDocument();
    act(() => window.history.pushState(null, '', '/qa/ui'));
    expect(await screen.findByText('You do not have access to this screen. It is for admins.')).toBeInTheDocument();
    act(() => window.history.pushState(null, '', '/ui/table-demo'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Data Table Demo' })).toBeInTheDocument();
    expect(screen.getByText('You do not have access to this screen. It is for admins.')).toBeInTheDocument();
  });

  it('lists the developer screens for an admin, beside the machine diagrams', async () => {
    state.role = 'admin';
    const user = await signIn();
    await screen.findByRole('heading', { name: 'Welcome, Avery Agent' });
    await user.click(screen.getByRole('button', { name: 'Quality Assurance' }));
    expect(screen.getByRole('link', { name: 'Machines' })).toHaveAttribute('href', '/qa/machines');
    expect(screen.getByRole('link', { name: 'UI Kit' })).toHaveAttribute('href', '/qa/ui');
    expect(screen.getByRole('link', { name: 'Data Table Demo' })).toHaveAttribute('href', '/ui/table-demo');
  });

  it('expands and collapses menu groups', async () => {
    const user = await signIn();
    const group = await screen.findByRole('button', { name: 'Live Displays' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    await user.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Development' })).toHaveAttribute('href', '/live/displays/development');
    await user.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'false');
  });

  it('is an off-canvas drawer on a narrow screen that closes on route change', async () => {
    mockViewport(true);
    const user = await signIn();
    await screen.findByRole('heading', { name: 'Welcome, Avery Agent' });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the learning center in a new tab from the call', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = await signIn();
    await user.click(await screen.findByRole('button', { name: 'Learning Center' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://learn.example.com/', '_blank', 'noopener'));
  });

  it('opens the chatbot in a 520 by 700 window', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = await signIn();
    await user.click(await screen.findByRole('button', { name: 'AI Chatbot' }));
    expect(open).toHaveBeenCalledWith('/chat/bot', 'chatbot', 'width=520,height=700');
  });

  it('logs out through GET /logout back to the sign-in screen', async () => {
    const user = await signIn();
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(sessionStorage.length).toBe(0);
  });

  it('stays signed in when sign-out fails, and only logs it', async () => {
    state.logoutStatus = 503;
    const user = await signIn();
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(log.logError).toHaveBeenCalledWith('sign-out failed', expect.anything()));
    expect(screen.getByRole('heading', { name: 'Welcome, Avery Agent' })).toBeInTheDocument();
  });

  it('shows the not-found screen for an unknown path', async () => {
    window.history.replaceState(null, '', '/no/such/thing');
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('titles each tab by its route: sign-in, a screen, a placeholder, and not found', async () => {
    const user = await signIn();
    await screen.findByRole('heading', { name: 'Welcome, Avery Agent' });
    await waitFor(() => expect(document.title).toBe('Home · Client Care'));
    await user.click(screen.getByRole('button', { name: 'Tickets' }));
    await user.click(screen.getByRole('link', { name: 'Ticket Search' }));
    await waitFor(() => expect(document.title).toBe('Ticket Search · Client Care'));
    await user.click(screen.getByRole('link', { name: 'Org Chart' }));
    await waitFor(() => expect(document.title).toBe('Org Chart · Client Care'));
    act(() => window.history.pushState(null, '', '/no/such/thing'));
    await waitFor(() => expect(document.title).toBe('Page not found · Client Care'));
  });

  it('the avatar is a menu: Profile, the theme (remembered) and Log Out', async () => {
    const user = await signIn();
    await screen.findByRole('heading', { name: 'Welcome, Avery Agent' });
    await user.click(screen.getByRole('button', { name: 'Signed in as Avery Agent' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Profile', 'Light', 'Dark', 'System(in use)', 'Log Out']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Dark' }));
    expect(localStorage.getItem('cc.theme')).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    await user.click(screen.getByRole('button', { name: 'Signed in as Avery Agent' }));
    expect(within(await screen.findByRole('menu')).getByRole('menuitem', { name: /Dark/ })).toHaveTextContent('Dark(in use)');
    await user.click(screen.getByRole('menuitem', { name: /System/ }));
    expect(localStorage.getItem('cc.theme')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Signed in as Avery Agent' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    await waitFor(() => expect(window.location.pathname).toBe('/user/options'));
    await user.click(screen.getByRole('button', { name: 'Signed in as Avery Agent' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('lists the built reports in the Reports group, and Outbox for admins only', async () => {
    const user = await signIn();
    await screen.findByRole('heading', { name: 'Welcome, Avery Agent' });
    expect(screen.queryByRole('link', { name: 'Outbox' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reports' }));
    expect(screen.getByRole('link', { name: 'Survey Results' })).toHaveAttribute('href', '/report/surveys');
    expect(screen.getByRole('link', { name: 'Active Ticket Stats' })).toHaveAttribute('href', '/active/ticket/stats');
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/report/base');
  });

  it('shows Outbox to an admin', async () => {
    state.role = 'admin';
    await signIn();
    expect(await screen.findByRole('link', { name: 'Outbox' })).toHaveAttribute('href', '/admin/outbox');
  });
});
