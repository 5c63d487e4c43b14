/** A ticket's page over msw: notes, changes and time through its machine; the forms start empty after a save and keep what was typed after a refusal. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { noQueueRule } from './queue-rules.msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@contracts/common/constants';
import { TICKET_CHANGE_MESSAGES, TIME_ENTRY_MESSAGES, type ThreadEntry, type TicketView } from '@contracts/tickets';
import { ticketChanges, toLocalInput } from '@/features/tickets/machines/ticket-view.machine';
import TicketViewScreen from '@/features/tickets/screens/TicketViewScreen';
import { renderAt } from '@tests/support/render';
import { formatDateTime } from '@/shared/ui/tokens/format';

const server = setupServer(noQueueRule);
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
  attachments: [],
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
    // Said once, beside the field; the server's message for integrators is not shown.
    expect(screen.getAllByText('Minutes must be at most 1440')).toHaveLength(1);
    expect(document.body.textContent).not.toContain('Invalid body');
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
    // The kit's Select: a labelled button that opens a listbox, not a native <select>.
    expect(change.querySelector('select:not([aria-hidden="true"]):not([tabindex="-1"])')).toBeNull();
    const assignee = within(change).getByRole('button', { name: /Assignee/ });
    expect(assignee).toHaveTextContent('Unassigned');
    // The staff arrive with the ticket's options; the form's hidden field lists them once they have.
    await waitFor(() => expect(change.querySelectorAll('select[name="assignee_id"] option[value]:not([value=""])')).toHaveLength(3));
    await u.click(assignee);
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Unassigned', 'Avery Agent', 'Morgan Manager']);
    await u.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Morgan Manager' }));
    expect(within(change).getByRole('button', { name: /Assignee/ })).toHaveTextContent('Morgan Manager');
    await u.click(within(change).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Properties' })).getByText('Morgan Manager')).toBeInTheDocument());
    expect(sent).toEqual([{ assignee_id: 3 }]);
  });

  it("shows who is not certified for the ticket's queue in the assignee picker, disabled with the reason, not hidden", async () => {
    serveTicket();
    server.use(
      http.get('*/api/v2/tickets/7', () => HttpResponse.json(viewWith([], { queue: 'Programming' }))),
      http.get('*/api/v2/queue-certifications/assignees', ({ request }) =>
        HttpResponse.json({ queue: new URL(request.url).searchParams.get('queue'), certification: 'Secure Coding', uncertified: [2] }),
      ),
    );
    const u = userEvent.setup();
    renderTicket();
    const change = await screen.findByRole('region', { name: 'Change' });
    await waitFor(() => expect(change.querySelectorAll('select[name="assignee_id"] option[value]:not([value=""])')).toHaveLength(3));
    await u.click(within(change).getByRole('button', { name: /Assignee/ }));
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(within(list).getByRole('option', { name: /Avery Agent/ })).toHaveAttribute('aria-disabled', 'true'));
    expect(within(list).getByRole('option', { name: /Avery Agent/ })).toHaveTextContent('Not certified in Secure Coding');
    expect(within(list).getByRole('option', { name: /Morgan Manager/ })).not.toHaveAttribute('aria-disabled');
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Unassigned', 'Avery AgentNot certified in Secure Coding', 'Morgan Manager']);
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
    expect(within(change).getByRole('button', { name: /Status/ })).toHaveFocus();
    await u.keyboard('a');
    expect(sent).toEqual([]);
    await u.click(screen.getByRole('heading', { level: 1 }));
    await u.keyboard('a');
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Properties' })).getByText('Avery Agent')).toBeInTheDocument());
    expect(sent).toEqual([{ assignee_id: 2 }]);
    sessionStorage.clear();
  });

  it('an empty Add time says what to enter once, beside Minutes, in plain words; sends nothing and moves focus there', async () => {
    serveTicket();
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/v2/tickets/7/time', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(viewWith([]), { status: 201 });
      }),
    );
    const u = userEvent.setup();
    renderTicket();
    const form = await screen.findByRole('form', { name: 'Add time' });
    await u.click(within(form).getByRole('button', { name: 'Add time' }));

    const minutes = within(form).getByRole('spinbutton', { name: /Minutes/ });
    await waitFor(() => expect(minutes).toHaveAttribute('aria-invalid', 'true'));
    expect(minutes).toHaveAccessibleDescription(TIME_ENTRY_MESSAGES.minutes);
    expect(screen.getAllByText(TIME_ENTRY_MESSAGES.minutes)).toHaveLength(1);
    expect(minutes).toHaveFocus();
    expect(document.body.textContent).not.toMatch(/Invalid body|must be a number|must be at least|minutes \(/);
    // The note form's own Minutes says nothing: the problem is the time form's.
    expect(within(screen.getByRole('form', { name: 'Add a note' })).getByRole('spinbutton')).not.toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    // Typing clears the message; a good entry is sent.
    await u.type(minutes, '90');
    expect(minutes).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(TIME_ENTRY_MESSAGES.minutes)).toBeNull();
    await u.click(within(form).getByRole('button', { name: 'Add time' }));
    await waitFor(() => expect(sent).toEqual([{ minutes: 90, billable: true, description: '' }]));
  });

  it('a refused time entry shows the server’s words beside its field only, never its message for integrators', async () => {
    serveTicket();
    server.use(
      http.post('*/api/v2/tickets/7/time', () =>
        HttpResponse.json({ error: { code: 'invalid_input', message: 'Invalid body: work_date (Work date must be a real calendar day)', fields: { work_date: 'Work date must be a real calendar day' } } }, { status: 400 }),
      ),
    );
    const u = userEvent.setup();
    renderTicket();
    const form = await screen.findByRole('form', { name: 'Add time' });
    await u.type(within(form).getByRole('spinbutton', { name: /Minutes/ }), '30');
    await u.click(within(form).getByRole('button', { name: 'Add time' }));
    const date = within(form).getByLabelText(/^Date/);
    await waitFor(() => expect(date).toHaveAttribute('aria-invalid', 'true'));
    expect(date).toHaveAccessibleDescription('Work date must be a real calendar day');
    expect(screen.getAllByText('Work date must be a real calendar day')).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/Invalid body|work_date/);
    expect(within(form).getByRole('spinbutton', { name: /Minutes/ })).toHaveValue(30);
  });

  it('Save changes with nothing changed says so in words, naming no internal field, and sends nothing', async () => {
    serveTicket();
    const sent: unknown[] = [];
    server.use(
      http.patch('*/api/v2/tickets/7', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(viewWith([]));
      }),
    );
    const u = userEvent.setup();
    renderTicket();
    const change = await screen.findByRole('region', { name: 'Change' });
    await u.click(within(change).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(TICKET_CHANGE_MESSAGES.nothing)).toBeInTheDocument();
    expect(screen.getAllByText(TICKET_CHANGE_MESSAGES.nothing)).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/assignee_id|duedate|Send at least one/);
    expect(sent).toEqual([]);
  });
});

