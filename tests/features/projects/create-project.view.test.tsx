/** Create Project over msw: the owner starts as the person creating it; an empty form says what it needs beside each field and sends nothing; once created the project opens, Cancel goes back to the search. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@contracts/common/constants';
import CreateProjectScreen from '@/features/projects/screens/CreateProjectScreen';
import { renderAt } from '@tests/support/render';
import { showNoticesAsToasts, toastQueue } from '@tests/support/toasts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
showNoticesAsToasts();

const ME = 12;
const STAFF = [
  { id: 3, name: 'Avery Agent' },
  { id: ME, name: 'Morgan Manager' },
];

function serve(answer: (body: Record<string, unknown>) => Response = () => HttpResponse.json({ error: { code: 'internal', message: 'not expected' } }, { status: 500 })) {
  const posts: unknown[] = [];
  server.use(
    http.get('*/api/v2/projects/options', () => HttpResponse.json({ staff: STAFF, companies: [{ id: 7, name: 'Acme Utilities' }] })),
    http.post('*/api/v2/projects', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posts.push(body);
      return answer(body);
    }),
    // The signed-in session's own lookups.
    http.post('*/api/v2/profile/*', () => HttpResponse.json({})),
    http.post('*/api/v2/ticket/check/overdue', () => HttpResponse.json([])),
  );
  return posts;
}

describe('Create Project', () => {
  beforeEach(() => {
    sessionStorage.clear();
    sessionStorage.setItem(STORAGE_KEYS.token, 't');
    sessionStorage.setItem(STORAGE_KEYS.auth, 'true');
    sessionStorage.setItem(STORAGE_KEYS.userid, String(ME));
    sessionStorage.setItem(STORAGE_KEYS.username, 'Morgan Manager');
    sessionStorage.setItem(STORAGE_KEYS.role, 'manager');
  });
  afterEach(() => sessionStorage.clear());

  it('starts with the signed-in person as the owner', async () => {
    serve();
    renderAt('/create/project', <CreateProjectScreen />, { staffSession: true });
    await waitFor(() => expect(screen.getByRole('button', { name: /Owner$/ })).toHaveTextContent('Morgan Manager'));
  });

  it('an empty form asks for a name and a company beside them, not for the owner, and sends nothing', async () => {
    const user = userEvent.setup();
    const posts = serve();
    renderAt('/create/project', <CreateProjectScreen />, { staffSession: true });
    await waitFor(() => expect(screen.getByRole('button', { name: /Owner$/ })).toHaveTextContent('Morgan Manager'));
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Give the project a name'));
    expect(screen.getByRole('combobox', { name: /^Company/ })).toHaveAccessibleDescription(/Pick a company/);
    expect(document.body.textContent).not.toMatch(/Pick an owner|must be a number|owner_id|company_id|Invalid body/);
    expect(name).toHaveFocus();
    expect(toastQueue.visible()).toEqual([]);
    expect(posts).toEqual([]);
  });

  it('creates the project, says so and opens it', async () => {
    const user = userEvent.setup();
    const posts = serve((body) =>
      HttpResponse.json(
        {
          project: {
            id: 41, name: body.name, company_id: 7, company_name: 'Acme Utilities', owner_id: ME, owner_name: 'Morgan Manager', status: 'planned',
            start_date: null, due_date: null, budget_hours: null, hours_used: 0, description: '', wip_limits: {}, created_at: '2026-01-02T09:00:00Z',
          },
          tasks: [], tickets: [], sprints: [], activity: [],
        },
        { status: 201 },
      ),
    );
    const location = renderAt('/create/project', <CreateProjectScreen />, { staffSession: true });
    await waitFor(() => expect(screen.getByRole('button', { name: /Owner$/ })).toHaveTextContent('Morgan Manager'));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Meter rollout');
    await user.type(screen.getByRole('combobox', { name: /^Company/ }), 'Acme');
    await user.click(await screen.findByRole('option', { name: 'Acme Utilities' }));
    await user.click(screen.getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/project/41'));
    expect(posts).toEqual([expect.objectContaining({ name: 'Meter rollout', company_id: 7, owner_id: ME })]);
    expect(toastQueue.visible().map((t) => t.title)).toEqual(['Project created']);
  });

  it('Cancel goes back to the project search and sends nothing', async () => {
    const user = userEvent.setup();
    const posts = serve();
    const location = renderAt('/create/project', <CreateProjectScreen />, { staffSession: true });
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Meter rollout');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/project/search'));
    expect(posts).toEqual([]);
  });
});
