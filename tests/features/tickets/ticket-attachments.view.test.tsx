/** Files on a ticket's notes over msw: chosen, listed with sizes, removed, refused beside the control, sent as multipart, listed and downloaded. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { noQueueRule } from './queue-rules.msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UPLOAD_LIMITS } from '@contracts/common/uploads';
import type { ThreadEntry, TicketView } from '@contracts/tickets';
import { ticketDeskApi } from '@/features/tickets/api';
import TicketViewScreen from '@/features/tickets/screens/TicketViewScreen';
import { renderAt } from '@tests/support/render';

const server = setupServer(noQueueRule);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ticket = {
  id: 7, title: 'Printer down', description: 'The third floor printer jams.', status: 'A', severity: 'M', company_id: 3, company_name: 'Harbor Freight',
  contact_id: null, contact_name: null, contact_email: null, queue: 'Support', assignee_id: null, assignee_name: null, source: 'phone',
  duedate: null, projected_duedate: null, paused_since: null, paused_seconds: 0, overdue: false,
  created_at: '2030-01-01T09:00:00Z', updated_at: '2030-01-01T09:00:00Z', closed_at: null,
} satisfies TicketView['ticket'];
const entry = (id: number, body: string, attachments: ThreadEntry['attachments'] = []): ThreadEntry => ({
  id, kind: 'note', body, internal: false, minutes_spent: 0, change: null, author_name: 'Avery Agent', author_type: 'staff', created_at: '2030-01-01T10:00:00Z', attachments,
});
const viewWith = (thread: ThreadEntry[]): TicketView => ({ ticket, attachments: [], thread, time: { entries: [], total_minutes: 0, billable_minutes: 0 }, surveys: { sent_at: null, responses: [] } });
const LOG = { id: 41, name: 'printer.log', mime_type: 'text/plain', size_bytes: 2048, sha256: 'a'.repeat(64), image: false };

function serve(thread: ThreadEntry[] = []) {
  server.use(
    http.get('*/api/v2/tickets/options', () => HttpResponse.json({ staff: [], response_target_hours: {} })),
    http.get('*/api/v2/tickets/7', () => HttpResponse.json(viewWith(thread))),
  );
}
const fileInput = () => document.querySelector<HTMLInputElement>('[data-testid="file-picker"] input[type="file"]')!;

