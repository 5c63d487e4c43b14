/** Edit project over msw: the dialog sends only what changed, a refused field is named inline and what was typed stays. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectView } from '@contracts/projects';
import ProjectViewScreen from '@/features/projects/screens/ProjectViewScreen';
import { renderAt } from '@tests/support/render';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const VIEW: ProjectView = {
  project: {
    id: 5, name: 'Meter rollout', company_id: 1, company_name: 'Acme Utilities', owner_id: 3, owner_name: 'Morgan Manager', status: 'active',
    start_date: '2026-01-05', due_date: '2026-03-31', budget_hours: 40, hours_used: 12, description: 'Smart meters at every site.', wip_limits: {}, created_at: '2026-01-02T09:00:00Z',
  },
  tasks: [],
  tickets: [],
  sprints: [],
  activity: [],
};
const OPTIONS = { staff: [{ id: 2, name: 'Avery Agent' }, { id: 3, name: 'Morgan Manager' }], companies: [{ id: 1, name: 'Acme Utilities' }] };

function renderView() {
  renderAt('/project/5', <ProjectViewScreen params={{ id: '5' }} />);
}

describe('edit project', () => {
  it('sends only the changed fields, then shows the saved project', async () => {
    let view = VIEW;
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/v2/projects/5', () => HttpResponse.json(view)),
      http.get('*/api/v2/projects/options', () => HttpResponse.json(OPTIONS)),
      http.patch('*/api/v2/projects/5', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        view = { ...view, project: { ...view.project, ...body, owner_name: 'Avery Agent' } };
        return HttpResponse.json(view);
      }),
    );
    const user = userEvent.setup();
    renderView();
    await screen.findByRole('heading', { level: 1, name: 'Meter rollout' });
    await user.click(screen.getByRole('button', { name: 'Edit project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit project' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Meter rollout');
    expect(within(dialog).getByRole('combobox', { name: 'Company' })).toHaveValue('Acme Utilities');
    await user.clear(name);
    await user.type(name, 'Meter rollout, phase 2');
    await user.click(within(dialog).getByRole('button', { name: /Owner/ }));
    await user.click(await screen.findByRole('option', { name: 'Avery Agent' }));
    const budget = within(dialog).getByRole('textbox', { name: 'Budget hours' });
    await user.clear(budget);
    await user.type(budget, '60');
    await user.click(within(dialog).getByRole('button', { name: 'Save project' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit project' })).toBeNull());
    expect(sent).toEqual([{ name: 'Meter rollout, phase 2', owner_id: 2, budget_hours: 60 }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Meter rollout, phase 2' })).toBeInTheDocument();
  });

  it('names a refused field inline and keeps what was typed', async () => {
    server.use(
      http.get('*/api/v2/projects/5', () => HttpResponse.json(VIEW)),
      http.get('*/api/v2/projects/options', () => HttpResponse.json(OPTIONS)),
      http.patch('*/api/v2/projects/5', () =>
        HttpResponse.json({ error: { code: 'invalid_input', message: 'Check the fields', fields: { name: 'Name is already used by another project' } } }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderView();
    await screen.findByRole('heading', { level: 1, name: 'Meter rollout' });
    await user.click(screen.getByRole('button', { name: 'Edit project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit project' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Save project' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getAllByText('Name is already used by another project').length).toBeGreaterThan(0);
    expect(name).toHaveValue('Duplicate');
    expect(screen.getByRole('dialog', { name: 'Edit project' })).toBeInTheDocument();
  });

  it('an emptied name says what to fix once, beside it, in plain words, and sends nothing', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/v2/projects/5', () => HttpResponse.json(VIEW)),
      http.get('*/api/v2/projects/options', () => HttpResponse.json(OPTIONS)),
      http.patch('*/api/v2/projects/5', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ error: { code: 'invalid_input', message: 'Invalid body: name (Give the project a name)', fields: { name: 'Give the project a name' } } }, { status: 400 });
      }),
    );
    const user = userEvent.setup();
    renderView();
    await screen.findByRole('heading', { level: 1, name: 'Meter rollout' });
    await user.click(screen.getByRole('button', { name: 'Edit project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit project' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save project' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Give the project a name'));
    expect(within(dialog).getAllByText('Give the project a name')).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(dialog.textContent).not.toMatch(/Invalid body|is required|must be a number/);
    expect(name).toHaveFocus();
    expect(sent).toEqual([]);
  });
});

describe('plan a sprint', () => {
  it('an empty sprint says what it needs beside each field, once, in plain words, and sends nothing', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/v2/projects/5', () => HttpResponse.json(VIEW)),
      http.post('*/api/v2/projects/5/sprints', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ error: { code: 'invalid_input', message: 'Invalid body: name (Name is required)', fields: { name: 'Name is required' } } }, { status: 400 });
      }),
    );
    const user = userEvent.setup();
    renderView();
    await screen.findByRole('heading', { level: 1, name: 'Meter rollout' });
    await user.click(screen.getByRole('button', { name: 'Plan sprint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan a sprint' });
    await user.click(within(dialog).getByRole('button', { name: 'Plan sprint' }));
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Give the sprint a name'));
    expect(within(dialog).getAllByText('Give the sprint a name')).toHaveLength(1);
    expect(within(dialog).getAllByText('Pick the day the sprint starts')).toHaveLength(1);
    expect(within(dialog).getAllByText('Pick the day the sprint ends')).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(dialog.textContent).not.toMatch(/Invalid body|is required|YYYY-MM-DD|start_date|end_date/);
    expect(name).toHaveFocus();
    expect(sent).toEqual([]);
  });
});
