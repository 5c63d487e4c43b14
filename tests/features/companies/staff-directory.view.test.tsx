/** Company search and client portal users on the shared data table (server mode) over msw. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { noRememberedPageSize } from '@tests/support/pager';
import { forgetPageSizes } from '@/shared/ui/data-table/page-size-store';
import type { ClientUser, CompanyRow } from '@contracts/companies';
import ClientPortalUsersScreen from '@/features/client-users/screens/ClientPortalUsersScreen';
import CompanySearchScreen from '@/features/companies/screens/CompanySearchScreen';
import { showNoticesAsToasts, toastQueue } from '@tests/support/toasts';
import { renderAt } from '@tests/support/render';
import { refuseDoomedRequests } from '@tests/support/doomed-requests';
import { pickRowsPerPage } from '@tests/support/pager';

const server = setupServer(...noRememberedPageSize);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  forgetPageSizes();
});
showNoticesAsToasts();
refuseDoomedRequests(server);
const toastTitles = () => toastQueue.visible().map((t) => `${t.tone}: ${t.title}`);
afterAll(() => server.close());

const page = <T,>(rows: T[], total = rows.length) => ({ rows, page: 1, size: 10, total, totalExact: true });
const failure = (status: number, message: string) => HttpResponse.json({ error: { code: status === 409 ? 'conflict' : 'internal', message } }, { status });

/** The parameters of each GET to a path, in order. */
function recordGets(path: string, answer: (params: URLSearchParams) => Response | Promise<Response>) {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get(`*${path}`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push(params);
      return answer(params);
    }),
  );
  return calls;
}
const paramsOf = (p: URLSearchParams | undefined) => Object.fromEntries(p ?? []);
const table = () => screen.getByRole('table');
const header = (name: string) => within(table()).getByRole('columnheader', { name: new RegExp(`^${name}`) });

const company = (id: number, name: string, extra: Partial<CompanyRow> = {}): CompanyRow => ({
  id,
  name,
  account_number: `ACC-${id}`,
  status: 'active',
  territory: id % 2 ? 'North' : null,
  created_at: '2026-01-01T00:00:00Z',
  open_tickets: id * 2,
  ...extra,
});
const COMPANIES = Array.from({ length: 10 }, (_, i) => company(i + 1, `Company ${String.fromCharCode(65 + i)}`));

