/** A ticket's page over msw: notes, changes and time through its machine; the forms start empty after a save and keep what was typed after a refusal. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@contracts/common/constants';
import type { ThreadEntry, TicketView } from '@contracts/tickets';
import { ticketChanges, toLocalInput } from '@/features/tickets/machines/ticket-view.machine';
import TicketViewScreen from '@/features/tickets/screens/TicketViewScreen';
import { renderAt } from '@tests/support/render';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ticket: TicketView['ticket'] = {
  id: 7, title: 'Printer down', description: 'The third floor printer jams.', status: 'A', severity: 'M', company_id: 3, company_name: 'Harbor Freight',
  contact_id: null, contact_name: null, contact_email: null, queue: 'Support', assignee_id: null, assignee_name: null, source: 'phone',
  duedate: '2030-01-02T15:00:00Z', projected_duedate: null, paused_since: null, paused_seconds: 0, overdue: false,
  created_at: '2030-01-01T09:00:00Z', updated_at: '2030-01-01T09:00:00Z', closed_at: null,
};
const note = (id: number, body: string): ThreadEntry => ({ id, kind: 'note', body, internal: false, minutes_spent: 0, change: null, author_name: 'Avery Agent', author_type: 'staff', created_at: '2030-01-01T10:00:00Z', attachments: [] });
const viewWith = (thread: ThreadEntry[], over: Partial<TicketView['ticket']> = {}): TicketView => ({
  ticket: { ...ticket, ...over },
  thread,
  time: { entries: [], total_minutes: 0, billable_minutes: 0 },
  surveys: { sent_at: null, responses: [] },
});

function serveTicket() {
  server.use(
    http.get('*/api/v2/tickets/options', () => HttpResponse.json({ staff: [{ id: 2, name: 'Avery Agent' }, { id: 3, name: 'Morgan Manager' }], response_target_hours: {} })),
    http.get('*/api/v2/tickets/7', () => HttpResponse.json(viewWith([]))),
  );
}
function renderTicket() {
  renderAt('/ticket/7', <TicketViewScreen params={{ id: '7' }} />);
}

describe('a ticket\'s page', () => {
  it('adds a note: the thread shows it and the form starts empty; a refused note keeps what was typed and says why', async () => {
    serveTicket();
    let refuse = true;
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/v2/tickets/7/notes', async ({ request }) => {
        const body = (await request.json()) as { body: string };
        sent.push(body);
        return refuse
          ? HttpResponse.json({ error: { code: 'invalid_input', message: 'Invalid body: minutes', fields: { minutes: 'Minutes must be at most 1440' } } }, { status: 400 })
          : HttpResponse.json(viewWith([note(1, body.body)]));
      }),
    );
    const u = userEvent.setup();
    renderTicket();
    const form = await screen.findByRole('form', { name: 'Add a note' });
    await u.type(within(form).getByRole('textbox', { name: 'Note' }), 'Replaced the roller.');
    await u.click(within(form).getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Minutes must be at most 1440')).toBeInTheDocument();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Invalid body: minutes');
    expect(within(screen.getByRole('form', { name: 'Add a note' })).getByRole('textbox', { name: 'Note' })).toHaveValue('Replaced the roller.');

    refuse = false;
    await u.click(within(screen.getByRole('form', { name: 'Add a note' })).getByRole('button', { name: 'Add note' }));
    expect(await within(screen.getByTestId('thread')).findByText('Replaced the roller.')).toBeInTheDocument();
    expect(within(screen.getByRole('form', { name: 'Add a note' })).getByRole('textbox', { name: 'Note' })).toHaveValue('');
    expect(sent).toEqual([
      { body: 'Replaced the roller.', internal: false, minutes: 0 },
      { body: 'Replaced the roller.', internal: false, minutes: 0 },
    ]);
  });

  it('offers the staff of its options as assignees and sends only what the Change form changed', async () => {
    serveTicket();
    const sent: unknown[] = [];
    server.use(
      http.patch('*/api/v2/tickets/7', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(viewWith([], { assignee_id: 3, assignee_name: 'Morgan Manager', updated_at: '2030-01-01T11:00:00Z' }));
      }),
    );
    const u = userEvent.setup();
    renderTicket();
    const change = await screen.findByRole('region', { name: 'Change' });
    const assignee = within(change).getByRole('combobox', { name: 'Assignee' });
    await waitFor(() => expect(within(assignee).getAllByRole('option').map((o) => o.textContent)).toEqual(['Unassigned', 'Avery Agent', 'Morgan Manager']));
    await u.selectOptions(assignee, 'Morgan Manager');
    await u.click(within(change).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Properties' })).getByText('Morgan Manager')).toBeInTheDocument());
    expect(sent).toEqual([{ assignee_id: 3 }]);
  });

  it('"a" assigns the ticket to the signed-in user and "s" puts the keyboard in the Status field; typing in a field takes neither', async () => {
    serveTicket();
    sessionStorage.setItem(STORAGE_KEYS.userid, '2');
    const sent: unknown[] = [];
    server.use(
      http.patch('*/api/v2/tickets/7', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(viewWith([], { assignee_id: 2, assignee_name: 'Avery Agent', updated_at: '2030-01-01T11:00:00Z' }));
      }),
    );
    const u = userEvent.setup();
    renderTicket();
    const change = await screen.findByRole('region', { name: 'Change' });
    await u.click(screen.getByRole('heading', { level: 1 }));
    await u.keyboard('s');
    expect(within(change).getByRole('combobox', { name: 'Status' })).toHaveFocus();
    await u.keyboard('a');
    expect(sent).toEqual([]);
    await u.click(screen.getByRole('heading', { level: 1 }));
    await u.keyboard('a');
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Properties' })).getByText('Avery Agent')).toBeInTheDocument());
    expect(sent).toEqual([{ assignee_id: 2 }]);
    sessionStorage.clear();
  });
});

describe('ticketChanges', () => {
  it('names only the fields the Change form changed', () => {
    const same = { status: 'A', severity: 'M', queue: 'Support', assignee_id: '', duedate: toLocalInput(ticket.duedate) };
    expect(ticketChanges(ticket, same)).toEqual({});
    expect(ticketChanges(ticket, { ...same, status: 'WOC', duedate: '' })).toEqual({ status: 'WOC', duedate: null });
    expect(ticketChanges({ ...ticket, assignee_id: 2 }, { ...same, assignee_id: '' })).toEqual({ assignee_id: null });
  });
});
