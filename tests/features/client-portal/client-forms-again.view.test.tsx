/**
 * The client portal's forms once saved, over msw: a sent reply shows in the thread and leaves the
 * box and the chosen files empty; a placed order and a filed change request leave their form
 * empty, as new, beside the success notice. Each form is ready for the next one at once. A reply
 * belongs to its ticket: another ticket opens with an empty box.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { PAPER_ORDER_MESSAGES, SCR_MESSAGES } from '@contracts/client-portal';
import { clientPortalApi } from '@/features/client-portal/api';
import { toastQueue } from '@tests/support/toasts';
import { clientApiServer, label, renderClientAt, verifyTokenOk } from './support';

const server = clientApiServer(verifyTokenOk());
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 100 });
const toastTitles = () => toastQueue.visible().map((t) => t.title);
const fileInput = () => document.querySelector<HTMLInputElement>('[data-testid="file-picker"] input[type="file"]')!;

describe('a reply once sent', () => {
  const detail = (notes: { id: number; body: string }[]) => ({
    id: 41, title: 'Printer jams', status: 'A', severity: 'H', contact_name: 'Casey', contact_email: 'casey@example.test', description: 'It jams on page 2.',
    created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-02T10:00:00Z', attachments: [],
    notes: notes.map((n) => ({ ...n, fromClient: true, author: 'Casey Client', created_at: '2026-11-02T10:00:00Z', attachments: [] })),
  });

  it('shows in the thread; the box and the chosen files are empty, and the box is checked as new', async () => {
    let notes: { id: number; body: string }[] = [];
    server.use(http.get('*/api/v2/client/tickets/41', () => HttpResponse.json(detail(notes))));
    // The reply as the form's machine sends it (jsdom's File does not survive msw's copy of a multipart body).
    const reply = vi.spyOn(clientPortalApi, 'reply').mockImplementation(async (_id, { body }) => {
      notes = [...notes, { id: notes.length + 1, body }];
      return { id: notes.length };
    });
    const u = userEvent.setup();
    renderClientAt('/tickets?id=41', { signedIn: true });
    const box = await screen.findByLabelText(label('Your reply'));
    await u.type(box, 'Photo of the jam attached.');
    await u.upload(fileInput(), [new File(['jpeg bytes'], 'jam.jpg', { type: 'image/jpeg' })]);
    expect(screen.getByRole('list', { name: 'Files to attach' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Send reply' }));

    const thread = screen.getByRole('list', { name: 'Conversation' });
    expect(await within(thread).findByText('Photo of the jam attached.')).toBeInTheDocument();
    expect(toastTitles()).toContain('Reply sent');
    expect(box).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Files to attach' })).toBeNull();
    // Ready for the next reply: leaving the empty box says what to write, as on a new one.
    await u.click(box);
    await u.tab();
    await waitFor(() => expect(box).toHaveAccessibleDescription(expect.stringContaining('Write your reply')));
    // The next reply goes with no file of the one before.
    await u.type(box, 'It works now.');
    await u.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await within(thread).findByText('It works now.')).toBeInTheDocument();
    expect(reply.mock.calls.map(([id, body, files]) => [id, body, files?.map((f) => f.name)])).toEqual([
      [41, { body: 'Photo of the jam attached.' }, ['jam.jpg']],
      [41, { body: 'It works now.' }, []],
    ]);
    expect(box).toHaveValue('');
    reply.mockRestore();
  });
});

describe('a reply and its ticket', () => {
  it('starts empty on another ticket, and goes to the ticket it was written on', async () => {
    const ticket = (id: number) => ({
      id, title: `Ticket ${id}`, status: 'A', severity: 'H', contact_name: 'Casey', contact_email: null, description: 'It jams.',
      created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-02T10:00:00Z', attachments: [], notes: [],
    });
    server.use(http.get('*/api/v2/client/tickets/:id', ({ params }) => HttpResponse.json(ticket(Number(params.id)))));
    const reply = vi.spyOn(clientPortalApi, 'reply').mockResolvedValue({ id: 2 });
    const u = userEvent.setup();
    const { navigate } = renderClientAt('/tickets?id=41', { signedIn: true });
    await u.type(await screen.findByLabelText(label('Your reply')), 'Meant for ticket 41.');
    act(() => navigate('/tickets?id=42'));
    expect(await screen.findByRole('heading', { name: '#42 Ticket 42' })).toBeInTheDocument();
    const box = screen.getByLabelText(label('Your reply'));
    expect(box).toHaveValue('');
    await u.type(box, 'About ticket 42.');
    await u.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(reply).toHaveBeenCalledTimes(1));
    expect(reply.mock.calls[0]!.slice(0, 2)).toEqual([42, { body: 'About ticket 42.' }]);
    reply.mockRestore();
  });
});

