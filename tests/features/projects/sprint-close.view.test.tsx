/** The sprint screen over msw: closing asks where unfinished tasks go, sends that choice, shows the frozen sprint and loads it again. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { computeBurndown, type SprintView, type Task } from '@contracts/projects';
import SprintScreen from '@/features/projects/screens/SprintScreen';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const task = (id: number, title: string, column: Task['column']): Task => ({
  id, project_id: 5, title, description: '', column, rank: 'V', assignee_id: null, assignee_name: null, estimate: 3,
  sprint_id: 9, sprint_name: 'Sprint 1', ticket_id: null, ticket_title: null, updated_at: '2026-01-05T10:00:00Z',
});
const viewAs = (status: 'active' | 'closed'): SprintView => ({
  sprint: {
    id: 9, project_id: 5, project_name: 'Meter rollout', name: 'Sprint 1', goal: 'Meters in', start_date: '2026-01-05', end_date: '2026-01-09',
    status, committed_points: 9, done_points: 3, task_count: 3, started_at: '2026-01-05T08:00:00Z', closed_at: status === 'closed' ? '2026-01-09T17:00:00Z' : null,
    spillover_points: status === 'closed' ? 6 : null,
  },
  tasks: status === 'closed' ? [task(1, 'Survey sites', 'done')] : [task(1, 'Survey sites', 'done'), task(2, 'Order meters', 'todo'), task(3, 'Install meters', 'review')],
  burndown: computeBurndown({ start_date: '2026-01-05', end_date: '2026-01-09', committed: 9, events: [{ kind: 'done', points: 3, at: '2026-01-06T10:00:00Z' }], until: '2026-01-09T17:00:00Z' }),
  next_sprints: [{ id: 10, name: 'Sprint 2' }],
});

describe('closing a sprint', () => {
  it('asks where the unfinished tasks go, sends the choice, and shows the sprint closed and frozen', async () => {
    const closes: unknown[] = [];
    let closed = false;
    const loads: string[] = [];
    server.use(
      http.get('*/api/v2/sprints/9', () => {
        loads.push(closed ? 'closed' : 'active');
        return HttpResponse.json(viewAs(closed ? 'closed' : 'active'));
      }),
      http.post('*/api/v2/sprints/9/close', async ({ request }) => {
        closes.push(await request.json());
        closed = true;
        return HttpResponse.json(viewAs('closed'));
      }),
    );
    const user = userEvent.setup();
    const location = memoryLocation({ path: '/project/sprint/9' });
    render(
      <Router hook={location.hook}>
        <SprintScreen params={{ id: '9' }} />
      </Router>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Sprint 1' });
    await user.click(screen.getByRole('button', { name: 'Close sprint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close sprint' });
    expect(dialog).toHaveTextContent('2 tasks are not done. Where should they go?');
    await user.click(within(dialog).getByRole('radio', { name: /The next sprint/ }));
    expect(within(dialog).getByRole('button', { name: /Next sprint/ })).toHaveTextContent('Sprint 2');
    await user.click(within(dialog).getByRole('button', { name: 'Close sprint' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(closes).toEqual([{ unfinished: 'next', next_sprint_id: 10 }]);
    await waitFor(() => expect(screen.getByText('Frozen when the sprint closed.')).toBeInTheDocument());
    expect(screen.getByText('Carried over')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close sprint' })).toBeNull();
    // The sprint loads again once closed.
    await waitFor(() => expect(loads).toEqual(['active', 'closed']));
  });

  it('cancelling the dialog changes nothing', async () => {
    server.use(
      http.get('*/api/v2/sprints/9', () => HttpResponse.json(viewAs('active'))),
      http.post('*/api/v2/sprints/9/close', () => HttpResponse.json({ error: { code: 'internal', message: 'must not be called' } }, { status: 500 })),
    );
    const user = userEvent.setup();
    render(
      <Router hook={memoryLocation({ path: '/project/sprint/9' }).hook}>
        <SprintScreen params={{ id: '9' }} />
      </Router>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Sprint 1' });
    await user.click(screen.getByRole('button', { name: 'Close sprint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close sprint' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Close sprint' })).toBeInTheDocument();
  });
});
