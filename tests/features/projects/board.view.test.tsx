/** The kanban board over msw: keyboard moves through the Move to… menu, a refused move rolled back, WIP warnings, filters. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Board, TaskCard } from '@contracts/projects';
import KanbanScreen from '@/features/projects/screens/KanbanScreen';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const card = (id: number, title: string, column: TaskCard['column'], rank: string, extra: Partial<TaskCard> = {}): TaskCard => ({
  id, project_id: 5, title, description: '', column, rank, assignee_id: null, assignee_name: null, estimate: 3,
  sprint_id: null, sprint_name: null, ticket_id: null, ticket_title: null, updated_at: '2026-01-05T10:00:00Z', ...extra,
});
const BOARD: Board = {
  project: { id: 5, name: 'Meter rollout', company_name: 'Acme Utilities', status: 'active', wip_limits: { in_progress: 1 } },
  tasks: [
    card(1, 'Survey sites', 'todo', 'V', { assignee_id: 2, assignee_name: 'Avery Agent', sprint_id: 9, sprint_name: 'Sprint 1' }),
    card(2, 'Order meters', 'todo', 'k'),
    card(3, 'Install meters', 'in_progress', 'V'),
    card(4, 'Train staff', 'in_progress', 'k', { assignee_id: 2, assignee_name: 'Avery Agent' }),
  ],
  sprints: [{ id: 9, name: 'Sprint 1', status: 'active' }],
  staff: [{ id: 2, name: 'Avery Agent' }, { id: 3, name: 'Morgan Manager' }],
};

function renderBoard() {
  const location = memoryLocation({ path: '/project/kanban/5' });
  render(
    <Router hook={location.hook}>
      <KanbanScreen params={{ id: '5' }} />
    </Router>,
  );
}
const column = (name: string) => screen.getByRole('grid', { name: `${name} column` });

describe('the kanban board', () => {
  it('moves a card through the Move to… menu, the column chosen with the keyboard, and sends one move', async () => {
    const moves: unknown[] = [];
    server.use(
      http.get('*/api/v2/projects/5/board', () => HttpResponse.json(BOARD)),
      http.post('*/api/v2/tasks/:id/move', async ({ params, request }) => {
        const body = (await request.json()) as { column: TaskCard['column'] };
        moves.push({ id: Number(params.id), ...body });
        return HttpResponse.json(card(Number(params.id), 'Order meters', body.column, 'a'));
      }),
    );
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole('heading', { level: 1, name: 'Meter rollout' });
    await user.click(screen.getByRole('button', { name: 'Move Order meters to…' }));
    const menu = await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}');
    // Backlog is the first item; the next column along is In progress.
    const item = within(menu).getByRole('menuitem', { name: 'Review' });
    item.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(column('Review')).getByRole('row', { name: /Order meters/ })).toBeInTheDocument());
    expect(moves).toEqual([{ id: 2, column: 'review', before_id: null, after_id: null }]);
    expect(within(column('To do')).queryByRole('row', { name: /Order meters/ })).toBeNull();
    await waitFor(() => expect(screen.getByText('Moved Order meters to Review.')).toBeInTheDocument());
  });

  it('puts a refused move back and says why', async () => {
    server.use(
      http.get('*/api/v2/projects/5/board', () => HttpResponse.json(BOARD)),
      http.post('*/api/v2/tasks/:id/move', () => HttpResponse.json({ error: { code: 'not_found', message: 'No such task' } }, { status: 404 })),
    );
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole('heading', { level: 1, name: 'Meter rollout' });
    await user.click(screen.getByRole('button', { name: 'Move Survey sites to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Done' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Move undone');
    expect(alert).toHaveTextContent('Survey sites could not be moved: No such task');
    expect(within(column('To do')).getByRole('row', { name: /Survey sites/ })).toBeInTheDocument();
    expect(within(column('Done')).queryByRole('row', { name: /Survey sites/ })).toBeNull();
  });

  it('warns when a column holds more cards than its WIP limit', async () => {
    server.use(http.get('*/api/v2/projects/5/board', () => HttpResponse.json(BOARD)));
    renderBoard();
    await screen.findByRole('heading', { level: 1, name: 'Meter rollout' });
    expect(screen.getByLabelText('2 cards, WIP limit 1')).toHaveTextContent('2 / 1');
    expect(screen.getByText(/Over the WIP limit of 1/)).toBeInTheDocument();
    expect(screen.getByLabelText('2 cards')).toBeInTheDocument();
  });

  it('filters the cards by assignee, sprint and text, and says how many show', async () => {
    server.use(http.get('*/api/v2/projects/5/board', () => HttpResponse.json(BOARD)));
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole('heading', { level: 1, name: 'Meter rollout' });
    await user.click(screen.getByRole('button', { name: /Assignee/ }));
    await user.click(await screen.findByRole('option', { name: 'Avery Agent' }));
    await waitFor(() => expect(screen.getByText(/Showing 2 of 4 cards/)).toBeInTheDocument());
    expect(within(column('To do')).getAllByRole('row').map((r) => r.textContent)).toEqual([expect.stringContaining('Survey sites')]);
    await user.click(screen.getByRole('button', { name: /Sprint/ }));
    await user.click(await screen.findByRole('option', { name: 'No sprint' }));
    await waitFor(() => expect(screen.getByText(/Showing 1 of 4 cards/)).toBeInTheDocument());
    expect(within(column('In progress')).getAllByRole('row').map((r) => r.textContent)).toEqual([expect.stringContaining('Train staff')]);
    await user.click(screen.getByRole('link', { name: 'Clear filters' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search cards' }), 'meters{Enter}');
    await waitFor(() => expect(screen.getByText(/Showing 2 of 4 cards/)).toBeInTheDocument());
  });
});
