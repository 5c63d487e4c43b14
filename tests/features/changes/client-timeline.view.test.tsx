/** The client's page of one change request: its stages and the comments meant for the client (msw). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ClientTimeline } from '@contracts/changes';
import { clientPortalApi } from '@/features/client-portal/api';
import { clientApiServer, renderClientAt, verifyTokenOk } from '@tests/features/client-portal/support';

const TIMELINE: ClientTimeline = {
  id: 5,
  status: 'released',
  rejection_reason: null,
  release_note: 'Autopay dates now print on the bill.',
  attachments: [],
  stages: [
    { status: 'submitted', at: '2026-10-05T10:00:00Z', note: null },
    { status: 'under_review', at: '2026-10-06T10:00:00Z', note: null },
    { status: 'approved', at: '2026-10-07T10:00:00Z', note: null },
    { status: 'in_development', at: '2026-10-08T10:00:00Z', note: null },
    { status: 'in_qa', at: '2026-10-09T10:00:00Z', note: null },
    { status: 'in_development', at: '2026-10-10T10:00:00Z', note: null },
    { status: 'in_qa', at: '2026-10-11T10:00:00Z', note: null },
    { status: 'released', at: '2026-10-12T10:00:00Z', note: 'Autopay dates now print on the bill.' },
  ],
  comments: [{ id: 2, author: 'Avery Agent', body: 'Shipping Friday.', created_at: '2026-10-11T12:00:00Z' }],
};

const server = clientApiServer(verifyTokenOk());

describe('a client’s change request', () => {
  it('shows every stage it went through, the release note and the comments for the client', async () => {
    server.use(http.get('*/api/v2/client/scrs/5/timeline', () => HttpResponse.json(TIMELINE)));
    renderClientAt('/software/change/request/5', { signedIn: true });
    const stages = await screen.findByRole('list', { name: 'Stages' });
    expect(within(stages).getAllByRole('listitem').map((li) => li.querySelector('span')?.textContent)).toEqual([
      'Submitted',
      'Under review',
      'Approved',
      'In development',
      'In QA',
      'In development',
      'In QA',
      'Released',
    ]);
    expect(screen.getByText('Autopay dates now print on the bill.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Comments' })).getByText('Shipping Friday.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All your change requests' })).toHaveAttribute('href', '/software/change/request');
  });

  it('lists the change request’s files, each downloaded with the client’s session from the SCR’s own address', async () => {
    const user = userEvent.setup();
    server.use(
      http.get('*/api/v2/client/scrs/5/timeline', () =>
        HttpResponse.json({ ...TIMELINE, attachments: [{ id: 9, name: 'mockup.pdf', mime_type: 'application/pdf', size_bytes: 2048, sha256: 'a'.repeat(64), image: false }] }),
      ),
    );
    const fetchFile = vi.spyOn(clientPortalApi, 'scrAttachment').mockResolvedValue(new Blob(['%PDF'], { type: 'application/pdf' }));
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:mockup'), revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderClientAt('/software/change/request/5', { signedIn: true });
    const files = await screen.findByRole('list', { name: 'Attachments' });
    await user.click(within(files).getByRole('button', { name: /^Download mockup\.pdf/ }));
    await waitFor(() => expect(clicked).toEqual(['mockup.pdf']));
    expect(fetchFile).toHaveBeenCalledWith(5, 9);
    click.mockRestore();
    fetchFile.mockRestore();
  });

  it('shows thumbnails of the change request’s images, fetched with the client’s session from the SCR’s own address', async () => {
    const image = { id: 9, name: 'mockup.png', mime_type: 'image/png', size_bytes: 2048, sha256: 'a'.repeat(64), image: true };
    const text = { ...image, id: 10, name: 'notes.txt', mime_type: 'text/plain', image: false };
    server.use(http.get('*/api/v2/client/scrs/5/timeline', () => HttpResponse.json({ ...TIMELINE, attachments: [image, text] })));
    const thumbnail = vi.spyOn(clientPortalApi, 'scrThumbnail').mockResolvedValue(new Blob(['png'], { type: 'image/png' }));
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:thumb-9'), revokeObjectURL: vi.fn() });
    renderClientAt('/software/change/request/5', { signedIn: true });
    const files = await screen.findByRole('list', { name: 'Attachments' });
    await waitFor(() => expect(files.querySelector('img')?.getAttribute('src')).toBe('blob:thumb-9'));
    expect(thumbnail.mock.calls).toEqual([[5, 9]]);
    thumbnail.mockRestore();
  });
});