describe("files on a ticket's notes", () => {
  it('lists the chosen files with their sizes, removes one, and sends the rest with the note as multipart', async () => {
    serve();
    // The note's call as the machine makes it (jsdom's File does not survive msw's copy of a multipart
    // body; the request itself is checked by the API tests and the end-to-end journey).
    const addNote = vi.spyOn(ticketDeskApi, 'addNote').mockResolvedValue(viewWith([entry(1, 'Logs attached', [LOG])]));
    const u = userEvent.setup();
    renderAt('/ticket/7', <TicketViewScreen params={{ id: '7' }} />);
    const form = await screen.findByRole('form', { name: 'Add a note' });
    await u.upload(fileInput(), [new File(['x'.repeat(1500)], 'printer.log', { type: 'text/plain' }), new File(['y'], 'wrong.txt', { type: 'text/plain' })]);
    const chosen = within(form).getByRole('list', { name: 'Files to attach' });
    expect(within(chosen).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['printer.log1.5 KB', 'wrong.txt1 B']);
    await u.click(within(form).getByRole('button', { name: 'Remove wrong.txt' }));
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(1);
    await u.type(within(form).getByRole('textbox', { name: 'Note' }), 'Logs attached');
    await u.click(within(form).getByRole('button', { name: 'Add note' }));
    const thread = screen.getByTestId('thread');
    expect(await within(thread).findByRole('button', { name: 'Download printer.log (2 KB)' })).toBeInTheDocument();
    expect(addNote).toHaveBeenCalledTimes(1);
    const [id, payload, files] = addNote.mock.calls[0]!;
    expect([id, payload, files!.map((f) => [f.name, f.size])]).toEqual([7, { body: 'Logs attached', internal: false, minutes: 0 }, [['printer.log', 1500]]]);
    // The form starts empty after the save, its files too.
    await waitFor(() => expect(within(screen.getByRole('form', { name: 'Add a note' })).queryByRole('list', { name: 'Files to attach' })).toBeNull());
    addNote.mockRestore();
  });

  it('keeps out an empty file and one over the limit, saying so beside the control', async () => {
    serve();
    const u = userEvent.setup();
    renderAt('/ticket/7', <TicketViewScreen params={{ id: '7' }} />);
    await screen.findByRole('form', { name: 'Add a note' });
    const huge = new File(['z'], 'dump.zip', { type: 'application/zip' });
    Object.defineProperty(huge, 'size', { value: UPLOAD_LIMITS.fileBytes + 1 });
    await u.upload(fileInput(), [new File([], 'blank.txt'), huge]);
    const error = document.getElementById('note-files-error')!;
    expect(error).toHaveTextContent('blank.txt is empty. dump.zip is larger than 10 MB');
    expect(error).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('list', { name: 'Files to attach' })).toBeNull();
  });

  it("shows the server's refusal of a file beside the control and keeps the note and its files", async () => {
    serve();
    server.use(
      http.post('*/api/v2/tickets/7/notes', () =>
        HttpResponse.json(
          { error: { code: 'unsupported_media_type', message: 'page.txt is a HTML or other markup file, which cannot be attached', fields: { files: 'page.txt is a HTML or other markup file, which cannot be attached' } } },
          { status: 415 },
        ),
      ),
    );
    const u = userEvent.setup();
    renderAt('/ticket/7', <TicketViewScreen params={{ id: '7' }} />);
    const form = await screen.findByRole('form', { name: 'Add a note' });
    await u.upload(fileInput(), [new File(['<html>'], 'page.txt', { type: 'text/plain' })]);
    await u.type(within(form).getByRole('textbox', { name: 'Note' }), 'See attached');
    await u.click(within(form).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(document.getElementById('note-files-error')).toHaveTextContent('page.txt is a HTML or other markup file'));
    expect(within(screen.getByRole('form', { name: 'Add a note' })).getByRole('list', { name: 'Files to attach' })).toHaveTextContent('page.txt');
    expect(within(screen.getByRole('form', { name: 'Add a note' })).getByRole('textbox', { name: 'Note' })).toHaveValue('See attached');
  });

  it("fetches a note's file and offers it under its name", async () => {
    serve([entry(1, 'Logs attached', [LOG])]);
    // The call as the machine makes it (jsdom's Blob answers do not survive msw; the endpoint is checked by the API tests).
    const fetchFile = vi.spyOn(ticketDeskApi, 'attachment').mockResolvedValue(new Blob(['log line'], { type: 'text/plain' }));
    const created = vi.fn(() => 'blob:printer');
    const revoked = vi.fn();
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const u = userEvent.setup();
    renderAt('/ticket/7', <TicketViewScreen params={{ id: '7' }} />);
    await u.click(await screen.findByRole('button', { name: 'Download printer.log (2 KB)' }));
    await waitFor(() => expect(clicked).toEqual(['printer.log']));
    expect(fetchFile).toHaveBeenCalledWith(7, 41);
    expect(created).toHaveBeenCalledTimes(1);
    click.mockRestore();
    fetchFile.mockRestore();
  });

  it('opens an image at full size with the session, closes on Escape with focus back on its name, and still downloads other files', async () => {
    const SHOT = { id: 42, name: 'jam.png', mime_type: 'image/png', size_bytes: 4096, sha256: 'c'.repeat(64), image: true };
    serve([entry(1, 'Photo and log', [SHOT, LOG])]);
    // The calls as the machines make them (jsdom's Blob answers do not survive msw; the endpoint is checked by the API tests).
    const fetchFile = vi.spyOn(ticketDeskApi, 'attachment').mockImplementation(async (_t, id) => new Blob([id === 42 ? 'png' : 'log'], { type: id === 42 ? 'image/png' : 'text/plain' }));
    const fetchThumb = vi.spyOn(ticketDeskApi, 'thumbnail').mockResolvedValue(new Blob(['webp'], { type: 'image/webp' }));
    let made = 0;
    const revoked = vi.fn();
    Object.assign(URL, { createObjectURL: vi.fn(() => `blob:file-${++made}`), revokeObjectURL: revoked });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const u = userEvent.setup();
    renderAt('/ticket/7', <TicketViewScreen params={{ id: '7' }} />);
    const open = await screen.findByRole('button', { name: 'Open jam.png (4 KB)' });
    await u.click(open);
    const viewer = await screen.findByRole('dialog', { name: 'jam.png' });
    const image = await within(viewer).findByRole('img', { name: 'jam.png' });
    expect(fetchFile).toHaveBeenCalledWith(7, 42);
    expect(image.getAttribute('src')).toMatch(/^blob:file-/);
    expect(clicked).toEqual([]);
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(revoked).toHaveBeenCalledWith(image.getAttribute('src'));
    await waitFor(() => expect(open).toHaveFocus());
    await u.click(screen.getByRole('button', { name: 'Download printer.log (2 KB)' }));
    await waitFor(() => expect(clicked).toEqual(['printer.log']));
    expect(screen.queryByRole('dialog')).toBeNull();
    click.mockRestore();
    fetchFile.mockRestore();
    fetchThumb.mockRestore();
  });
});
