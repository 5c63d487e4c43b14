/**
 * The client portal's screens on the kit, over msw: the dashboard's cards, paper orders and change
 * requests on the shared data table with their forms, and the ticket thread's composer. Saves say
 * they succeeded (a toast) or why they failed, keeping what was typed.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PAPER_ORDER_MESSAGES } from '@contracts/client-portal';
import { toastQueue } from '@tests/support/toasts';
import { bad, clientApiServer, label, renderClientAt, verifyTokenOk } from './support';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 100 });
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const ORDERS = [
  { id: 7, product_id: 1, product_name: 'Bill stock', quantity: 4, po_number: 'PO-1', ship_to: '1 Main St', status: 'shipped', created_at: '2026-10-01T10:00:00Z' },
  { id: 9, product_id: 2, product_name: 'Window envelopes', quantity: 12, po_number: null, ship_to: '1 Main St', status: 'processing', created_at: '2026-11-01T10:00:00Z' },
];
const PRODUCTS = [{ id: 2, sku: 'ENV-10', name: 'Window envelopes', description: '', unit_price_cents: 2450 }];
const SCRS = [
  { id: 3, title: 'Export meter reads to CSV', description: 'd', business_reason: null, priority: 'low', status: 'released', created_at: '2026-09-01T10:00:00Z', updated_at: '2026-10-01T10:00:00Z' },
  { id: 5, title: 'Autopay date on the bill', description: 'd', business_reason: null, priority: 'critical', status: 'in_development', created_at: '2026-10-05T10:00:00Z', updated_at: '2026-11-01T10:00:00Z' },
];

const server = clientApiServer(verifyTokenOk());

/** The table's body rows (the head holds the labels and the filter row). */
const bodyRows = (table: HTMLElement) => within(within(table).getAllByRole('rowgroup').at(-1)!).getAllByRole('row');
const toastTitles = () => toastQueue.visible().map((t) => t.title);

const renderAt = (path: string) => renderClientAt(path, { signedIn: true });

describe('dashboard', () => {
  it('shows the open tickets, recent replies with relative times, the latest paper orders and the quick actions', async () => {
    server.use(
      http.get('*/api/v2/client/dashboard', () =>
        HttpResponse.json({
          openTickets: [{ id: 41, title: 'Printer jams', status: 'A', severity: 'H', contact_name: 'Casey', created_at: ago(48 * HOUR), updated_at: ago(3 * HOUR) }],
          openTicketCount: 1,
          recentReplies: [{ ticket_id: 41, ticket_title: 'Printer jams', body: 'We sent a technician.', author: 'Avery Agent', created_at: ago(2 * HOUR) }],
          openScrs: [],
        }),
      ),
      http.get('*/api/v2/client/paper/orders', () => HttpResponse.json(page(ORDERS))),
    );
    renderAt('/');
    const open = await screen.findByRole('region', { name: /^Open tickets/ });
    expect(within(open).getByRole('heading')).toHaveTextContent('Open tickets (1)');
    expect(within(open).getByRole('link', { name: /Printer jams/ })).toHaveAttribute('href', '/tickets?id=41');
    expect(within(open).getByText('High')).toBeInTheDocument();

    const replies = screen.getByRole('region', { name: 'Recent replies' });
    expect(within(replies).getByText('We sent a technician.')).toBeInTheDocument();
    expect(within(replies).getByText(/2 hours ago|2 hr\. ago/)).toHaveAttribute('datetime');

    const paper = screen.getByRole('region', { name: 'Paper orders' });
    expect(await within(paper).findByText(/Window envelopes/)).toBeInTheDocument();
    expect(within(paper).getByText('Processing')).toBeInTheDocument();
    expect(within(paper).getByRole('link', { name: 'All paper orders' })).toHaveAttribute('href', '/paper');

    // No open change requests: the card says so instead of showing nothing.
    expect(within(screen.getByRole('region', { name: 'Open software change requests' })).getByText('No open change requests.')).toBeInTheDocument();
    const actions = screen.getByRole('navigation', { name: 'Quick actions' });
    expect(within(actions).getByRole('link', { name: 'Create a ticket' })).toHaveAttribute('href', '/tickets?new=1');
    expect(document.title).toBe('Dashboard · Client Care');
  });

  it('shows skeletons while loading and empty states when there is nothing', async () => {
    let answer: () => void = () => undefined;
    server.use(
      http.get('*/api/v2/client/dashboard', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ openTickets: [], openTicketCount: 0, recentReplies: [], openScrs: [] });
      }),
      http.get('*/api/v2/client/paper/orders', () => HttpResponse.json(page([]))),
    );
    renderAt('/');
    expect(await screen.findByText('Loading your dashboard')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('No open tickets.')).toBeInTheDocument();
    expect(screen.getByText('No replies yet.')).toBeInTheDocument();
    expect(await screen.findByText('No paper orders yet.')).toBeInTheDocument();
    expect(screen.queryByText('Loading your dashboard')).toBeNull();
  });
});

