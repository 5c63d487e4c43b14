/** Files on the client portal's ticket page: a reply carries the files chosen for it; the support team's files are listed and downloaded. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { clientPortalApi } from '@/features/client-portal/api';
import { clientApiServer, label, renderClientAt, verifyTokenOk } from './support';

const server = clientApiServer(verifyTokenOk());
const GUIDE = { id: 5, name: 'reset guide.pdf', mime_type: 'application/pdf', size_bytes: 250_000, sha256: 'b'.repeat(64), image: false };
const detail = (notes: { id: number; body: string; fromClient: boolean; attachments?: (typeof GUIDE)[] }[]) => ({
  id: 41, title: 'Printer jams', status: 'A', severity: 'H', contact_name: 'Casey', contact_email: 'casey@example.test', description: 'It jams on page 2.',
  created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-02T10:00:00Z', attachments: [],
  notes: notes.map((n) => ({ attachments: [], ...n, author: n.fromClient ? 'Casey Client' : 'Avery Agent', created_at: '2026-11-02T10:00:00Z' })),
});
const fileInput = () => document.querySelector<HTMLInputElement>('[data-testid="file-picker"] input[type="file"]')!;

describe("files on a client's ticket", () => {
  it('sends the chosen files with the reply and clears them once it is sent', async () => {
    server.use(http.get('*/api/v2/client/tickets/41', () => HttpResponse.json(detail([]))));
    // The reply as the form's machine sends it (jsdom's File does not survive msw's copy of a multipart body).
    const reply = vi.spyOn(clientPortalApi, 'reply').mockResolvedValue({ id: 2 });
    const u = userEvent.setup();
    renderClientAt('/tickets?id=41', { signedIn: true });
    await u.type(await screen.findByLabelText(label('Your reply')), 'Photo of the jam attached.');
    await u.upload(fileInput(), [new File(['jpeg bytes'], 'jam.jpg', { type: 'image/jpeg' })]);
    expect(within(screen.getByRole('list', { name: 'Files to attach' })).getByRole('listitem')).toHaveTextContent('jam.jpg10 B');
    await u.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(reply).toHaveBeenCalledTimes(1));
    const [id, body, files] = reply.mock.calls[0]!;
    expect([id, body, files!.map((f) => f.name)]).toEqual([41, { body: 'Photo of the jam attached.' }, ['jam.jpg']]);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Files to attach' })).toBeNull());
    reply.mockRestore();
  });

  it("lists the support team's file under its reply and downloads it", async () => {
    server.use(http.get('*/api/v2/client/tickets/41', () => HttpResponse.json(detail([{ id: 1, body: 'Here is the guide.', fromClient: false, attachments: [GUIDE] }]))));
    const fetchFile = vi.spyOn(clientPortalApi, 'attachment').mockResolvedValue(new Blob(['%PDF'], { type: 'application/pdf' }));
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:guide'), revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderClientAt('/tickets?id=41', { signedIn: true });
    const message = await screen.findByRole('article', { name: 'Avery Agent, support team' });
    await userEvent.click(within(message).getByRole('button', { name: 'Download reset guide.pdf (244.1 KB)' }));
    await waitFor(() => expect(clicked).toEqual(['reset guide.pdf']));
    expect(fetchFile).toHaveBeenCalledWith(41, 5);
    click.mockRestore();
    fetchFile.mockRestore();
  });

  it("shows an image's thumbnail and opens the image at full size with the client session; Escape closes it and focus returns", async () => {
    const SHOT = { id: 6, name: 'error screen.png', mime_type: 'image/png', size_bytes: 8192, sha256: 'c'.repeat(64), image: true };
    server.use(http.get('*/api/v2/client/tickets/41', () => HttpResponse.json(detail([{ id: 1, body: 'This is what we see.', fromClient: false, attachments: [SHOT, GUIDE] }]))));
    // The calls as the machines make them (jsdom's Blob answers do not survive msw; the endpoint is checked by the API tests).
    const fetchFile = vi.spyOn(clientPortalApi, 'attachment').mockResolvedValue(new Blob(['png'], { type: 'image/png' }));
    const fetchThumb = vi.spyOn(clientPortalApi, 'thumbnail').mockResolvedValue(new Blob(['webp'], { type: 'image/webp' }));
    let made = 0;
    const revoked = vi.fn();
    Object.assign(URL, { createObjectURL: vi.fn(() => `blob:client-${++made}`), revokeObjectURL: revoked });
    const u = userEvent.setup();
    renderClientAt('/tickets?id=41', { signedIn: true });
    const message = await screen.findByRole('article', { name: 'Avery Agent, support team' });
    await waitFor(() => expect(message.querySelector('img')?.getAttribute('src')).toMatch(/^blob:client-/));
    expect(fetchThumb).toHaveBeenCalledWith(41, 6);
    expect(fetchThumb).toHaveBeenCalledTimes(1);
    expect(within(message).getByRole('button', { name: 'Download reset guide.pdf (244.1 KB)' })).toBeInTheDocument();
    const open = within(message).getByRole('button', { name: 'Open error screen.png (8 KB)' });
    await u.click(open);
    const viewer = await screen.findByRole('dialog', { name: 'error screen.png' });
    const image = await within(viewer).findByRole('img', { name: 'error screen.png' });
    expect(fetchFile).toHaveBeenCalledWith(41, 6);
    expect(image.getAttribute('src')).toMatch(/^blob:client-/);
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(revoked).toHaveBeenCalledWith(image.getAttribute('src'));
    await waitFor(() => expect(open).toHaveFocus());
    fetchFile.mockRestore();
    fetchThumb.mockRestore();
  });
});
