/** An approver's request view shows each expense line's receipts: an image as a thumbnail that opens it, a PDF offered to the browser, all through the receipt's access-checked endpoint (msw). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RequestView } from '@contracts/approvals';
import { approvalsApi } from '@/features/approvals/api';
import RequestScreen from '@/features/approvals/screens/RequestScreen';
import { renderAt } from '@tests/support/render';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const PHOTO = { id: 71, name: 'taxi.jpg', mime_type: 'image/jpeg', size_bytes: 4096, image: true };
const PDF = { id: 72, name: 'hotel.pdf', mime_type: 'application/pdf', size_bytes: 2048, image: false };
const line = (over: Record<string, unknown>) => ({ kind: 'meals', date: '2026-03-10', merchant: 'Hotel Adlon', description: '', amountCents: 18900, currency: 'USD', distanceHundredths: 0, billable: false, receiptIds: [], rateMicros: 1_000_000, rateDay: '2026-03-10', homeCents: 18900, flags: [], receipts: [], ...over });
const CLAIM: RequestView = {
  id: 90, formType: 'expense', title: 'Acme rollout (Berlin)', requester: 'Avery Agent', requesterId: 3, state: 'inReview', step: 'Manager review', version: 1,
  submittedAt: '2026-03-13T09:00:00Z', dueAt: null, updatedAt: '2026-03-13T09:00:00Z', onBehalfOf: null, waitingOn: ['Morgan Manager'], history: [],
  canDecide: true, canWithdraw: false, canResubmit: false,
  payload: {
    purpose: 'Acme rollout', destination: 'Berlin', startDate: '2026-03-09', endDate: '2026-03-12', totalCents: 22400, currency: 'USD',
    lines: [line({ kind: 'lodging', receiptIds: [72], receipts: [PDF] }), line({ kind: 'other', merchant: 'Taxi Berlin', amountCents: 3500, homeCents: 3500, receiptIds: [71], receipts: [PHOTO] })],
  },
};

describe('a travel expense claim in the approver’s request view', () => {
  it('shows each line’s receipts, fetches an image’s thumbnail and opens the image, and offers a PDF', async () => {
    const asked: string[] = [];
    server.use(http.get('*/api/v2/approvals/requests/:id', () => HttpResponse.json(CLAIM)));
    // The receipt calls as the machine makes them (jsdom's Blob answers do not survive msw; the endpoint's access rule is checked by the API tests).
    vi.spyOn(approvalsApi, 'receipt').mockImplementation(async (id, variant) => {
      asked.push(`${id} ${variant}`);
      return new Blob([id === 71 ? 'jpeg' : '%PDF'], { type: id === 71 ? 'image/jpeg' : 'application/pdf' });
    });
    const offered: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      offered.push(this.download);
    });
    let made = 0;
    Object.assign(URL, { createObjectURL: vi.fn(() => `blob:receipt-${++made}`), revokeObjectURL: vi.fn() });
    const user = userEvent.setup();
    const { container } = renderAt('/approvals/requests/90', <RequestScreen params={{ id: '90' }} />);
    const table = await screen.findByRole('table', { name: 'Lines' });
    expect(within(table).getByRole('columnheader', { name: 'Receipts' })).toBeTruthy();
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('button', { name: 'Download hotel.pdf (2 KB)' })).toBeTruthy();
    // The image's thumbnail is fetched through the receipt endpoint and shown.
    await waitFor(() => expect(container.querySelector('img[src="blob:receipt-1"]')).not.toBeNull());
    expect(asked).toEqual(['71 thumbnail']);

    await user.click(within(second!).getByRole('button', { name: 'Open taxi.jpg (4 KB)' }));
    const viewer = await screen.findByRole('dialog', { name: 'taxi.jpg' });
    expect(await within(viewer).findByRole('img', { name: 'taxi.jpg' })).toBeTruthy();
    expect(asked).toEqual(['71 thumbnail', '71 original']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(first!).getByRole('button', { name: 'Download hotel.pdf (2 KB)' }));
    await waitFor(() => expect(asked).toEqual(['71 thumbnail', '71 original', '72 original']));
    await waitFor(() => expect(offered).toEqual(['hotel.pdf']));
  });
  it('keeps an image’s thumbnail box from the first paint: its icon until the thumbnail arrives, and when it cannot be fetched', async () => {
    server.use(http.get('*/api/v2/approvals/requests/:id', () => HttpResponse.json(CLAIM)));
    let deliver: (blob: Blob) => void = () => undefined;
    let refuse: (error: Error) => void = () => undefined;
    vi.spyOn(approvalsApi, 'receipt').mockImplementation(
      () =>
        new Promise<Blob>((resolve, reject) => {
          deliver = resolve;
          refuse = reject;
        }),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:late-receipt'), revokeObjectURL: vi.fn() });
    const first = renderAt('/approvals/requests/90', <RequestScreen params={{ id: '90' }} />);
    const table = await screen.findByRole('table', { name: 'Lines' });
    const imageRow = within(table).getAllByRole('row')[2]!;
    // Before the thumbnail: the image's box (the picture's button, hidden from assistive technology) holds its icon.
    const box = () => imageRow.querySelector('button[aria-hidden="true"]');
    await waitFor(() => expect(approvalsApi.receipt).toHaveBeenCalledWith(71, 'thumbnail'));
    expect(box()?.querySelector('svg')).not.toBeNull();
    expect(box()?.querySelector('img')).toBeNull();
    // The PDF has no box: its icon sits beside its name.
    expect(within(table).getAllByRole('row')[1]!.querySelector('button[aria-hidden="true"]')).toBeNull();
    deliver(new Blob(['jpeg'], { type: 'image/jpeg' }));
    await waitFor(() => expect(box()?.querySelector('img[src="blob:late-receipt"]')).not.toBeNull());
    expect(box()?.querySelector('svg')).toBeNull();
    first.unmount();

    // A thumbnail that cannot be fetched leaves the box with the icon, and the name still opens the image.
    renderAt('/approvals/requests/90', <RequestScreen params={{ id: '90' }} />);
    const again = await screen.findByRole('table', { name: 'Lines' });
    const row = within(again).getAllByRole('row')[2]!;
    await waitFor(() => expect(approvalsApi.receipt).toHaveBeenCalledTimes(2));
    refuse(new Error('Service Unavailable'));
    await waitFor(() => expect(row.querySelector('button[aria-hidden="true"] svg')).not.toBeNull());
    expect(row.querySelector('img')).toBeNull();
    expect(within(row).getByRole('button', { name: 'Open taxi.jpg (4 KB)' })).toBeTruthy();
  });
});