describe('paper orders', () => {
  it('lists the orders on the shared data table, newest first and sortable, and places an order with a toast', async () => {
    let orders = [...ORDERS];
    let sent: unknown;
    server.use(
      http.get('*/api/v2/client/paper/orders', () => HttpResponse.json(page(orders))),
      http.get('*/api/v2/client/paper/products', () => HttpResponse.json({ items: PRODUCTS })),
      http.post('*/api/v2/client/paper/orders', async ({ request }) => {
        sent = await request.json();
        orders = [...orders, { ...ORDERS[1]!, id: 12, quantity: 3, status: 'received', created_at: '2026-11-20T10:00:00Z' }];
        return HttpResponse.json({ id: 12 }, { status: 201 });
      }),
    );
    renderAt('/paper');
    const table = await screen.findByRole('table', { name: "Your company's paper orders" });
    expect(within(table).getByRole('columnheader', { name: /Date/ })).toHaveAttribute('aria-sort', 'descending');
    let rows = bodyRows(table);
    expect(rows[0]).toHaveTextContent('#9');
    await userEvent.click(within(table).getByRole('button', { name: 'Order' }));
    expect(within(table).getByRole('columnheader', { name: /Order/ })).toHaveAttribute('aria-sort', 'ascending');
    rows = bodyRows(table);
    expect(rows[0]).toHaveTextContent('#7');

    const form = screen.getByRole('region', { name: 'New order' });
    await userEvent.click(within(form).getByRole('button', { name: /Product/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Window envelopes/ }));
    const quantity = within(form).getByRole('textbox', { name: /Quantity/ });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.tab();
    expect(within(form).getByText('$73.50')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(label('Ship-to address')), '1 Main St');
    await userEvent.click(within(form).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(toastTitles()).toContain('Order #12 was received'));
    expect(sent).toEqual({ productId: 2, quantity: 3, poNumber: '', shipTo: '1 Main St' });
    expect(await within(screen.getByRole('table', { name: "Your company's paper orders" })).findByText('#12')).toBeInTheDocument();
    expect(within(form).getByLabelText(label('Ship-to address'))).toHaveValue('');
  });

  it('an order without a product says so once, beside the product, in plain words; sends nothing and keeps what was typed', async () => {
    let posts = 0;
    server.use(
      http.get('*/api/v2/client/paper/orders', () => HttpResponse.json(page([]))),
      http.get('*/api/v2/client/paper/products', () => HttpResponse.json({ items: PRODUCTS })),
      http.post('*/api/v2/client/paper/orders', () => {
        posts += 1;
        return bad({ productId: 'Must be an id' });
      }),
    );
    renderAt('/paper');
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'New order' });
    await userEvent.type(within(form).getByLabelText(label('PO number')), 'PO-9');
    await userEvent.type(within(form).getByLabelText(label('Ship-to address')), '9 Elm St');
    await userEvent.click(within(form).getByRole('button', { name: 'Place order' }));
    const product = within(form).getByRole('button', { name: /Product/ });
    await waitFor(() => expect(product).toHaveFocus());
    expect(screen.getAllByText(PAPER_ORDER_MESSAGES.product)).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/Must be an id|Invalid body|productId|The order was not placed/);
    expect(posts).toBe(0);
    expect(within(form).getByLabelText(label('Ship-to address'))).toHaveValue('9 Elm St');
    expect(within(form).getByLabelText(label('PO number'))).toHaveValue('PO-9');
    expect(toastTitles()).toEqual([]);
  });
});

