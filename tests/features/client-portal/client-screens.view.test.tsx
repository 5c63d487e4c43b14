/** Client portal screens over msw: what a user sees on success, on bad input and on a dead link. */
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { CLIENT_TICKET_MESSAGES, SIGNUP_ACCEPTED_MESSAGE, TOKEN_INVALID_MESSAGE } from '@contracts/client-portal';
import { DEMO_USER } from '@tests/shared/session/client-session.support';
import { formatFullDateTime, formatRelative } from '@/shared/ui/tokens/format';
import { bad, clientApiServer, label, renderClientAt, verifyTokenOk } from './support';

const server = clientApiServer(verifyTokenOk());
const renderAt = (path: string, signedIn = false) => renderClientAt(path, { signedIn });

describe('guest screens', () => {
  it('signup shows the field the server named and keeps what was typed', async () => {
    server.use(http.post('*/api/v2/client/signup', () => bad({ password: 'This password is too common; choose another' })));
    renderAt('/signup');
    await userEvent.type(await screen.findByLabelText(label('Company account number')), 'NOPE-1');
    await userEvent.type(screen.getByLabelText(label('Name')), 'Pat');
    await userEvent.type(screen.getByLabelText(label('Email')), 'pat@example.test');
    await userEvent.type(screen.getByLabelText(label('Password')), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('This password is too common; choose another')).toBeInTheDocument();
    expect(screen.getByLabelText(label('Company account number'))).toHaveValue('NOPE-1');
    expect(screen.getByLabelText(label('Password'))).toHaveAttribute('aria-invalid', 'true');
  });

  it('an empty signup says what it needs once, beside each field, in plain words, and sends nothing', async () => {
    let posts = 0;
    server.use(
      http.post('*/api/v2/client/signup', () => {
        posts += 1;
        return bad({ accountNumber: 'Account number is required' });
      }),
    );
    renderAt('/signup');
    const account = await screen.findByLabelText(label('Company account number'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await vi.waitFor(() => expect(account).toHaveAccessibleDescription("Enter your company's account number"));
    expect(screen.getByLabelText(label('Name'))).toHaveAccessibleDescription('Tell us your name');
    expect(screen.getAllByText("Enter your company's account number")).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toMatch(/Account number is required|Name is required|Invalid body|accountNumber/);
    expect(account).toHaveFocus();
    expect(posts).toBe(0);
  });

  it('signup says a request was received, and promises no account: approval or the company domain decides', async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/v2/client/signup', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ accepted: true, message: SIGNUP_ACCEPTED_MESSAGE }, { status: 202 });
      }),
    );
    renderAt('/signup');
    expect(await screen.findByText(/The account number alone does not open an account/)).toHaveTextContent('otherwise once your request is approved');
    await userEvent.type(screen.getByLabelText(label('Company account number')), 'GLOBEX-002');
    await userEvent.type(screen.getByLabelText(label('Name')), 'Pat');
    await userEvent.type(screen.getByLabelText(label('Email')), 'pat@example.test');
    await userEvent.type(screen.getByLabelText(label('Password')), 'a long passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Request received' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(SIGNUP_ACCEPTED_MESSAGE);
    expect(screen.queryByText(/we sent a link/i)).toBeNull();
    expect(sent).toEqual({ accountNumber: 'GLOBEX-002', name: 'Pat', email: 'pat@example.test', password: 'a long passphrase' });
  });

  it('a used or expired reset link says so and offers a new one', async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/v2/client/reset-password', async ({ request }) => {
        sent = await request.json();
        return bad({ token: TOKEN_INVALID_MESSAGE });
      }),
    );
    renderAt('/reset-password/abc123');
    await userEvent.type(await screen.findByLabelText(label('New password')), 'a long passphrase');
    await userEvent.type(screen.getByLabelText(label('Confirm password')), 'a long passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TOKEN_INVALID_MESSAGE);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
    expect(sent).toEqual({ token: 'abc123', password: 'a long passphrase' });
  });

  it('forgot password shows the one answer', async () => {
    server.use(http.post('*/api/v2/client/forgot-password', () => HttpResponse.json({ accepted: true, message: 'If an account uses this email, we sent it a link to reset the password.' }, { status: 202 })));
    renderAt('/forgot-password');
    await userEvent.type(await screen.findByLabelText(label('Email')), 'who@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account uses this email');
  });
});