describe('a paper order once placed', () => {
  it('empties the whole form beside its notice, and the form is checked as new', async () => {
    let orders: unknown[] = [];
    server.use(
      http.get('*/api/v2/client/paper/orders', () => HttpResponse.json(page(orders))),
      http.get('*/api/v2/client/paper/products', () => HttpResponse.json({ items: [{ id: 2, sku: 'ENV-10', name: 'Window envelopes', description: '', unit_price_cents: 2450 }] })),
      http.post('*/api/v2/client/paper/orders', () => {
        orders = [{ id: 12, product_id: 2, product_name: 'Window envelopes', quantity: 3, po_number: 'PO-9', ship_to: '1 Main St', status: 'received', created_at: '2026-11-20T10:00:00Z' }];
        return HttpResponse.json({ id: 12 }, { status: 201 });
      }),
    );
    const u = userEvent.setup();
    renderClientAt('/paper', { signedIn: true });
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'New order' });
    const product = within(form).getByRole('button', { name: /Product/ });
    await u.click(product);
    await u.click(await screen.findByRole('option', { name: /Window envelopes/ }));
    const quantity = within(form).getByRole('textbox', { name: /Quantity/ });
    await u.clear(quantity);
    await u.type(quantity, '3');
    await u.tab();
    await u.type(within(form).getByLabelText(label('PO number')), 'PO-9');
    await u.type(within(form).getByLabelText(label('Ship-to address')), '1 Main St');
    expect(within(form).getByText('$73.50')).toBeInTheDocument();
    await u.click(within(form).getByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(toastTitles()).toContain('Order #12 was received'));
    expect(await within(screen.getByRole('table', { name: "Your company's paper orders" })).findByText('#12')).toBeInTheDocument();
    expect(product).toHaveTextContent('Choose a product');
    expect(quantity).toHaveValue('1');
    expect(within(form).getByLabelText(label('PO number'))).toHaveValue('');
    expect(within(form).getByLabelText(label('Ship-to address'))).toHaveValue('');
    expect(within(form).queryByText(/^Total/)).toBeNull();
    // Ready for the next order: sent empty, it names the product to pick, as a new one does.
    await u.click(within(form).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(screen.getAllByText(PAPER_ORDER_MESSAGES.product)).toHaveLength(1));
  });
});

describe('a change request once filed', () => {
  it('empties the whole form beside its notice, and the form is checked as new', async () => {
    let sent: unknown;
    server.use(
      http.get('*/api/v2/client/scrs', () => HttpResponse.json(page([]))),
      http.post('*/api/v2/client/scrs', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ id: 8 }, { status: 201 });
      }),
    );
    const u = userEvent.setup();
    renderClientAt('/software/change/request', { signedIn: true });
    const form = await screen.findByRole('region', { name: 'Request a change' });
    const title = within(form).getByLabelText(label('Title'));
    await u.type(title, 'Paperless bills');
    await u.type(within(form).getByLabelText(label('Description')), 'Email the bill instead of printing it.');
    await u.type(within(form).getByLabelText(label('Business reason')), 'Saves postage.');
    const priority = within(form).getByRole('button', { name: /Priority/ });
    await u.click(priority);
    await u.click(await screen.findByRole('option', { name: 'High' }));
    await u.click(within(form).getByRole('button', { name: 'Submit request' }));

    await waitFor(() => expect(toastTitles()).toContain('Change request #8 was submitted'));
    expect(sent).toEqual({ title: 'Paperless bills', description: 'Email the bill instead of printing it.', businessReason: 'Saves postage.', priority: 'high' });
    expect(title).toHaveValue('');
    expect(within(form).getByLabelText(label('Description'))).toHaveValue('');
    expect(within(form).getByLabelText(label('Business reason'))).toHaveValue('');
    expect(priority).toHaveTextContent('Medium');
    // Ready for the next request: leaving the empty title says what it needs, as on a new one.
    await u.click(title);
    await u.tab();
    await waitFor(() => expect(title).toHaveAccessibleDescription(SCR_MESSAGES.title));
  });
});
