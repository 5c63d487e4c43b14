/**
 * Ticket Search hears of new and changed tickets over msw's event stream: on page 1, newest first,
 * with the pointer elsewhere, the list loads again by itself; on another page it says so politely
 * ("New or changed tickets — Show") and loads the same page again on Show; the pointer on the list
 * holds the rows still.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TicketRow } from '@contracts/tickets';
import TicketSearchScreen from '@/features/tickets/screens/TicketSearchScreen';
import { renderAt } from '@tests/support/render';
import { forgetPageSizes } from '@/shared/ui/data-table/page-size-store';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  forgetPageSizes();
});
afterAll(() => server.close());

const ticket = (id: number): TicketRow => ({
  id,
  title: `Ticket ${id}`,
  status: 'A',
  severity: 'M',
  company_id: 7,
  company_name: 'Acme Utilities',
  queue: 'Support',
  assignee_id: 3,
  assignee_name: 'Avery Agent',
  duedate: null,
  created_at: '2026-06-01T10:00:00.000Z',
  updated_at: '2026-06-01T10:00:00.000Z',
  overdue: false,
});

/** The list's calls, and a push of one frame down the open stream of changes. */
function serve() {
  const calls = { tickets: [] as URLSearchParams[], streams: [] as string[] };
  const encoder = new TextEncoder();
  let push: (frame: { latest: number; ids: number[] }) => void = () => {
    throw new Error('no stream open');
  };
  let newest = 100;
  server.use(
    http.get('*/api/v2/ticket-views', () => HttpResponse.json({ views: [] })),
    http.get('*/api/v2/preferences/table-size/tickets', () => HttpResponse.json({ size: null })),
    http.get('*/api/v2/tickets/changes', ({ request }) => {
      calls.streams.push(new URL(request.url).searchParams.get('after')!);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (frame) => controller.enqueue(encoder.encode(`id: ${frame.latest}\nevent: changed\ndata: ${JSON.stringify(frame)}\n\n`));
        },
      });
      return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
    }),
    http.get('*/api/v2/tickets', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.tickets.push(params);
      const first = newest - (Number(params.get('page') ?? 1) - 1) * 10;
      return HttpResponse.json({ rows: Array.from({ length: 10 }, (_, i) => ticket(first - i)), page: Number(params.get('page') ?? 1), size: 10, total: 42, totalExact: true });
    }),
  );
  return {
    calls,
    /** A ticket is created on the server: the stream tells of it. */
    created(id: number) {
      newest = id;
      push({ latest: id * 10, ids: [id] });
    },
  };
}

const firstRow = () => within(screen.getByRole('table')).getAllByRole('row')[1]!;

describe('Ticket Search kept current', () => {
  it('on page 1, newest first, loads the new ticket by itself, with no notice', async () => {
    const s = serve();
    renderAt('/ticket/search', <TicketSearchScreen />);
    await waitFor(() => expect(firstRow()).toHaveTextContent('Ticket 100'));
    await waitFor(() => expect(s.calls.streams).toEqual(['now']));
    s.created(101);
    await waitFor(() => expect(firstRow()).toHaveTextContent('Ticket 101'));
    expect(s.calls.tickets.map((p) => p.get('page'))).toEqual(['1', '1']);
    expect(screen.queryByRole('button', { name: 'Show' })).toBeNull();
  });

  it('on page 2 says so politely and loads the same page again on Show', async () => {
    const s = serve();
    const user = userEvent.setup();
    renderAt('/ticket/search?page=2', <TicketSearchScreen />);
    await waitFor(() => expect(firstRow()).toHaveTextContent('Ticket 90'));
    await waitFor(() => expect(s.calls.streams).toHaveLength(1));
    s.created(101);
    const show = await screen.findByRole('button', { name: 'Show' });
    const status = show.closest('[role="status"]')!;
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status.textContent?.replace(/\u00a0/g, ' ')).toBe('New or changed tickets — Show');
    // Nothing moved by itself.
    expect(s.calls.tickets).toHaveLength(1);
    await user.click(show);
    await waitFor(() => expect(firstRow()).toHaveTextContent('Ticket 91'));
    expect(s.calls.tickets.map((p) => p.get('page'))).toEqual(['2', '2']);
    expect(screen.queryByRole('button', { name: 'Show' })).toBeNull();
  });

  it('holds the rows still while the pointer is on the list, and offers them instead', async () => {
    const s = serve();
    renderAt('/ticket/search', <TicketSearchScreen />);
    await waitFor(() => expect(firstRow()).toHaveTextContent('Ticket 100'));
    await waitFor(() => expect(s.calls.streams).toHaveLength(1));
    fireEvent.pointerEnter(screen.getByRole('table'));
    s.created(101);
    expect(await screen.findByRole('button', { name: 'Show' })).toBeInTheDocument();
    expect(s.calls.tickets).toHaveLength(1);
    expect(firstRow()).toHaveTextContent('Ticket 100');
  });
});
