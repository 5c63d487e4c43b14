/** Files chosen in the client portal's new-ticket form over msw: sent one by one once the ticket exists, a refused one named; the ticket's own files listed. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientPortalApi } from '@/features/client-portal/api';
import { ApiError } from '@/shared/http/http';
import { clientApiServer, label, renderClientAt, verifyTokenOk } from './support';

const server = clientApiServer(verifyTokenOk());
afterEach(() => vi.restoreAllMocks());
const EMPTY_PAGE = { items: [], page: 1, pageSize: 10, total: 0 };
const REFUSED = 'tool.pdf is a application/x-msdownload file, which cannot be attached; attach images, PDF, office documents, text, email or ZIP files';

describe("files of a client's new ticket", () => {
  it('creates a ticket with no file chosen: the form sends it and links to it', async () => {
    let created: unknown;
    server.use(
      http.get('*/api/v2/client/tickets', () => HttpResponse.json(EMPTY_PAGE)),
      http.post('*/api/v2/client/tickets', async ({ request }) => {
        created = await request.json();
        return HttpResponse.json({ id: 98 }, { status: 201 });
      }),
    );
    const u = userEvent.setup();
    renderClientAt('/tickets', { signedIn: true });
    await screen.findByRole('region', { name: 'Create a ticket' });
    await u.type(screen.getByLabelText(label('Title')), 'Label printer offline');
    await u.type(screen.getByLabelText(label('Description')), 'The label printer in the depot stopped printing.');
    await u.click(screen.getByRole('button', { name: 'Create ticket' }));

    expect(await screen.findByRole('link', { name: 'Open ticket #98' })).toBeInTheDocument();
    expect(created).toMatchObject({ title: 'Label printer offline' });
    expect(created).not.toHaveProperty('files');
  });

  it('creates the ticket, then sends each file; the refused one is named beside "created" and the others are kept', async () => {
    let created: unknown;
    server.use(
      http.get('*/api/v2/client/tickets', () => HttpResponse.json(EMPTY_PAGE)),
      http.post('*/api/v2/client/tickets', async ({ request }) => {
        created = await request.json();
        return HttpResponse.json({ id: 99 }, { status: 201 });
      }),
    );
    // The per-file call as the machine makes it (jsdom's File does not survive msw's copy of a multipart body).
    const attach = vi.spyOn(clientPortalApi, 'attachToTicket').mockImplementation(async (_id, file) => {
      if (file.name === 'tool.pdf') throw new ApiError(415, 'unsupported_media_type', REFUSED, { files: REFUSED });
      return { attachments: [] };
    });
    const u = userEvent.setup();
    renderClientAt('/tickets', { signedIn: true });
    const form = await screen.findByRole('region', { name: 'Create a ticket' });
    await u.upload(form.querySelector<HTMLInputElement>('input[type="file"]')!, [
      new File(['MZ'], 'tool.pdf', { type: 'application/pdf' }),
      new File(['png'], 'meter.png', { type: 'image/png' }),
    ]);
    expect(within(form).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['tool.pdf2 B', 'meter.png3 B']);
    await u.type(screen.getByLabelText(label('Title')), 'Meter broken');
    await u.type(screen.getByLabelText(label('Description')), 'Photo attached');
    await u.click(screen.getByRole('button', { name: 'Create ticket' }));

    expect(await screen.findByRole('link', { name: 'Open ticket #99' })).toBeInTheDocument();
    expect(created).not.toHaveProperty('files');
    expect(attach.mock.calls.map(([id, file]) => [id, file.name])).toEqual([
      [99, 'tool.pdf'],
      [99, 'meter.png'],
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent(`tool.pdf was not attached: ${REFUSED}.`);
    // Another ticket starts without the files of the last one.
    await u.click(screen.getByRole('button', { name: 'Create another ticket' }));
    expect(within(await screen.findByRole('region', { name: 'Create a ticket' })).queryByRole('list', { name: 'Files to attach' })).toBeNull();
  });
});
