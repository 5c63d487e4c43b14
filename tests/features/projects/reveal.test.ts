/** Focus follows a moved card: reveal.ts waits for the move's render, scrolls a virtualised column to the card, then focuses it; it never takes the focus back once the user acted. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Task as Task } from '@contracts/projects';
import { revealCard, ROW_PITCH, type Rendered } from '@/features/projects/screens/reveal';

const card = (id: number): Task => ({
  id, project_id: 1, title: `Card ${id}`, description: '', column: 'todo', rank: String(id), assignee_id: null, assignee_name: null, estimate: 1,
  sprint_id: null, sprint_name: null, ticket_id: null, ticket_title: null, updated_at: '2026-01-05T10:00:00Z',
});
const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
const columns = (todo: Task[]): Rendered['columns'] => ({ backlog: [], todo, in_progress: [], review: [], done: [] });

function board() {
  document.body.innerHTML = `<section data-column="todo"><div role="grid" aria-label="To do column"></div></section><button id="elsewhere">Elsewhere</button>`;
  return document.querySelector<HTMLElement>('[role="grid"]')!;
}
function addRow(list: HTMLElement, id: number) {
  const row = document.createElement('div');
  row.setAttribute('role', 'row');
  row.dataset.key = String(id);
  row.tabIndex = -1;
  row.innerHTML = `<button data-move-card="${id}">Move</button>`;
  list.append(row);
  return row;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('revealCard', () => {
  it('waits for a render newer than the move, scrolls the column to a card not in the DOM, then focuses its button', async () => {
    const list = board();
    const cards = Array.from({ length: 30 }, (_, i) => card(i + 1));
    let rendered: Rendered = { version: 3, columns: columns(cards) };
    revealCard(30, () => rendered, { after: 3, target: 'button' });
    await frame();
    await frame();
    // Not yet rendered: nothing scrolled, nothing focused.
    expect(list.scrollTop).toBe(0);
    rendered = { version: 4, columns: columns(cards) };
    await frame();
    await frame();
    // The 30th card is outside the window: the list scrolls to its offset and looks again.
    expect(list.scrollTop).toBeGreaterThanOrEqual(29 * ROW_PITCH - ROW_PITCH);
    expect(document.activeElement).toBe(document.body);
    addRow(list, 30);
    await frame();
    await frame();
    expect(document.activeElement).toBe(list.querySelector('[data-move-card="30"]'));
  });

  it('scrolls a virtualised column to the card only once the browser is idle after the move rendered', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    try {
      const list = board();
      const cards = Array.from({ length: 30 }, (_, i) => card(i + 1));
      revealCard(30, () => ({ version: 4, columns: columns(cards) }), { after: 3, target: 'button' });
      await frame();
      await frame();
      await new Promise((r) => setTimeout(r, 20));
      // The move is rendered but the browser is still busy: the column is not scrolled yet.
      expect(list.scrollTop).toBe(0);
      expect(idle).toHaveLength(1);
      idle.shift()!();
      expect(list.scrollTop).toBeGreaterThanOrEqual(29 * ROW_PITCH - ROW_PITCH);
      addRow(list, 30);
      await frame();
      await frame();
      expect(document.activeElement).toBe(list.querySelector('[data-move-card="30"]'));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('focuses the row after a drop, and leaves the focus alone when the user went elsewhere', async () => {
    const list = board();
    const row = addRow(list, 7);
    revealCard(7, () => ({ version: 2, columns: columns([card(7)]) }), { after: 1, target: 'row' });
    await frame();
    await frame();
    expect(document.activeElement).toBe(row);

    // Focus moving on its own (the list the card left focuses a neighbour) does not stop the reveal…
    addRow(list, 8);
    row.focus();
    let version = 2;
    revealCard(8, () => ({ version, columns: columns([card(7), card(8)]) }), { after: 2, target: 'row' });
    version = 3;
    await frame();
    await frame();
    expect(document.activeElement).toBe(list.querySelector('[data-key="8"]'));

    // …but once the user presses a key or points elsewhere, the focus stays where they put it.
    const other = addRow(list, 9);
    revealCard(9, () => ({ version, columns: columns([card(7), card(8), card(9)]) }), { after: 3, target: 'row' });
    document.getElementById('elsewhere')!.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    version = 4;
    await frame();
    await frame();
    expect(document.activeElement).toBe(document.getElementById('elsewhere'));
    expect(other).not.toBe(document.activeElement);
  });
});
