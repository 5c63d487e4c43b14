/** The change calendar on the SCR list page (?view=calendar): weeks as rows, each SCR a link, and my feed addresses (msw). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChangeCalendar, ChangeFeed } from '@contracts/changes';
import ChangeListScreen from '@/features/changes/screens/ChangeListScreen';
import { showNoticesAsToasts } from '@tests/support/toasts';
import { renderAt } from '@tests/support/render';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
showNoticesAsToasts();
afterAll(() => server.close());

const item = { id: 7, title: 'Late fee on its own line', company: 'Acme Water', status: 'approved', priority: 'high', emergency: false, target_date: '2031-03-12' } as const;
const weeksFrom = (monday: string): ChangeCalendar => ({
  weeks: [
    { monday, items: monday === '2031-03-10' ? [item] : [] },
    { monday: '2031-03-17', items: [] },
  ],
});

function serve() {
  const seen = { calendars: [] as (string | null)[], added: 0, revoked: [] as string[] };
  let feeds: ChangeFeed[] = [{ id: 3, createdAt: '2031-03-01T09:00:00Z' }];
  server.use(
    http.get('*/api/v2/changes/calendar', ({ request }) => {
      const from = new URL(request.url).searchParams.get('from');
      seen.calendars.push(from);
      return HttpResponse.json(weeksFrom(from === '2031-05-05' ? '2031-05-05' : '2031-03-10'));
    }),
    http.get('*/api/v2/changes/feeds', () => HttpResponse.json(feeds)),
    http.post('*/api/v2/changes/feeds', () => {
      seen.added++;
      feeds = [...feeds, { id: 4, createdAt: '2031-03-12T09:00:00Z' }];
      return HttpResponse.json({ id: 4, createdAt: '2031-03-12T09:00:00Z', url: `https://care.example/api/v2/changes/feed/${'x'.repeat(43)}.ics` }, { status: 201 });
    }),
    http.delete('*/api/v2/changes/feeds/:id', ({ params }) => {
      seen.revoked.push(String(params.id));
      feeds = feeds.filter((f) => String(f.id) !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v2/changes', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 25 })),
    http.get('*/api/v2/preferences/table-size/changes', () => HttpResponse.json({ size: null })),
  );
  return seen;
}

describe('the change calendar', () => {
  it('is a view of the list page reached by keyboard, kept in the address, with weeks as rows and each SCR a link', async () => {
    const user = userEvent.setup();
    serve();
    const at = renderAt('/software/change/request', <ChangeListScreen />);
    const listTab = await screen.findByRole('tab', { name: 'List' });
    listTab.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(at.history.at(-1)).toBe('/software/change/request?view=calendar'));
    expect(screen.getByRole('tab', { name: 'Calendar' }).getAttribute('aria-selected')).toBe('true');

    const weeks = await screen.findByRole('table', { name: 'Planned releases per week' });
    const rows = within(weeks).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const link = within(rows[0]!).getByRole('link', { name: 'SCR-7: Late fee on its own line' });
    expect(link.getAttribute('href')).toBe('/software/change/request/7');
    expect(within(rows[1]!).getByText('Nothing planned')).toBeTruthy();
  });

  it('moves to later weeks through the address, and makes and revokes a feed address, shown once', async () => {
    const user = userEvent.setup();
    const seen = serve();
    const at = renderAt('/software/change/request?view=calendar', <ChangeListScreen />, { toasts: true });
    await screen.findByRole('table', { name: 'Planned releases per week' });
    await user.click(screen.getByRole('button', { name: 'Later weeks' }));
    await waitFor(() => expect(at.history.at(-1)).toBe('/software/change/request?view=calendar&from=2031-05-05'));
    await waitFor(() => expect(seen.calendars.at(-1)).toBe('2031-05-05'));

    await user.click(await screen.findByRole('button', { name: 'New feed address' }));
    const address = await screen.findByRole('textbox', { name: /Your new feed address/ });
    expect((address as HTMLInputElement).value).toMatch(/\/api\/v2\/changes\/feed\/x{43}\.ics$/);
    expect(seen.added).toBe(1);
    const feeds = await screen.findByRole('list', { name: 'My calendar feeds' });
    await waitFor(() => expect(within(feeds).getAllByRole('button', { name: /^Revoke/ })).toHaveLength(2));

    await user.click(within(feeds).getAllByRole('button', { name: /^Revoke/ })[0]!);
    await waitFor(() => expect(seen.revoked).toEqual(['3']));
    expect(await screen.findByText('Calendar feed revoked: its address no longer works')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'My calendar feeds' })).getAllByRole('button', { name: /^Revoke/ })).toHaveLength(1));
    expect(screen.queryByRole('textbox', { name: /Your new feed address/ })).toBeNull();
  });

  it('copies a new feed address to the clipboard with its Copy button, and says so', async () => {
    const user = userEvent.setup();
    serve();
    const copied: string[] = [];
    const clipboard = vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (text) => void copied.push(text));
    renderAt('/software/change/request?view=calendar', <ChangeListScreen />, { toasts: true });
    await user.click(await screen.findByRole('button', { name: 'New feed address' }));
    const address = (await screen.findByRole('textbox', { name: /Your new feed address/ })) as HTMLInputElement;
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(copied).toEqual([address.value]));
    expect(await screen.findByText('Address copied')).toBeTruthy();
    clipboard.mockRestore();
  });
});
