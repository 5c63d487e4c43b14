/** Edit project and Plan sprint over msw: the dialog sends only what changed, a refused field is named inline and what was typed stays; a save closes its dialog and the page loads again. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { computeBurndown, type ProjectView, type SprintRow, type SprintView } from '@contracts/projects';
import ProjectViewScreen from '@/features/projects/screens/ProjectViewScreen';
import { renderAt } from '@tests/support/render';
import { showNoticesAsToasts, toastQueue } from '@tests/support/toasts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
showNoticesAsToasts();

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

type User = ReturnType<typeof userEvent.setup>;
/** Types a date into a kit DatePicker: focus its first segment, then the digits of each segment. */
async function typeDate(user: User, scope: HTMLElement, label: string, digits: string) {
  const [first] = within(within(scope).getByRole('group', { name: label })).getAllByRole('spinbutton');
  await user.click(first!);
  await user.keyboard(digits);
}
const sprintRow = (id: number, name: string, start: string, end: string): SprintRow =>
  ({ id, project_id: 5, project_name: 'Meter rollout', name, goal: '', start_date: start, end_date: end, status: 'planned', committed_points: 0, done_points: 0, task_count: 0 });

describe('edit project', () => {
  it('sends only the changed fields, then shows the saved project', async () => {
    let view = VIEW;
    const sent: unknown[] = [];
    let loads = 0;
    server.use(
      http.get('*/api/v2/projects/5', () => {
        loads += 1;
        return HttpResponse.json(view);
      }),
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
    expect(loads).toBe(2);
    expect(toastQueue.visible().map((t) => t.title)).toEqual(['Project saved']);
    // Opened again, the dialog starts from the project as it is now.
    await user.click(screen.getByRole('button', { name: 'Edit project' }));
    const again = await screen.findByRole('dialog', { name: 'Edit project' });
    expect(within(again).getByRole('textbox', { name: 'Name' })).toHaveValue('Meter rollout, phase 2');
  });

  it('with nothing changed, closes, says so, sends nothing and does not load the page again', async () => {
    const sent: unknown[] = [];
    let loads = 0;
    server.use(
      http.get('*/api/v2/projects/5', () => {
        loads += 1;
        return HttpResponse.json(VIEW);
      }),
      http.get('*/api/v2/projects/options', () => HttpResponse.json(OPTIONS)),
      http.patch('*/api/v2/projects/5', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(VIEW);
      }),
    );
    const user = userEvent.setup();
    renderView();
    await screen.findByRole('heading', { level: 1, name: 'Meter rollout' });
    await user.click(screen.getByRole('button', { name: 'Edit project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit project' });
    await user.click(within(dialog).getByRole('button', { name: 'Save project' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit project' })).toBeNull());
    expect(toastQueue.visible().map((t) => t.title)).toEqual(['Nothing changed']);
    expect(sent).toEqual([]);
    expect(loads).toBe(1);
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
    // Cancelled and opened again: the project's own name, and no message of the attempt before.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit project' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Edit project' }));
    const again = await screen.findByRole('dialog', { name: 'Edit project' });
    expect(within(again).getByRole('textbox', { name: 'Name' })).toHaveValue('Meter rollout');
    expect(within(again).getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(again).queryByText('Name is already used by another project')).toBeNull();
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

  it('once planned, the dialog closes, the page loads again with the sprint, and the next sprint starts with an empty name and goal', async () => {
    const sent: unknown[] = [];
    let sprints: SprintRow[] = [];
    server.use(
      http.get('*/api/v2/projects/5', () => HttpResponse.json({ ...VIEW, sprints })),
      http.post('*/api/v2/projects/5/sprints', async ({ request }) => {
        const body = (await request.json()) as { name: string; start_date: string; end_date: string };
        sent.push(body);
        sprints = [sprintRow(9, body.name, body.start_date, body.end_date)];
        const created: SprintView = {
          sprint: { ...sprints[0]!, started_at: null, closed_at: null, spillover_points: null },
          tasks: [],
          burndown: computeBurndown({ start_date: body.start_date, end_date: body.end_date, committed: 0, events: [], until: `${body.end_date}T17:00:00Z` }),
          next_sprints: [],
        };
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderView();
    await screen.findByRole('heading', { level: 1, name: 'Meter rollout' });
    expect(screen.getByText('No sprints yet. Plan one to time-box the work.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Plan sprint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan a sprint' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Sprint 1');
    await user.type(within(dialog).getByRole('textbox', { name: /^Goal/ }), 'Meters in');
    await typeDate(user, dialog, 'Start date', '01052026');
    await typeDate(user, dialog, 'End date', '01092026');
    await user.click(within(dialog).getByRole('button', { name: 'Plan sprint' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Plan a sprint' })).toBeNull());
    expect(sent).toEqual([{ name: 'Sprint 1', goal: 'Meters in', start_date: '2026-01-05', end_date: '2026-01-09' }]);
    expect(await screen.findByRole('link', { name: 'Sprint 1' })).toHaveAttribute('href', '/project/sprint/9');
    expect(toastQueue.visible().map((t) => t.title)).toEqual(['Sprint Sprint 1 planned']);
    await user.click(screen.getByRole('button', { name: 'Plan sprint' }));
    const again = await screen.findByRole('dialog', { name: 'Plan a sprint' });
    expect(within(again).getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    expect(within(again).getByRole('textbox', { name: /^Goal/ })).toHaveValue('');
  });

  it('Cancel closes the dialog and keeps what was typed for the next time it opens', async () => {
    server.use(http.get('*/api/v2/projects/5', () => HttpResponse.json(VIEW)));
    const user = userEvent.setup();
    renderView();
    await screen.findByRole('heading', { level: 1, name: 'Meter rollout' });
    await user.click(screen.getByRole('button', { name: 'Plan sprint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan a sprint' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Sprint 2');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Plan a sprint' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Plan sprint' }));
    const again = await screen.findByRole('dialog', { name: 'Plan a sprint' });
    expect(within(again).getByRole('textbox', { name: /^Name/ })).toHaveValue('Sprint 2');
  });
});