describe('tickets screen', () => {
  const page = {
    items: [{ id: 41, title: 'Printer jams', status: 'A', severity: 'H', contact_name: 'Casey', created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-02T10:00:00Z' }],
    total: 1,
    page: 1,
    pageSize: 20,
  };

  it('lists the company tickets with sortable headers and creates a ticket', async () => {
    const queries: string[] = [];
    let created: unknown;
    server.use(
      http.get('*/api/v2/client/tickets', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json(page);
      }),
      http.post('*/api/v2/client/tickets', async ({ request }) => {
        created = await request.json();
        return HttpResponse.json({ id: 99 }, { status: 201 });
      }),
    );
    renderAt('/tickets', true);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Printer jams' })).toHaveAttribute('href', '/tickets?id=41');
    expect(within(table).getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(within(table).getByRole('button', { name: 'Title' }));
    expect(await within(table).findByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'ascending');
    expect(queries.at(-1)).toContain('sort=title');

    await userEvent.type(screen.getByLabelText(label('Title')), 'New problem');
    await userEvent.type(screen.getByLabelText(label('Description')), 'Details');
    const createForm = screen.getByRole('region', { name: 'Create a ticket' });
    await userEvent.click(within(createForm).getByRole('button', { name: /Priority/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Critical' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    expect(await screen.findByRole('link', { name: 'Open ticket #99' })).toBeInTheDocument();
    expect(created).toMatchObject({ title: 'New problem', description: 'Details', severity: 'C', contactEmail: DEMO_USER.email });
  });

  it('calls it Priority, as the staff side does: the list column, the create form and the ticket details', async () => {
    server.use(
      http.get('*/api/v2/client/tickets', () => HttpResponse.json(page)),
      http.get('*/api/v2/client/tickets/41', () => HttpResponse.json({ ...page.items[0], description: 'It jams.', contact_email: 'casey@example.test', notes: [], attachments: [] })),
    );
    renderAt('/tickets', true);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Priority' })).toBeInTheDocument();
    const createForm = screen.getByRole('region', { name: 'Create a ticket' });
    expect(within(createForm).getByRole('button', { name: /Priority/ })).toBeInTheDocument();
    expect(screen.queryByText(/severity/i)).toBeNull();
    cleanup();
    renderAt('/tickets?id=41', true);
    const details = await screen.findByRole('complementary', { name: 'Ticket details' });
    expect(within(details).getByText('Priority')).toBeInTheDocument();
    expect(screen.queryByText(/severity/i)).toBeNull();
  });

  it('says how long ago each ticket changed, with the exact time on hover and on keyboard focus', async () => {
    server.use(http.get('*/api/v2/client/tickets', () => HttpResponse.json(page)));
    renderAt('/tickets', true);
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('link', { name: 'Printer jams' }).closest('tr')!;
    const updated = [...row.querySelectorAll('time')].find((t) => t.getAttribute('dateTime') === '2026-11-02T10:00:00.000Z');
    expect(updated).toBeDefined();
    expect(updated).toHaveAttribute('title', formatFullDateTime('2026-11-02T10:00:00Z'));
    expect(updated).toHaveAttribute('tabindex', '0');
    expect(updated).toHaveTextContent(formatRelative('2026-11-02T10:00:00Z'));
  });

  it('shows a ticket just created in the list without a reload', async () => {
    const rows = [...page.items];
    server.use(
      http.get('*/api/v2/client/tickets', () => HttpResponse.json({ ...page, items: rows, total: rows.length })),
      http.post('*/api/v2/client/tickets', async ({ request }) => {
        const body = (await request.json()) as { title: string; severity: string };
        rows.unshift({ id: 99, title: body.title, status: 'A', severity: body.severity, contact_name: 'Casey', created_at: '2026-11-03T10:00:00Z', updated_at: '2026-11-03T10:00:00Z' });
        return HttpResponse.json({ id: 99 }, { status: 201 });
      }),
    );
    renderAt('/tickets', true);
    const table = await screen.findByRole('table');
    expect(await within(table).findByRole('link', { name: 'Printer jams' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(label('Title')), 'Scanner offline');
    await userEvent.type(screen.getByLabelText(label('Description')), 'Since this morning');
    await userEvent.click(screen.getByRole('button', { name: 'Create ticket' }));
    expect(await screen.findByRole('link', { name: 'Open ticket #99' })).toBeInTheDocument();
    expect(await within(table).findByRole('link', { name: 'Scanner offline' })).toHaveAttribute('href', '/tickets?id=99');
    expect(within(table).getByRole('link', { name: 'Printer jams' })).toBeInTheDocument();
  });

  it('puts the list first and the create form after it; the dashboard\'s "Create a ticket" lands in the form', async () => {
    server.use(http.get('*/api/v2/client/tickets', () => HttpResponse.json(page)));
    renderAt('/tickets', true);
    const list = await screen.findByRole('heading', { name: "Your company's tickets" });
    const form = screen.getByRole('heading', { name: 'Create a ticket' });
    expect(list.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByLabelText(label('Title'))).not.toHaveFocus();
  });

  it('an empty new ticket says what each field needs once, beside it, in plain words; sends nothing and moves focus to the title', async () => {
    let posts = 0;
    server.use(
      http.get('*/api/v2/client/tickets', () => HttpResponse.json(page)),
      http.post('*/api/v2/client/tickets', () => {
        posts += 1;
        return HttpResponse.json({ id: 99 }, { status: 201 });
      }),
    );
    renderAt('/tickets', true);
    const form = await screen.findByRole('region', { name: 'Create a ticket' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create ticket' }));
    const title = within(form).getByLabelText(label('Title'));
    const description = within(form).getByLabelText(label('Description'));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(CLIENT_TICKET_MESSAGES.title);
    expect(description).toHaveAccessibleDescription(CLIENT_TICKET_MESSAGES.description);
    for (const words of Object.values(CLIENT_TICKET_MESSAGES)) expect(screen.getAllByText(words)).toHaveLength(1);
    expect(title).toHaveFocus();
    expect(within(form).queryByRole('alert', { name: /not created/ })).toBeNull();
    expect(document.body.textContent).not.toMatch(/is required|The ticket was not created/);
    expect(posts).toBe(0);
  });

  it('a refused new ticket shows the server’s reason beside its field only, without repeating it above the form', async () => {
    server.use(
      http.get('*/api/v2/client/tickets', () => HttpResponse.json(page)),
      http.post('*/api/v2/client/tickets', () => bad({ contactEmail: 'Enter an email address like name@example.com' })),
    );
    renderAt('/tickets', true);
    const form = await screen.findByRole('region', { name: 'Create a ticket' });
    await userEvent.type(within(form).getByLabelText(label('Title')), 'Scanner offline');
    await userEvent.type(within(form).getByLabelText(label('Description')), 'Since this morning');
    await userEvent.click(within(form).getByRole('button', { name: 'Create ticket' }));
    const email = within(form).getByLabelText(label('Contact email'));
    await vi.waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('Enter an email address like name@example.com')).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/Invalid body|contactEmail|not created/);
    expect(within(form).getByLabelText(label('Title'))).toHaveValue('Scanner offline');
  });

  it('focuses the new ticket title for /tickets?new=1', async () => {
    server.use(http.get('*/api/v2/client/tickets', () => HttpResponse.json(page)));
    Element.prototype.scrollIntoView ??= () => undefined;
    renderAt('/tickets?new=1', true);
    expect(await screen.findByLabelText(label('Title'))).toHaveFocus();
  });

  it('opens a ticket with its public thread and sends a reply', async () => {
    let replies = 0;
    const detail = (notes: { id: number; body: string }[]) => ({
      ...page.items[0],
      description: 'It jams on page 2.',
      contact_email: 'casey@example.test',
      attachments: [],
      notes: notes.map((n) => ({ ...n, author: 'Avery Agent', fromClient: false, created_at: '2026-11-02T10:00:00Z', attachments: [] })),
    });
    server.use(
      http.get('*/api/v2/client/tickets/41', () => HttpResponse.json(detail(replies ? [{ id: 1, body: 'On it.' }, { id: 2, body: 'Thanks' }] : [{ id: 1, body: 'On it.' }]))),
      http.post('*/api/v2/client/tickets/41/replies', () => {
        replies += 1;
        return HttpResponse.json({ id: 2 }, { status: 201 });
      }),
    );
    renderAt('/tickets?id=41', true);
    expect(await screen.findByRole('heading', { name: '#41 Printer jams' })).toBeInTheDocument();
    expect(screen.getByText('On it.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(label('Your reply')), 'Thanks');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Thanks')).toBeInTheDocument();
    expect(replies).toBe(1);
    expect(screen.getByLabelText(label('Your reply'))).toHaveValue('');
  });

  it("another company's ticket shows not found, without the session dialog", async () => {
    server.use(http.get('*/api/v2/client/tickets/7', () => HttpResponse.json({ error: { code: 'not_found', message: 'No such ticket' } }, { status: 404 })));
    renderAt('/tickets?id=7', true);
    expect(await screen.findByRole('heading', { name: 'Ticket not found' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