describe('software change requests', () => {
  it('lists the requests on the shared data table, filters by status, sorts priority by rank and files a request with a toast', async () => {
    let sent: unknown;
    server.use(
      http.get('*/api/v2/client/scrs', () => HttpResponse.json(page(SCRS))),
      http.post('*/api/v2/client/scrs', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ id: 8 }, { status: 201 });
      }),
    );
    renderAt('/software/change/request');
    const table = await screen.findByRole('table', { name: "Your company's change requests" });
    expect(bodyRows(table)[0]).toHaveTextContent('Autopay date on the bill');
    await userEvent.click(within(table).getByRole('button', { name: /Filter Status/ }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: /released/i }));
    await waitFor(() => expect(bodyRows(table).map((r) => r.textContent)).toEqual([expect.stringContaining('Export meter reads to CSV')]));

    const form = screen.getByRole('region', { name: 'Request a change' });
    await userEvent.type(within(form).getByLabelText(label('Title')), 'Paperless bills');
    await userEvent.type(within(form).getByLabelText(label('Description')), 'Email the bill instead of printing it.');
    await userEvent.click(within(form).getByRole('button', { name: /Priority/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'High' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Submit request' }));
    await waitFor(() => expect(toastTitles()).toContain('Change request #8 was submitted'));
    expect(sent).toEqual({ title: 'Paperless bills', description: 'Email the bill instead of printing it.', businessReason: '', priority: 'high' });
    expect(within(form).getByLabelText(label('Title'))).toHaveValue('');
  });

  it('an empty request says what it needs once, beside each field, in plain words, and sends nothing', async () => {
    let posts = 0;
    server.use(
      http.get('*/api/v2/client/scrs', () => HttpResponse.json(page([]))),
      http.post('*/api/v2/client/scrs', () => {
        posts += 1;
        return bad({ title: 'Title is required', description: 'Description is required' });
      }),
    );
    renderAt('/software/change/request');
    const form = await screen.findByRole('region', { name: 'Request a change' });
    await userEvent.click(within(form).getByRole('button', { name: 'Submit request' }));
    const title = within(form).getByLabelText(label('Title'));
    await waitFor(() => expect(title).toHaveAccessibleDescription('Give your request a short title'));
    expect(within(form).getByLabelText(label('Description'))).toHaveAccessibleDescription('Describe the change you need');
    expect(screen.getAllByText('Give your request a short title')).toHaveLength(1);
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toMatch(/is required|Invalid body|The request was not submitted/);
    expect(title).toHaveFocus();
    expect(posts).toBe(0);
    expect(toastTitles()).toEqual([]);
  });

  it('shows the empty state when the company has no requests', async () => {
    server.use(http.get('*/api/v2/client/scrs', () => HttpResponse.json(page([]))));
    renderAt('/software/change/request');
    expect(await screen.findByText('No change requests yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('ticket thread', () => {
  const detail = (notes: { id: number; body: string; fromClient: boolean }[]) => ({
    id: 41,
    title: 'Printer jams',
    status: 'A',
    severity: 'H',
    contact_name: 'Casey',
    contact_email: 'casey@example.test',
    description: 'It jams on page 2.',
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-02T10:00:00Z',
    attachments: [],
    notes: notes.map((n) => ({ ...n, author: n.fromClient ? 'Casey Client' : 'Avery Agent', created_at: '2026-11-02T10:00:00Z', attachments: [] })),
  });

  it('tells the client and the support team apart, and a sent reply toasts and clears the box', async () => {
    let notes = [{ id: 1, body: 'On it.', fromClient: false }];
    server.use(
      http.get('*/api/v2/client/tickets/41', () => HttpResponse.json(detail(notes))),
      http.post('*/api/v2/client/tickets/41/replies', () => {
        notes = [...notes, { id: 2, body: 'Thanks, it works.', fromClient: true }];
        return HttpResponse.json({ id: 2 }, { status: 201 });
      }),
    );
    renderAt('/tickets?id=41');
    const thread = await screen.findByRole('list', { name: 'Conversation' });
    expect(within(thread).getByRole('article', { name: 'Casey, your company' })).toHaveTextContent('It jams on page 2.');
    expect(within(thread).getByRole('article', { name: 'Avery Agent, support team' })).toHaveTextContent('Support team');
    expect(document.title).toBe('Ticket #41 · Client Care');
    await userEvent.type(screen.getByLabelText(label('Your reply')), 'Thanks, it works.');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(toastTitles()).toContain('Reply sent'));
    expect(await within(thread).findByRole('article', { name: 'Casey Client, your company' })).toHaveTextContent('Thanks, it works.');
    expect(screen.getByLabelText(label('Your reply'))).toHaveValue('');
  });

  it('an empty reply says what to write once, beside the box, in plain words, and sends nothing', async () => {
    let posts = 0;
    server.use(
      http.get('*/api/v2/client/tickets/41', () => HttpResponse.json(detail([]))),
      http.post('*/api/v2/client/tickets/41/replies', () => {
        posts += 1;
        return bad({ body: 'Reply is required' });
      }),
    );
    renderAt('/tickets?id=41');
    const box = await screen.findByLabelText(label('Your reply'));
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(box).toHaveAccessibleDescription(expect.stringContaining('Write your reply')));
    expect(screen.getAllByText('Write your reply')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toMatch(/is required|Invalid body|Your reply was not sent/);
    expect(box).toHaveFocus();
    expect(posts).toBe(0);
    expect(toastTitles()).toEqual([]);
  });

  it('a reply that fails says why and keeps the text', async () => {
    server.use(
      http.get('*/api/v2/client/tickets/41', () => HttpResponse.json(detail([]))),
      http.post('*/api/v2/client/tickets/41/replies', () => HttpResponse.json({ error: { code: 'internal', message: 'The server could not save the reply' } }, { status: 500 })),
    );
    renderAt('/tickets?id=41');
    await userEvent.type(await screen.findByLabelText(label('Your reply')), 'Still jamming.');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your reply was not sent');
    expect(alert).toHaveTextContent('The server could not save the reply');
    expect(screen.getByLabelText(label('Your reply'))).toHaveValue('Still jamming.');
    expect(toastTitles()).toEqual([]);
  });
});

describe.each([
  { list: 'paper orders', path: '/paper', url: '*/api/v2/client/paper/orders', heading: 'Past orders', caption: "Your company's paper orders", loading: 'Loading your orders', row: (i: number) => ({ ...ORDERS[0]!, id: 100 + i }) },
  { list: 'change requests', path: '/software/change/request', url: '*/api/v2/client/scrs', heading: "Your company's requests", caption: "Your company's change requests", loading: 'Loading your requests', row: (i: number) => ({ ...SCRS[0]!, id: 100 + i }) },
])('the list of $list', ({ path, url, heading, caption, loading, row }) => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => row(i));
  const products = http.get('*/api/v2/client/paper/products', () => HttpResponse.json({ items: PRODUCTS }));

  it('sits under its heading, shows its skeleton while loading, and offers a search only above ten rows, ten to a page', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let answer = rows(10);
    server.use(products, http.get(url, async () => (await held, HttpResponse.json(page(answer)))));
    const first = renderAt(path);
    expect(await screen.findByText(loading)).toBeInTheDocument();
    release();
    const section = await screen.findByRole('region', { name: heading });
    const table = await within(section).findByRole('table', { name: caption });
    expect(bodyRows(table)).toHaveLength(10);
    expect(within(section).queryByRole('searchbox')).toBeNull();
    first.unmount();

    answer = rows(11);
    renderAt(path);
    const more = await screen.findByRole('region', { name: heading });
    expect(await within(more).findByRole('searchbox')).toBeInTheDocument();
    expect(bodyRows(within(more).getByRole('table', { name: caption }))).toHaveLength(10);
  });

  it('says why it could not be loaded, and loads again on Try again', async () => {
    let fail = true;
    server.use(
      products,
      http.get(url, () => (fail ? HttpResponse.json({ error: { code: 'unavailable', message: 'The list is resting' } }, { status: 503 }) : HttpResponse.json(page(rows(1))))),
    );
    renderAt(path);
    const section = await screen.findByRole('region', { name: heading });
    expect(await within(section).findByText('The list is resting')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('table', { name: caption })).toBeInTheDocument();
  });
});