describe("a ticket's dates", () => {
  const change = (id: number, body: string, changes: ThreadEntry['change']): ThreadEntry => ({ ...note(id, body), kind: 'change', internal: true, change: changes });
  const SECONDS = /\d:\d\d:\d\d/;

  it('shows a change log row in the reader\'s own format, to the minute, and says Priority even on an older entry', async () => {
    const from = '2030-03-05T08:00:37Z';
    const to = '2030-03-06T17:30:12Z';
    server.use(
      http.get('*/api/v2/tickets/options', () => HttpResponse.json({ staff: [], response_target_hours: {} })),
      http.get('*/api/v2/tickets/7', () =>
        HttpResponse.json(
          viewWith([
            change(1, 'Severity: Medium → High\nDue date: 2030-03-05 08:00 UTC → 2030-03-06 17:30 UTC', {
              severity: { from: 'M', to: 'H' },
              duedate: { from, to },
            }),
          ]),
        ),
      ),
    );
    renderTicket();
    const entry = (await screen.findByTestId('thread')).querySelector('.thread-entry.change') as HTMLElement;
    await waitFor(() => expect(entry).toHaveTextContent('Priority: Medium → High'));
    expect(entry).toHaveTextContent(`Due date: ${formatDateTime(from)} → ${formatDateTime(to)}`);
    expect(entry.textContent).not.toMatch(/UTC|Severity/);
    expect(entry.textContent).not.toMatch(SECONDS);
  });

  it('shows the due date, the paused clock and the creation time to the minute, with the exact instant in <time>', async () => {
    server.use(
      http.get('*/api/v2/tickets/options', () => HttpResponse.json({ staff: [], response_target_hours: {} })),
      http.get('*/api/v2/tickets/7', () =>
        HttpResponse.json(viewWith([], { status: 'WOC', duedate: '2030-01-02T15:00:42Z', paused_since: '2030-01-01T12:00:05Z', projected_duedate: '2030-01-02T18:00:42Z' })),
      ),
    );
    renderTicket();
    const due = await screen.findByTestId('due-date');
    expect(due).toHaveTextContent(formatDateTime('2030-01-02T15:00:42Z'));
    expect(due.querySelector('time')).toHaveAttribute('dateTime', '2030-01-02T15:00:42.000Z');
    const properties = screen.getByRole('region', { name: 'Properties' });
    expect(properties.textContent).not.toMatch(SECONDS);
    expect(screen.getByTestId('clock')).toHaveTextContent(`Paused since ${formatDateTime('2030-01-01T12:00:05Z')}`);
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
