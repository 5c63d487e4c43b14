/** Files chosen in Create Ticket (staff) over msw: chosen, sent one by one once the ticket exists, a refused one named; the ticket's own files listed. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { noQueueRule } from './queue-rules.msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ticketDeskApi } from '@/features/tickets/api';
import CreateTicketScreen from '@/features/tickets/screens/CreateTicketScreen';
import TicketViewScreen from '@/features/tickets/screens/TicketViewScreen';
import { ApiError } from '@/shared/http/http';
import { showNoticesAsToasts, toastQueue } from '@tests/support/toasts';
import { renderAt } from '@tests/support/render';

const server = setupServer(noQueueRule);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
showNoticesAsToasts();
afterAll(() => server.close());

const toastTitles = () => toastQueue.visible().map((t) => `${t.tone}: ${t.title}${t.description ? ` (${t.description})` : ''}`);
const emptyView = (id: number) => ({ ticket: { id, title: 'Printer down' }, attachments: [], thread: [], time: { entries: [], total_minutes: 0, billable_minutes: 0 }, surveys: { sent_at: null, responses: [] } });
const REFUSED = 'page.txt is a HTML or other markup file, which cannot be attached; attach images, PDF, office documents, text, email or ZIP files';

function serveCreate(posts: unknown[]) {
  server.use(
    http.get('*/api/v2/tickets/options', () => HttpResponse.json({ staff: [], response_target_hours: { C: 4, H: 8, M: 24, L: 72 } })),
    http.get('*/api/v2/companies/7', () =>
      HttpResponse.json({
        company: { id: 7, name: 'Acme Utilities', account_number: 'ACME-001', status: 'active' },
        contacts: [],
        client_users: [],
        ticket_counts: { open: 0, overdue: 0, total: 0 },
      }),
    ),
    http.post('*/api/v2/tickets', async ({ request }) => {
      posts.push(await request.json());
      return HttpResponse.json(emptyView(501), { status: 201 });
    }),
  );
}

