/** Create Company's account manager: a staff combobox that searches the server, saved with the company (msw); the page opened once created, or on Cancel. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import CreateCompanyScreen from '@/features/companies/screens/CreateCompanyScreen';
import { showNoticesAsToasts, toastQueue } from '@tests/support/toasts';
import { renderAt } from '@tests/support/render';

const STAFF = [
  { id: 2, name: 'Morgan Manager' },
  { id: 3, name: 'Avery Agent' },
];

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
showNoticesAsToasts();
afterAll(() => server.close());

function serve(answer: (body: Record<string, unknown>) => Response) {
  const seen = { staffSearches: [] as string[], posts: [] as Record<string, unknown>[] };
  server.use(
    http.get('*/api/v2/tickets/options', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      seen.staffSearches.push(q);
      return HttpResponse.json({ staff: STAFF.filter((s) => s.name.toLowerCase().includes(q.toLowerCase())), response_target_hours: { C: 4, H: 8, M: 24, L: 72 } });
    }),
    http.post('*/api/v2/companies', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      seen.posts.push(body);
      return answer(body);
    }),
  );
  return seen;
}

function renderScreen() {
  return renderAt('/create/company', <CreateCompanyScreen />);
}

const created = (body: Record<string, unknown>) =>
  HttpResponse.json(
    {
      company: { id: 12, name: body.name, account_number: body.account_number, status: 'active', territory: null, phone: null, address: null, website: null, account_manager_id: body.account_manager_id ?? null, account_manager_name: 'Morgan Manager', ms_plan: null, notes: null, created_at: '2026-11-23T05:00:00Z', signup_policy: 'invite_only', signup_domains: [] },
      contacts: [],
      client_users: [],
      ticket_counts: { open: 0, overdue: 0, total: 0 },
    },
    { status: 201 },
  );

describe('Create Company: account manager', () => {
  it('searches staff on the server as the user types and saves the picked account manager with the company', async () => {
    const user = userEvent.setup();
    const seen = serve(created);
    const location = renderScreen();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Harbor Water');
    await user.type(screen.getByRole('textbox', { name: /^Account number/ }), 'HARB-1');
    const picker = screen.getByRole('combobox', { name: /^Account manager/ });
    expect(picker).toHaveAccessibleDescription('The staff member who looks after this client.');
    await user.type(picker, 'morg');
    await user.click(await screen.findByRole('option', { name: 'Morgan Manager' }));
    expect(seen.staffSearches).toContain('morg');
    await waitFor(() => expect(picker).toHaveValue('Morgan Manager'));
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    await waitFor(() => expect(location.history!.at(-1)).toBe('/company/12'));
    expect(seen.posts).toEqual([{ name: 'Harbor Water', account_number: 'HARB-1', status: 'active', account_manager_id: 2 }]);
    expect(toastQueue.visible().map((t) => t.title)).toEqual(['Company Harbor Water created']);
  });

  it('sends no account manager when none is picked', async () => {
    const user = userEvent.setup();
    const seen = serve(created);
    renderScreen();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Harbor Water');
    await user.type(screen.getByRole('textbox', { name: /^Account number/ }), 'HARB-1');
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    await waitFor(() => expect(seen.posts).toHaveLength(1));
    expect(seen.posts[0]).not.toHaveProperty('account_manager_id');
  });

  it('shows the server refusing the pick under the picker and keeps the form as typed', async () => {
    const user = userEvent.setup();
    serve(() => HttpResponse.json({ error: { code: 'validation_failed', message: 'Check the highlighted fields', fields: { account_manager_id: 'No such staff user' } } }, { status: 400 }));
    const location = renderScreen();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Harbor Water');
    await user.type(screen.getByRole('textbox', { name: /^Account number/ }), 'HARB-1');
    const picker = screen.getByRole('combobox', { name: /^Account manager/ });
    await user.type(picker, 'avery');
    await user.click(await screen.findByRole('option', { name: 'Avery Agent' }));
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    await waitFor(() => expect(picker).toHaveAttribute('aria-invalid', 'true'));
    expect(picker).toHaveAccessibleDescription(/No such staff user/);
    expect(picker).toHaveValue('Avery Agent');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Harbor Water');
    expect(location.history!.at(-1)).toBe('/create/company');
  });

  it('Cancel goes back to the company search and sends nothing', async () => {
    const user = userEvent.setup();
    const seen = serve(created);
    const location = renderScreen();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Harbor Water');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location.history!.at(-1)).toBe('/company/search'));
    expect(seen.posts).toEqual([]);
  });
});