describe('company search', () => {
  it('shows the companies the server answers, each linked to its page, with the count of open tickets', async () => {
    const calls = recordGets('/api/v2/companies', () => HttpResponse.json(page(COMPANIES.slice(0, 3))));
    renderAt('/company/search', <CompanySearchScreen />);
    const link = await within(table()).findByRole('link', { name: 'Company B' });
    expect(link).toHaveAttribute('href', '/company/2');
    const row = link.closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Company B', 'ACC-2', 'active', '—', '4']);
    expect(paramsOf(calls[0])).toEqual({ page: '1', size: '10' });
    expect(screen.getByRole('link', { name: 'Create Company' })).toHaveAttribute('href', '/create/company');
  });

  it('sends a click on a header to the server as the sort, shows it with aria-sort and keeps it in the URL', async () => {
    const user = userEvent.setup();
    const calls = recordGets('/api/v2/companies', () => HttpResponse.json(page(COMPANIES)));
    const location = renderAt('/company/search', <CompanySearchScreen />);
    await within(table()).findByRole('link', { name: 'Company A' });
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');

    await user.click(within(header('Name')).getByRole('button'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(paramsOf(calls[1])).toEqual({ page: '1', size: '10', sort: 'name:asc' });
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');

    // Open tickets starts descending; Shift-click adds it as a second key.
    await user.keyboard('{Shift>}');
    await user.click(within(header('Open tickets')).getByRole('button'));
    await user.keyboard('{/Shift}');
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.get('sort')).toBe('name:asc,open_tickets:desc');
    expect(header('Open tickets')).toHaveAttribute('aria-sort', 'descending');
    expect(location.history!.at(-1)).toBe('/company/search?sort=name%3Aasc%2Copen_tickets%3Adesc');
  });

  it('sends the status filter and the search, and starts from the query in the URL', async () => {
    const user = userEvent.setup();
    const calls = recordGets('/api/v2/companies', () => HttpResponse.json(page(COMPANIES.slice(0, 2), 25)));
    const location = renderAt('/company/search?page=2&sort=territory:desc&search=acme', <CompanySearchScreen />);
    await within(table()).findByRole('link', { name: 'Company A' });
    expect(paramsOf(calls[0])).toEqual({ page: '2', size: '10', sort: 'territory:desc', q: 'acme' });
    expect(header('Territory')).toHaveAttribute('aria-sort', 'descending');
    // One filter bar above the table: the search and the status; no dropdowns under the headers.
    const bar = screen.getByRole('search', { name: 'Filter companies' });
    expect(within(bar).getByRole('searchbox', { name: 'Search Table' })).toHaveValue('acme');
    expect(screen.queryByRole('combobox', { name: /^Filter / })).toBeNull();
    const chips = screen.getByRole('grid', { name: /Active filters/ });
    expect(within(chips).getAllByRole('row').map((r) => r.textContent?.replace(/\u00a0/g, ' '))).toEqual(['Search: acme']);

    await user.click(within(bar).getByRole('button', { name: /Status$/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Any status', 'prospect', 'active', 'inactive']);
    await user.click(screen.getByRole('option', { name: 'inactive' }));
    await waitFor(() => expect(calls.at(-1)!.get('status')).toBe('inactive'));
    // A new filter starts again from the first page, keeps the search and the sort, and lives in the URL.
    expect(paramsOf(calls.at(-1))).toEqual({ page: '1', size: '10', sort: 'territory:desc', q: 'acme', status: 'inactive' });
    expect(new URLSearchParams(location.history!.at(-1)!.split('?')[1]).get('f.status')).toBe('inactive');
    expect(within(screen.getByRole('grid', { name: /Active filters/ })).getAllByRole('row').map((r) => r.textContent?.replace(/\u00a0/g, ' '))).toEqual([
      'Search: acme',
      'Status: inactive',
    ]);

    // Removing a chip drops that filter only.
    const searchChip = within(screen.getByRole('grid', { name: /Active filters/ })).getAllByRole('row')[0]!;
    await user.click(within(searchChip).getByRole('button'));
    await waitFor(() => expect(paramsOf(calls.at(-1))).toEqual({ page: '1', size: '10', sort: 'territory:desc', status: 'inactive' }));
    expect(location.history!.at(-1)).toBe('/company/search?sort=territory%3Adesc&f.status=inactive');
  });

  it('searches as the user types, after a pause', async () => {
    const user = userEvent.setup();
    const calls = recordGets('/api/v2/companies', () => HttpResponse.json(page(COMPANIES.slice(0, 2))));
    const location = renderAt('/company/search', <CompanySearchScreen />);
    await within(table()).findByRole('link', { name: 'Company A' });
    await user.type(screen.getByRole('searchbox', { name: 'Search Table' }), 'harbor');
    await waitFor(() => expect(calls.at(-1)!.get('q')).toBe('harbor'));
    expect(location.history!.at(-1)).toBe('/company/search?search=harbor');
  });

  it('pages through the server and changes the page size', async () => {
    const user = userEvent.setup();
    const calls = recordGets('/api/v2/companies', (p) => HttpResponse.json(page(p.get('page') === '2' ? COMPANIES.slice(5) : COMPANIES.slice(0, 5), 25)));
    renderAt('/company/search', <CompanySearchScreen />);
    await within(table()).findByRole('link', { name: 'Company A' });
    expect(screen.getByTestId('last-page')).toHaveTextContent('3');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table()).findByRole('link', { name: 'Company F' })).toBeInTheDocument();
    expect(paramsOf(calls.at(-1))).toEqual({ page: '2', size: '10' });
    expect(screen.getByLabelText('page')).toHaveValue('2');

    await pickRowsPerPage(user, '20');
    await waitFor(() => expect(paramsOf(calls.at(-1))).toEqual({ page: '1', size: '20' }));
    // 'All' asks for the largest page the server gives.
    await pickRowsPerPage(user, 'All');
    await waitFor(() => expect(paramsOf(calls.at(-1))).toEqual({ page: '1', size: '100' }));
  });

  it('shows what went wrong when the server fails, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    recordGets('/api/v2/companies', () => (fail ? failure(500, 'The database is not answering') : HttpResponse.json(page(COMPANIES.slice(0, 1)))));
    renderAt('/company/search', <CompanySearchScreen />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not answering');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(table()).findByRole('link', { name: 'Company A' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

const user = (id: number, status: ClientUser['status'], extra: Partial<ClientUser> = {}): ClientUser => ({
  id,
  company_id: 1,
  company_name: 'Company A',
  contact_id: null,
  name: `User ${id}`,
  email: `user${id}@example.test`,
  status,
  created_at: '2026-01-01T00:00:00Z',
  last_invited_at: status === 'invited' ? '2026-02-01T09:00:00Z' : null,
  ...extra,
});
const USERS = [user(1, 'invited'), user(2, 'active', { company_id: 2, company_name: 'Company B' }), user(3, 'disabled')];

describe('client portal users', () => {
  /** The directory's own table (the sign-up requests have theirs above it). */
  const table = () => screen.getByRole('table', { name: 'Client portal users' });
  const header = (name: string) => within(table()).getByRole('columnheader', { name: new RegExp(`^${name}`) });
  const requestsTable = () => screen.getByRole('table', { name: 'Sign-up requests awaiting approval' });

  /** Serves the companies, the directory (recorded) and the sign-up requests (recorded apart). */
  function serveDirectory(list: (p: URLSearchParams) => Response = () => HttpResponse.json(page(USERS)), pending: () => ClientUser[] = () => []) {
    server.use(
      http.get('*/api/v2/companies', ({ request }) => {
        const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
        return HttpResponse.json(page(COMPANIES.slice(0, 2).filter((c) => c.name.toLowerCase().includes(q))));
      }),
      http.get('*/api/v2/companies/:id', ({ params }) => {
        const c = COMPANIES.find((x) => x.id === Number(params.id))!;
        return HttpResponse.json({ company: c, contacts: [], client_users: [], ticket_counts: { open: 0, overdue: 0, total: 0 } });
      }),
    );
    const calls: URLSearchParams[] = [];
    const requestCalls: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v2/client-users', ({ request }) => {
        const params = new URL(request.url).searchParams;
        if (params.get('status') === 'pending_approval' && !params.has('f.status')) {
          requestCalls.push(params);
          return HttpResponse.json(page(pending()));
        }
        calls.push(params);
        return list(params);
      }),
    );
    return Object.assign(calls, { requests: requestCalls });
  }

  function renderWithDialogs(path: string) {
    return renderAt(path, <ClientPortalUsersScreen />, { dialogs: true });
  }

  it('shows the users with their company and status, and only the actions each can take', async () => {
    const calls = serveDirectory();
    renderAt('/client/portal/users', <ClientPortalUsersScreen />);
    const email = await within(table()).findByRole('cell', { name: 'user2@example.test' });
    expect(within(email.closest('tr')!).getAllByRole('cell').map((c) => c.textContent).slice(0, 4)).toEqual(['User 2', 'user2@example.test', 'Company B', 'Active']);
    expect(paramsOf(calls[0])).toEqual({ page: '1', size: '10' });
    expect(screen.getByRole('button', { name: 'Resend invitation to user1@example.test' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Resend invitation to user2@example.test' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Disable user2@example.test' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Disable user3@example.test' })).toBeNull();
    expect(header('Actions')).not.toHaveAttribute('aria-sort');
  });

  it('filters by company and status, sorts on the server, and keeps all of it in the URL', async () => {
    const u = userEvent.setup();
    const calls = serveDirectory();
    const location = renderAt('/client/portal/users', <ClientPortalUsersScreen />);
    await within(table()).findByRole('cell', { name: 'user1@example.test' });

    // One filter bar above the directory (no dropdowns under the headers): the company picker searches the server.
    expect(within(table()).queryByRole('combobox')).toBeNull();
    const bar = screen.getByRole('search', { name: 'Filter client users' });
    await u.type(await within(bar).findByRole('combobox', { name: 'Company' }), 'company b');
    await u.click(await screen.findByRole('option', { name: /Company B/ }));
    await waitFor(() => expect(paramsOf(calls.at(-1))).toEqual({ page: '1', size: '10', company: '2' }));
    await u.click(within(bar).getByRole('button', { name: /Status$/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Any status', 'Awaiting approval', 'Invited', 'Active', 'Disabled']);
    await u.click(screen.getByRole('option', { name: 'Invited' }));
    await waitFor(() => expect(paramsOf(calls.at(-1))).toEqual({ page: '1', size: '10', company: '2', status: 'invited' }));
    const chips = within(bar).getByRole('grid', { name: /Active filters/ });
    expect(within(chips).getAllByRole('row').map((r) => r.textContent?.replace(/\u00a0/g, ' '))).toEqual(['Company: Company B', 'Status: Invited']);

    await u.click(within(header('Email')).getByRole('button'));
    await waitFor(() => expect(calls.at(-1)!.get('sort')).toBe('email:asc'));
    expect(header('Email')).toHaveAttribute('aria-sort', 'ascending');
    await u.click(within(header('Email')).getByRole('button'));
    await waitFor(() => expect(calls.at(-1)!.get('sort')).toBe('email:desc'));
    expect(header('Email')).toHaveAttribute('aria-sort', 'descending');
    expect(location.history!.at(-1)).toBe('/client/portal/users?sort=email%3Adesc&f.company=2&f.status=invited');
  });

  it('starts from the company in the URL, for the table and for the invitation', async () => {
    const calls = serveDirectory();
    renderAt('/client/portal/users?f.company=2&page=2', <ClientPortalUsersScreen />);
    await within(table()).findByRole('cell', { name: 'user1@example.test' });
    expect(paramsOf(calls[0])).toEqual({ page: '2', size: '10', company: '2' });
    // The chip and both pickers name the company of the URL.
    const invite = screen.getByRole('form', { name: 'Invite a client user' });
    expect(await within(invite).findByRole('combobox', { name: /^Company/ })).toHaveValue('Company B');
    const bar = screen.getByRole('search', { name: 'Filter client users' });
    expect(within(bar).getByRole('combobox', { name: 'Company' })).toHaveValue('Company B');
    expect(within(bar).getByRole('row', { name: 'Company: Company B' })).toBeInTheDocument();
  });

  it('resends an invitation and disables a user through their endpoints, then shows the list again', async () => {
    const u = userEvent.setup();
    const posts: string[] = [];
    let disabled = false;
    const calls = serveDirectory(() => HttpResponse.json(page(disabled ? [USERS[0]!, { ...USERS[1]!, status: 'disabled' as const }] : USERS)));
    server.use(
      http.post('*/api/v2/client-users/:id/resend', ({ params }) => {
        posts.push(`resend ${String(params.id)}`);
        return HttpResponse.json(USERS[0]);
      }),
      http.post('*/api/v2/client-users/:id/disable', ({ params }) => {
        posts.push(`disable ${String(params.id)}`);
        disabled = true;
        return HttpResponse.json({ ...USERS[1], status: 'disabled' });
      }),
    );
    renderAt('/client/portal/users', <ClientPortalUsersScreen />);
    await u.click(await screen.findByRole('button', { name: 'Resend invitation to user1@example.test' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(posts).toEqual(['resend 1']);

    await u.click(screen.getByRole('button', { name: 'Disable user2@example.test' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Disable user2@example.test' })).toBeNull());
    expect(posts).toEqual(['resend 1', 'disable 2']);
    expect(calls).toHaveLength(3);
    expect(within(screen.getByRole('cell', { name: 'user2@example.test' }).closest('tr')!).getByRole('cell', { name: 'Disabled' })).toBeInTheDocument();
  });

  it('says why an action failed and keeps the list', async () => {
    const u = userEvent.setup();
    const calls = serveDirectory();
    server.use(http.post('*/api/v2/client-users/:id/resend', () => failure(409, 'Only an invited user who has not set a password yet gets the invite again')));
    renderAt('/client/portal/users', <ClientPortalUsersScreen />);
    await u.click(await screen.findByRole('button', { name: 'Resend invitation to user1@example.test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only an invited user who has not set a password yet gets the invite again');
    expect(calls).toHaveLength(1);
    expect(screen.getByRole('cell', { name: 'user1@example.test' })).toBeInTheDocument();
  });

  it('invites a user and shows them in the list', async () => {
    const u = userEvent.setup();
    let sent: unknown;
    const invited = user(9, 'invited', { name: 'Nora Quinn', email: 'nora@example.test', company_id: 2, company_name: 'Company B' });
    const calls = serveDirectory(() => HttpResponse.json(page(sent ? [...USERS, invited] : USERS)));
    server.use(
      http.post('*/api/v2/client-users', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(invited, { status: 201 });
      }),
    );
    renderAt('/client/portal/users', <ClientPortalUsersScreen />);
    const invite = screen.getByRole('form', { name: 'Invite a client user' });
    await u.type(await within(invite).findByRole('combobox', { name: /^Company/ }), 'company');
    await u.click(await screen.findByRole('option', { name: /Company B/ }));
    await u.type(within(invite).getByRole('textbox', { name: /^Name/ }), 'Nora Quinn');
    await u.type(within(invite).getByRole('textbox', { name: /^Email/ }), 'nora@example.test');
    await u.click(within(invite).getByRole('button', { name: 'Send invitation' }));
    expect(await within(invite).findByRole('status')).toHaveTextContent('Invitation sent to nora@example.test.');
    expect(sent).toEqual({ company_id: 2, name: 'Nora Quinn', email: 'nora@example.test' });
    expect(toastTitles()).toEqual(['success: Invitation sent to nora@example.test']);
    expect(await within(table()).findByRole('cell', { name: 'nora@example.test' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('shows what went wrong when the list fails', async () => {
    serveDirectory(() => failure(500, 'The database is not answering'));
    renderAt('/client/portal/users', <ClientPortalUsersScreen />);
    // Only the directory failed; the sign-up requests (none) still show.
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not answering');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  describe('sign-up requests awaiting approval', () => {
    const REQUESTS = [
      user(21, 'pending_approval', { name: 'Sam Stranger', email: 'sam@elsewhere.example', company_id: 2, company_name: 'Company B', created_at: '2026-03-01T08:00:00Z' }),
      user(22, 'pending_approval', { name: 'Pat Partner', email: 'pat@partner.example', created_at: '2026-03-02T08:00:00Z' }),
    ];

    it('lists the requests oldest first, each with its company, and approve and decline buttons only', async () => {
      const calls = serveDirectory(undefined, () => REQUESTS);
      renderAt('/client/portal/users', <ClientPortalUsersScreen />);
      const row = (await within(requestsTable()).findByRole('cell', { name: 'sam@elsewhere.example' })).closest('tr')!;
      expect(within(row).getAllByRole('cell').map((c) => c.textContent).slice(0, 3)).toEqual(['Sam Stranger', 'sam@elsewhere.example', 'Company B']);
      expect(paramsOf(calls.requests[0])).toEqual({ page: '1', size: '10', status: 'pending_approval', sort: 'created_at:asc' });
      expect(within(row).getAllByRole('button').map((b) => b.textContent)).toEqual(['Approve', 'Decline']);
      expect(screen.getByRole('region', { name: 'Sign-up requests awaiting approval' })).toHaveTextContent('declining deletes the request and tells nobody');
    });

    it('approves a request through its endpoint; the requests and the directory load again', async () => {
      const u = userEvent.setup();
      let pending = REQUESTS;
      const approved: string[] = [];
      const calls = serveDirectory(undefined, () => pending);
      server.use(
        http.post('*/api/v2/client-users/:id/approve', ({ params }) => {
          approved.push(String(params.id));
          pending = pending.filter((r) => r.id !== Number(params.id));
          return HttpResponse.json({ ...REQUESTS[0], status: 'invited' });
        }),
      );
      renderAt('/client/portal/users', <ClientPortalUsersScreen />);
      await u.click(await within(requestsTable()).findByRole('button', { name: 'Approve sam@elsewhere.example' }));
      await waitFor(() => expect(within(requestsTable()).queryByRole('cell', { name: 'sam@elsewhere.example' })).toBeNull());
      expect(approved).toEqual(['21']);
      expect(toastTitles()).toEqual(['success: sam@elsewhere.example approved: the activation link is on its way']);
      expect(calls.requests).toHaveLength(2);
      expect(calls).toHaveLength(2);
    });

    it('declines a request only once the dialog is confirmed; cancelling sends nothing', async () => {
      const u = userEvent.setup();
      let pending = REQUESTS;
      const declined: string[] = [];
      const calls = serveDirectory(undefined, () => pending);
      server.use(
        http.post('*/api/v2/client-users/:id/decline', ({ params }) => {
          declined.push(String(params.id));
          pending = pending.filter((r) => r.id !== Number(params.id));
          return HttpResponse.json({ id: Number(params.id), declined: true });
        }),
      );
      renderWithDialogs('/client/portal/users');
      await u.click(await within(requestsTable()).findByRole('button', { name: 'Decline pat@partner.example' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Decline this sign-up request?' });
      expect(dialog).toHaveTextContent('The request of pat@partner.example is deleted. Nobody is told');
      await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(declined).toEqual([]);
      expect(toastTitles()).toEqual([]);

      await u.click(within(requestsTable()).getByRole('button', { name: 'Decline pat@partner.example' }));
      await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Decline' }));
      await waitFor(() => expect(within(requestsTable()).queryByRole('cell', { name: 'pat@partner.example' })).toBeNull());
      expect(declined).toEqual(['22']);
      expect(toastTitles()).toEqual(['success: The sign-up request of pat@partner.example was declined']);
      expect(within(requestsTable()).getByRole('cell', { name: 'sam@elsewhere.example' })).toBeInTheDocument();
      expect(calls.requests.length).toBeGreaterThanOrEqual(2);
    });

    it('says why an approval failed and keeps the request', async () => {
      const u = userEvent.setup();
      serveDirectory(undefined, () => REQUESTS);
      server.use(http.post('*/api/v2/client-users/:id/approve', () => failure(409, 'Only a sign-up request awaiting approval can be approved or declined')));
      renderAt('/client/portal/users', <ClientPortalUsersScreen />);
      await u.click(await within(requestsTable()).findByRole('button', { name: 'Approve pat@partner.example' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Only a sign-up request awaiting approval can be approved or declined');
      expect(toastTitles()).toEqual(['error: The request was not approved']);
      expect(within(requestsTable()).getByRole('cell', { name: 'pat@partner.example' })).toBeInTheDocument();
    });
  });
});