describe('files in Create Ticket', () => {
  it('creates the ticket, then sends each chosen file on its own; a refused file is named and the ticket is opened all the same', async () => {
    const posts: unknown[] = [];
    serveCreate(posts);
    // The per-file call as the machine makes it (jsdom's File does not survive msw's copy of a multipart body;
    // the request itself is checked by the API tests and the end-to-end journey).
    const attach = vi.spyOn(ticketDeskApi, 'attachToTicket').mockImplementation(async (_id, file) => {
      if (file.name === 'page.txt') throw new ApiError(415, 'unsupported_media_type', REFUSED, { files: REFUSED });
      return { attachments: [] };
    });
    const u = userEvent.setup();
    const location = renderAt('/create/ticket/7', <CreateTicketScreen params={{ companyId: '7' }} />);
    await screen.findByRole('combobox', { name: /^Company/ });
    const input = document.querySelector<HTMLInputElement>('[data-testid="file-picker"] input[type="file"]')!;
    await u.upload(input, [new File(['%PDF-1.4'], 'manual.pdf', { type: 'application/pdf' }), new File(['<html>'], 'page.txt', { type: 'text/plain' })]);
    expect(within(screen.getByRole('list', { name: 'Files to attach' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['manual.pdf8 B', 'page.txt6 B']);
    await u.type(screen.getByRole('textbox', { name: /^Title/ }), 'Printer down');
    await u.type(screen.getByRole('textbox', { name: /^Description/ }), 'E42 on the panel');
    await u.click(screen.getByRole('button', { name: 'Create ticket' }));

    await waitFor(() => expect(location.history!.at(-1)).toBe('/ticket/501'));
    // The ticket itself goes as JSON, without the files.
    expect(posts).toEqual([{ title: 'Printer down', description: 'E42 on the panel', company_id: 7, severity: 'M', queue: 'Support' }]);
    expect(attach.mock.calls.map(([id, file]) => [id, file.name])).toEqual([
      [501, 'manual.pdf'],
      [501, 'page.txt'],
    ]);
    expect(toastTitles()).toEqual([`info: Ticket #501 created (page.txt was not attached: ${REFUSED}.)`]);
  });

  it('says a plain "created" when every file went', async () => {
    serveCreate([]);
    const attach = vi.spyOn(ticketDeskApi, 'attachToTicket').mockResolvedValue({ attachments: [] });
    const u = userEvent.setup();
    const location = renderAt('/create/ticket/7', <CreateTicketScreen params={{ companyId: '7' }} />);
    await screen.findByRole('combobox', { name: /^Company/ });
    await u.upload(document.querySelector<HTMLInputElement>('[data-testid="file-picker"] input[type="file"]')!, [new File(['x'], 'log.txt', { type: 'text/plain' })]);
    await u.type(screen.getByRole('textbox', { name: /^Title/ }), 'Printer down');
    await u.type(screen.getByRole('textbox', { name: /^Description/ }), 'E42');
    await u.click(screen.getByRole('button', { name: 'Create ticket' }));
    await waitFor(() => expect(location.history!.at(-1)).toBe('/ticket/501'));
    expect(attach).toHaveBeenCalledTimes(1);
    expect(toastTitles()).toEqual(['success: Ticket #501 created']);
  });

  it("lists the ticket's own files under its description", async () => {
    server.use(
      http.get('*/api/v2/tickets/options', () => HttpResponse.json({ staff: [], response_target_hours: {} })),
      http.get('*/api/v2/tickets/9', () =>
        HttpResponse.json({
          ...emptyView(9),
          ticket: {
            id: 9, title: 'Scanner jams', description: 'Photo attached', status: 'A', severity: 'M', company_id: 1, company_name: 'Acme', contact_id: null, contact_name: null, contact_email: null,
            queue: 'Support', assignee_id: null, assignee_name: null, source: 'phone', duedate: null, projected_duedate: null, paused_since: null, paused_seconds: 0, overdue: false,
            created_at: '2030-01-01T09:00:00Z', updated_at: '2030-01-01T09:00:00Z', closed_at: null,
          },
          attachments: [{ id: 5, name: 'manual.pdf', mime_type: 'application/pdf', size_bytes: 2048, sha256: 'a'.repeat(64), image: false }],
        }),
      ),
    );
    renderAt('/ticket/9', <TicketViewScreen params={{ id: '9' }} />);
    const description = await screen.findByRole('region', { name: 'Description' });
    expect(await within(description).findByRole('button', { name: 'Download manual.pdf (2 KB)' })).toBeInTheDocument();
  });
});

describe('thumbnails of image attachments', () => {
  it("shows an image's thumbnail fetched with the session, and a PDF's icon and size", async () => {
    const photo = { id: 6, name: 'jam.png', mime_type: 'image/png', size_bytes: 51_200, sha256: 'b'.repeat(64), image: true };
    const manual = { id: 5, name: 'manual.pdf', mime_type: 'application/pdf', size_bytes: 2048, sha256: 'a'.repeat(64), image: false };
    server.use(
      http.get('*/api/v2/tickets/options', () => HttpResponse.json({ staff: [], response_target_hours: {} })),
      http.get('*/api/v2/tickets/9', () =>
        HttpResponse.json({
          ...emptyView(9),
          ticket: {
            id: 9, title: 'Scanner jams', description: 'Photo attached', status: 'A', severity: 'M', company_id: 1, company_name: 'Acme', contact_id: null, contact_name: null, contact_email: null,
            queue: 'Support', assignee_id: null, assignee_name: null, source: 'phone', duedate: null, projected_duedate: null, paused_since: null, paused_seconds: 0, overdue: false,
            created_at: '2030-01-01T09:00:00Z', updated_at: '2030-01-01T09:00:00Z', closed_at: null,
          },
          attachments: [photo, manual],
        }),
      ),
    );
    // The thumbnail call as the machine makes it (jsdom's Blob answers do not survive msw; the endpoint is checked by the API tests).
    const thumbnail = vi.spyOn(ticketDeskApi, 'thumbnail').mockResolvedValue(new Blob(['webp'], { type: 'image/webp' }));
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:jam-thumb'), revokeObjectURL: vi.fn() });
    renderAt('/ticket/9', <TicketViewScreen params={{ id: '9' }} />);
    const list = within(await screen.findByRole('region', { name: 'Description' })).getByRole('list', { name: 'Attachments' });
    await waitFor(() => expect(list.querySelector('img')).toHaveAttribute('src', 'blob:jam-thumb'));
    expect(thumbnail.mock.calls).toEqual([[9, 6]]);
    const [image, pdf] = within(list).getAllByRole('listitem');
    expect(image!.querySelector('img')).not.toBeNull();
    expect(pdf!.querySelector('img')).toBeNull();
    expect(pdf!.querySelector('svg')).not.toBeNull();
    expect(pdf).toHaveTextContent('manual.pdf2 KB');
  });
});
