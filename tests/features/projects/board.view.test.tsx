/** The kanban board over msw: keyboard moves through the Move to… menu, the menu's keys (Shift+F10, never the arrows), the card's button not opening its sheet, the one shared menu acting on the card it was opened from, a refused move rolled back, WIP warnings, filters, deleting a card. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Board, Task as Task } from '@contracts/projects';
import KanbanScreen from '@/features/projects/screens/KanbanScreen';
import { provideNotifier, recordingNotifier } from '@/shared/machines/notify';
import { renderAt } from '@tests/support/render';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const card = (id: number, title: string, column: Task['column'], rank: string, extra: Partial<Task> = {}): Task => ({
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
  renderAt('/project/kanban/5', <KanbanScreen params={{ id: '5' }} />);
}
const column = (name: string) => screen.getByRole('grid', { name: `${name} column` });

describe('the kanban board', () => {
  it('moves a card through the Move to… menu, the column chosen with the keyboard, and sends one move', async () => {
    const moves: unknown[] = [];
    server.use(
      http.get('*/api/v2/projects/5/board', () => HttpResponse.json(BOARD)),
      http.post('*/api/v2/tasks/:id/move', async ({ params, request }) => {
        const body = (await request.json()) as { column: Task['column'] };
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

  it('opens the one shared Move to… menu for the card whose button was pressed, acts on that card, and gives focus back to its button', async () => {
    const moves: { id: number; column: string }[] = [];
    server.use(
      http.get('*/api/v2/projects/5/board', () => HttpResponse.json(BOARD)),
      http.post('*/api/v2/tasks/:id/move', async ({ params, request }) => {
        const body = (await request.json()) as { column: Task['column'] };
        moves.push({ id: Number(params.id), column: body.column });
        const was = BOARD.tasks.find((x) => x.id === Number(params.id))!;
        return HttpResponse.json({ ...was, column: body.column, rank: 'z' });
      }),
    );
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole('heading', { level: 1, name: 'Meter rollout' });
    // One menu for the board: no card renders a menu of its own until asked.
    expect(screen.queryByRole('menu')).toBeNull();
    const survey = screen.getByRole('button', { name: 'Move Survey sites to…' });
    expect(survey).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(survey);
    const first = await screen.findByRole('menu', { name: 'Move Survey sites to…' });
    expect(survey).toHaveAttribute('aria-expanded', 'true');
    // Survey sites is first in To do: it cannot go up, it can go down; To do is not offered.
    expect(within(first).getByRole('menuitem', { name: 'Up one' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(first).getByRole('menuitem', { name: 'Down one' })).not.toHaveAttribute('aria-disabled');
    expect(within(first).queryByRole('menuitem', { name: 'To do' })).toBeNull();
    // Escape closes it and focus is back on the button it was opened from.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(survey).toHaveFocus());
    expect(survey).toHaveAttribute('aria-expanded', 'false');

    // Opened from another card, the same menu now names and moves that card.
    const train = screen.getByRole('button', { name: 'Move Train staff to…' });
    await user.click(train);
    const second = await screen.findByRole('menu', { name: 'Move Train staff to…' });
    expect(within(second).queryByRole('menuitem', { name: 'In progress' })).toBeNull();
    expect(within(second).getByRole('menuitem', { name: 'Down one' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(second).getByRole('menuitem', { name: 'Done' }));
    await waitFor(() => expect(screen.getByText('Moved Train staff to Done.')).toBeInTheDocument());
    expect(moves).toEqual([{ id: 4, column: 'done' }]);
    expect(within(column('Done')).getByRole('row', { name: /Train staff/ })).toBeInTheDocument();
    expect(within(column('To do')).getByRole('row', { name: /Survey sites/ })).toBeInTheDocument();
    // The moved card's button, in its new column, has the focus.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Train staff to…' })).toHaveFocus());
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
  it('reads a card\'s neighbours when its menu opens, so Up one after another move places it right', async () => {
    const moves: unknown[] = [];
    server.use(
      http.get('*/api/v2/projects/5/board', () => HttpResponse.json(BOARD)),
      http.post('*/api/v2/tasks/:id/move', async ({ params, request }) => {
        const body = (await request.json()) as { column: Task['column'] };
        moves.push({ id: Number(params.id), ...body });
        const was = BOARD.tasks.find((x) => x.id === Number(params.id))!;
        return HttpResponse.json({ ...was, column: body.column, rank: Number(params.id) === 3 ? 'z' : 'F' });
      }),
    );
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole('heading', { level: 1, name: 'Meter rollout' });
    // Install meters joins To do at the bottom: Survey sites, Order meters, Install meters.
    await user.click(screen.getByRole('button', { name: 'Move Install meters to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'To do' }));
    await waitFor(() => expect(screen.getByText('Moved Install meters to To do.')).toBeInTheDocument());
    // Order meters' menu now knows it is not last: Up one goes before Survey sites, Down one after Install meters.
    await user.click(screen.getByRole('button', { name: 'Move Order meters to…' }));
    expect(await screen.findByRole('menuitem', { name: 'Down one' })).not.toHaveAttribute('aria-disabled');
    await user.click(screen.getByRole('menuitem', { name: 'Up one' }));
    await waitFor(() => expect(moves).toHaveLength(2));
    expect(moves[1]).toEqual({ id: 2, column: 'todo', before_id: 1, after_id: null });
    await waitFor(() => expect(within(column('To do')).getAllByRole('row').map((r) => r.textContent?.match(/Survey sites|Order meters|Install meters/)?.[0])).toEqual(['Order meters', 'Survey sites', 'Install meters']));
  });

  it('a card sheet with its title emptied says so once, beside the title, in plain words, and sends nothing', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/v2/projects/5/board', () => HttpResponse.json(BOARD)),
      http.patch('*/api/v2/tasks/:id', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ error: { code: 'invalid_input', message: 'Invalid body: title (Title is required)', fields: { title: 'Title is required' } } }, { status: 400 });
      }),
    );
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole('heading', { level: 1, name: 'Meter rollout' });
    await user.click(within(column('To do')).getByRole('row', { name: /Survey sites/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Survey sites' });
    const title = within(sheet).getByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.click(within(sheet).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(title).toHaveAccessibleDescription('Give the card a title'));
    expect(within(sheet).getAllByText('Give the card a title')).toHaveLength(1);
    expect(within(sheet).queryByRole('alert')).toBeNull();
    expect(sheet.textContent).not.toMatch(/Invalid body|is required/);
    expect(title).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('deletes a card from its sheet after asking, and the board reloads without it', async () => {
    let tasks = BOARD.tasks;
    const deleted: number[] = [];
    server.use(
      http.get('*/api/v2/projects/5/board', () => HttpResponse.json({ ...BOARD, tasks })),
      http.delete('*/api/v2/tasks/:id', ({ params }) => {
        deleted.push(Number(params.id));
        tasks = tasks.filter((x) => x.id !== Number(params.id));
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole('heading', { level: 1, name: 'Meter rollout' });
    await user.click(within(column('To do')).getByRole('row', { name: /Survey sites/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Survey sites' });
    await user.click(within(sheet).getByRole('button', { name: 'Delete card' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this card?' });
    expect(confirm).toHaveTextContent('“Survey sites” leaves the board and sprint Sprint 1.');
    // Keeping it sends nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Keep card' }));
    expect(deleted).toEqual([]);
    await user.click(within(sheet).getByRole('button', { name: 'Delete card' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete card' }));
    await waitFor(() => expect(within(column('To do')).queryByRole('row', { name: /Survey sites/ })).toBeNull());
    expect(deleted).toEqual([1]);
    expect(screen.queryByRole('dialog', { name: 'Survey sites' })).toBeNull();
  });

  it('keeps the arrow keys for moving between cards, opens Move to… on Shift+F10, gives focus back to the card on Escape, and a press on the menu button never opens the sheet', async () => {
    server.use(http.get('*/api/v2/projects/5/board', () => HttpResponse.json(BOARD)));
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole('heading', { level: 1, name: 'Meter rollout' });
    const survey = within(column('To do')).getByRole('row', { name: /Survey sites/ });
    const order = within(column('To do')).getByRole('row', { name: /Order meters/ });
    survey.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(order).toHaveFocus());
    expect(screen.queryByRole('menu')).toBeNull();
    await user.keyboard('{Shift>}{F10}{/Shift}');
    const menu = await screen.findByRole('menu', { name: 'Move Order meters to…' });
    expect(within(menu).getByRole('menuitem', { name: 'Up one' })).not.toHaveAttribute('aria-disabled');
    // Its button says so (the rest of the page is hidden from assistive technology while the menu is open).
    expect(document.querySelector('[data-move-card="2"]')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(order).toHaveFocus());
    // The columns are described by the board's keyboard help.
    expect(screen.getByRole('region', { name: 'To do' })).toHaveAccessibleDescription(expect.stringContaining('Shift+F10'));
    // The card's button opens the menu, not the card's sheet (the row's own action).
    await user.click(screen.getByRole('button', { name: 'Move Survey sites to…' }));
    await screen.findByRole('menu', { name: 'Move Survey sites to…' });
    expect(screen.queryByRole('dialog', { name: 'Survey sites' })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Survey sites to…' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await screen.findByRole('menu', { name: 'Move Survey sites to…' });
    expect(screen.queryByRole('dialog', { name: 'Survey sites' })).toBeNull();
  });

  it('closes the Move to… menu at once when a move is chosen, and with its fade-out otherwise', async () => {
    server.use(
      http.get('*/api/v2/projects/5/board', () => HttpResponse.json(BOARD)),
      http.post('*/api/v2/tasks/:id/move', async ({ params, request }) => {
        const body = (await request.json()) as { column: Task['column'] };
        return HttpResponse.json({ ...BOARD.tasks.find((x) => x.id === Number(params.id))!, column: body.column, rank: 'z' });
      }),
    );
    // A popover's fade-out, as a browser runs it: an animation on the closing popover that does not end in this test.
    const fadeOut = { playState: 'running', finished: new Promise(() => undefined) } as unknown as Animation;
    const had = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'getAnimations');
    Object.defineProperty(HTMLElement.prototype, 'getAnimations', {
      configurable: true,
      value(this: HTMLElement) {
        return this.hasAttribute('data-exiting') ? [fadeOut] : [];
      },
    });
    try {
      const user = userEvent.setup();
      renderBoard();
      await screen.findByRole('heading', { level: 1, name: 'Meter rollout' });
      // Escape: the menu fades out (it stays, marked as leaving, while its animation runs).
      await user.click(screen.getByRole('button', { name: 'Move Survey sites to…' }));
      await screen.findByRole('menu', { name: 'Move Survey sites to…' });
      await user.keyboard('{Escape}');
      await waitFor(() => expect(document.querySelector('[data-exiting]')).not.toBeNull());
      // A move chosen: the menu leaves in the same render, with no fade-out to wait for.
      await user.click(screen.getByRole('button', { name: 'Move Train staff to…' }));
      const menu = await screen.findByRole('menu', { name: 'Move Train staff to…' });
      await user.click(within(menu).getByRole('menuitem', { name: 'Done' }));
      expect(screen.queryByRole('menu', { name: 'Move Train staff to…' })).toBeNull();
      await waitFor(() => expect(screen.getByText('Moved Train staff to Done.')).toBeInTheDocument());
      expect(screen.queryByRole('menu', { name: 'Move Train staff to…' })).toBeNull();
    } finally {
      if (had) Object.defineProperty(HTMLElement.prototype, 'getAnimations', had);
      else delete (HTMLElement.prototype as { getAnimations?: unknown }).getAnimations;
    }
  });

  it('says what happened through the notifier the app provides: a card added, a move undone', async () => {
    // Notices of the tests before, raised with no notifier provided, wait for one: a throwaway takes them.
    provideNotifier(recordingNotifier())();
    const notices = recordingNotifier();
    const restore = provideNotifier(notices);
    try {
      let tasks = BOARD.tasks;
      server.use(
        http.get('*/api/v2/projects/5/board', () => HttpResponse.json({ ...BOARD, tasks })),
        http.post('*/api/v2/projects/5/tasks', async ({ request }) => {
          const body = (await request.json()) as { title: string; column: Task['column'] };
          const added = card(9, body.title, body.column, 'z');
          tasks = [...tasks, added];
          return HttpResponse.json(added, { status: 201 });
        }),
        http.post('*/api/v2/tasks/:id/move', () => HttpResponse.json({ error: { code: 'not_found', message: 'No such task' } }, { status: 404 })),
      );
      const user = userEvent.setup();
      renderBoard();
      await screen.findByRole('heading', { level: 1, name: 'Meter rollout' });
      await user.click(screen.getByRole('button', { name: 'Add a card to To do' }));
      await user.type(screen.getByRole('textbox', { name: 'New card in To do' }), 'Pick routes{Enter}');
      await waitFor(() => expect(within(column('To do')).getByRole('row', { name: /Pick routes/ })).toBeInTheDocument());
      // The form starts empty for the next card.
      expect(screen.getByRole('textbox', { name: 'New card in To do' })).toHaveValue('');
      await user.click(screen.getByRole('button', { name: 'Move Survey sites to…' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Done' }));
      await screen.findByRole('alert');
      expect(notices.notices).toEqual([
        { tone: 'success', title: 'Card added to To do' },
        { tone: 'error', title: 'Survey sites could not be moved: No such task' },
      ]);
    } finally {
      restore();
    }
  });
});

