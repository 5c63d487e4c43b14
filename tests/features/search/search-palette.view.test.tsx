/** Search everything and the shortcuts, as the staff layout mounts them, over msw. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useLocation } from 'wouter';
import type { SearchEverything } from '@contracts/search';
import { SearchPalette } from '@/features/search';
import { SHORTCUTS } from '@/shared/shortcuts/registry';
import { SearchButton, ShortcutOverlays, useShortcuts } from '@/shared/shortcuts/Shortcuts';
import { renderAt } from '@tests/support/render';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ANSWER: SearchEverything = {
  q: 'meter',
  groups: [
    { group: 'tickets', hits: [{ id: 11, title: '#11 Meter offline', detail: 'Active · Acme', companyId: 3 }, { id: 12, title: '#12 Méter drift', detail: 'Closed · Acme', companyId: 3 }] },
    { group: 'companies', hits: [{ id: 3, title: 'Acme Meters', detail: 'ACME-001 · Active', companyId: null }] },
    { group: 'contacts', hits: [] },
    { group: 'projects', hits: [] },
    { group: 'quotes', hits: [] },
  ],
};

function serve() {
  const queries: string[] = [];
  server.use(
    http.get('*/api/v2/search', ({ request }) => {
      queries.push(new URL(request.url).searchParams.get('q') ?? '');
      return HttpResponse.json(ANSWER);
    }),
  );
  return queries;
}

/** The layout's part: the key listener, the header's button, the overlays. */
function Layout() {
  const [, navigate] = useLocation();
  const keys = useShortcuts(navigate);
  return (
    <>
      <SearchButton keys={keys} />
      <input aria-label="Notes" />
      <ShortcutOverlays keys={keys} Palette={SearchPalette} navigate={navigate} />
    </>
  );
}

describe('search everything', () => {
  it('Ctrl+K, type, arrow down, Enter: lands on the second hit', async () => {
    const queries = serve();
    const user = userEvent.setup();
    const r = renderAt('/home', <Layout />);
    await user.keyboard('{Control>}k{/Control}');
    const field = await screen.findByRole('combobox', { name: 'Search everything' });
    await waitFor(() => expect(field).toHaveFocus());
    // Pasted, so the test does not depend on how fast a busy machine types (the pause itself is the machine's, path-tested).
    await user.paste('meter');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['#11 Meter offlineActive · Acme', '#12 Méter driftClosed · Acme', 'Acme MetersACME-001 · Active']);
    expect(screen.getByRole('group', { name: 'Tickets' })).toBeInTheDocument();
    expect(queries).toEqual(['meter']);
    expect(field).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(r.history.at(-1)).toBe('/ticket/12'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens from the header button; Esc closes it and gives the focus back to the button', async () => {
    serve();
    const user = userEvent.setup();
    renderAt('/home', <Layout />);
    const button = screen.getByRole('button', { name: /search everything/i });
    await user.click(button);
    await screen.findByRole('dialog', { name: 'Search everything' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('says when nothing matched', async () => {
    server.use(http.get('*/api/v2/search', () => HttpResponse.json({ q: 'zzz', groups: [] })));
    const user = userEvent.setup();
    renderAt('/home', <Layout />);
    await user.keyboard('/');
    await user.type(await screen.findByRole('combobox'), 'zzz');
    expect(await screen.findByText('Nothing found for “zzz”.')).toBeInTheDocument();
  });
});

describe('keyboard shortcuts', () => {
  it('"?" lists every shortcut of the registry', async () => {
    const user = userEvent.setup();
    renderAt('/home', <Layout />);
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const s of SHORTCUTS) expect(within(dialog).getByText(s.description)).toBeInTheDocument();
  });

  it('"c" creates a ticket and "g t" goes to the ticket search, but not while typing in a field', async () => {
    const user = userEvent.setup();
    const r = renderAt('/home', <Layout />);
    await user.click(screen.getByRole('textbox', { name: 'Notes' }));
    await user.keyboard('c/gt?');
    expect(r.history).toEqual(['/home']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(document.body);
    await user.keyboard('gt');
    expect(r.history.at(-1)).toBe('/ticket/search');
    await user.keyboard('c');
    expect(r.history.at(-1)).toBe('/create/ticket');
  });
});
