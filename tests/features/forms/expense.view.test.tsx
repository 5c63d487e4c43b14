/** The Travel Expense form: plain-word problems, a line priced while typing, the receipt rule while typing, receipts attached per line, the submit (msw). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RequestSummary, RequestView } from '@contracts/approvals';
import { RECEIPT_MISSING, type ExpenseRate, type Receipt } from '@contracts/expenses';
import ExpenseScreen from '@/features/forms/screens/ExpenseScreen';
import { showNoticesAsToasts } from '@tests/support/toasts';
import { renderAt } from '@tests/support/render';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
showNoticesAsToasts();
afterAll(() => server.close());

const RATES: ExpenseRate[] = [
  { kind: 'fx', code: 'EUR', validFrom: '2026-01-01', rateMicros: 1_084_500 },
  { kind: 'mileage', code: 'mile', validFrom: '2026-01-01', rateMicros: 725_000 },
];
const RECEIPT: Receipt = { id: 71, name: 'hotel.pdf', mime_type: 'application/pdf', size_bytes: 2048, sha256: 'a'.repeat(64), image: false };

function created(): RequestView {
  const s: RequestSummary = { id: 90, formType: 'expense', title: 'Acme rollout (Berlin)', requester: 'Avery Agent', requesterId: 3, state: 'inReview', step: 'Manager review', version: 1, submittedAt: '2026-03-13T09:00:00Z', dueAt: null, updatedAt: '2026-03-13T09:00:00Z', onBehalfOf: null };
  return { ...s, payload: {}, waitingOn: ['Morgan Manager'], history: [], canDecide: false, canWithdraw: true, canResubmit: false };
}

type Seen = { posts: { url: string; body: unknown }[]; uploads: number };
function serve(): Seen {
  const seen: Seen = { posts: [], uploads: 0 };
  server.use(
    http.get('*/api/v2/approvals/mine', () => HttpResponse.json([])),
    http.get('*/api/v2/approvals/inbox', () => HttpResponse.json([])),
    http.get('*/api/v2/forms/expenses/rates', () => HttpResponse.json(RATES)),
    http.post('*/api/v2/forms/expenses/receipts', () => {
      seen.uploads++;
      return HttpResponse.json({ receipts: [RECEIPT] }, { status: 201 });
    }),
    http.post('*/api/v2/approvals/requests', async ({ request }) => {
      seen.posts.push({ url: new URL(request.url).pathname, body: await request.json() });
      return HttpResponse.json(created(), { status: 201 });
    }),
  );
  return seen;
}

type User = ReturnType<typeof userEvent.setup>;
/** Puts text into a field as a paste (one input event, not one per character). */
async function paste(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
async function typeDate(user: User, scope: HTMLElement, label: string, digits: string) {
  const [first] = within(within(scope).getByRole('group', { name: label })).getAllByRole('spinbutton');
  await user.click(first!);
  await user.keyboard(digits);
}

describe('Travel Expense form', () => {
  it('names what is missing, prices a line while typing, blocks a line over the threshold without a receipt, then submits it with its receipt', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    const seen = serve();
    renderAt('/forms/travel/expense', <ExpenseScreen />, { toasts: true });
    const form = await screen.findByRole('form', { name: 'New travel expense claim' });
    await user.click(within(form).getByRole('button', { name: 'Submit for review' }));
    expect(await within(form).findByText('Say what the trip was for')).toBeTruthy();
    expect(within(form).getByText('Say where you went')).toBeTruthy();
    expect(seen.posts).toHaveLength(0);

    await paste(user, within(form).getByRole('textbox', { name: /^Purpose/ }), 'Acme rollout');
    await paste(user, within(form).getByRole('textbox', { name: /^Destination/ }), 'Berlin');
    await typeDate(user, form, 'First day', '03092026');
    await typeDate(user, form, 'Last day', '03122026');
    const line = within(form).getByRole('group', { name: 'Line 1' });
    await typeDate(user, line, 'Day', '03102026');
    await paste(user, within(line).getByRole('textbox', { name: /^Merchant/ }), 'Hotel Adlon');
    await paste(user, within(line).getByRole('textbox', { name: /^Amount/ }), '189.00');
    // Priced and checked while typing: over the threshold without a receipt.
    expect(await within(line).findByText('$189.00 USD')).toBeTruthy();
    expect(within(line).getByText(RECEIPT_MISSING)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Submit for review' }));
    expect(seen.posts).toHaveLength(0);

    await user.upload(line.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['%PDF-1.4'], 'hotel.pdf', { type: 'application/pdf' }));
    expect(await within(within(line).getByRole('list', { name: 'Receipts of line 1' })).findByText('hotel.pdf')).toBeTruthy();
    expect(within(line).queryByText(RECEIPT_MISSING)).toBeNull();

    await user.click(within(form).getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(seen.posts).toHaveLength(1));
    expect(seen.posts[0]).toEqual({
      url: '/api/v2/approvals/requests',
      body: {
        formType: 'expense',
        payload: {
          purpose: 'Acme rollout', destination: 'Berlin', startDate: '2026-03-09', endDate: '2026-03-12',
          lines: [{ kind: 'meals', date: '2026-03-10', merchant: 'Hotel Adlon', description: '', amountCents: 18900, currency: 'USD', billable: false, receiptIds: [71] }],
        },
      },
    });
    expect(await screen.findByText('Expense claim submitted')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'My submissions', selected: true })).toBeTruthy();
  });

  it('changes a claim sent back and sends it again from my submissions, its lines and receipts kept', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    const line = { kind: 'lodging', date: '2026-03-10', merchant: 'Hotel Adlon', description: 'Two nights', amountCents: 18900, currency: 'USD', distanceHundredths: 0, billable: false, receiptIds: [71], rateMicros: 1_000_000, rateDay: '2026-03-10', homeCents: 18900, flags: [], receipts: [RECEIPT] };
    const back: RequestView = {
      ...created(), state: 'changesRequested', version: 2, step: null, waitingOn: [], canWithdraw: false, canResubmit: true,
      payload: { purpose: 'Acme rollout', destination: 'Berlin', startDate: '2026-03-09', endDate: '2026-03-12', lines: [line], totalCents: 18900, currency: 'USD' },
      history: [{ id: 2, action: 'sentBack', actor: 'Morgan Manager', onBehalfOf: null, fromState: 'inReview', toState: 'changesRequested', step: 'Manager review', comment: 'Say which client site this was for.', at: '2026-03-14T09:00:00Z' }],
    };
    const seen = serve();
    const { canResubmit: _c, canDecide: _d, canWithdraw: _w, payload: _p, waitingOn: _o, history: _h, ...row } = back;
    server.use(
      http.get('*/api/v2/approvals/mine', () => HttpResponse.json([row])),
      http.get('*/api/v2/approvals/requests/:id', () => HttpResponse.json(back)),
      http.post('*/api/v2/approvals/requests/:id/resubmit', async ({ request }) => {
        seen.posts.push({ url: new URL(request.url).pathname, body: await request.json() });
        return HttpResponse.json({ ...back, state: 'inReview', version: 3, canResubmit: false });
      }),
    );
    renderAt('/forms/travel/expense', <ExpenseScreen />, { toasts: true });
    await user.click(await screen.findByRole('tab', { name: 'My submissions' }));
    await user.click(within(await screen.findByRole('list', { name: 'my expense claims' })).getByRole('button', { name: back.title }));
    await user.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Change and send again' }));

    const form = await screen.findByRole('form', { name: 'Change the travel expense claim' });
    expect(screen.getByRole('tab', { name: 'Change claim #90', selected: true })).toBeTruthy();
    expect(within(form).getByText('Say which client site this was for.')).toBeTruthy();
    expect((within(form).getByRole('textbox', { name: /^Purpose/ }) as HTMLInputElement).value).toBe('Acme rollout');
    const first = within(form).getByRole('group', { name: 'Line 1' });
    expect((within(first).getByRole('textbox', { name: /^Amount/ }) as HTMLInputElement).value).toBe('189.00');
    expect(within(within(first).getByRole('list', { name: 'Receipts of line 1' })).getByText('hotel.pdf')).toBeTruthy();

    const description = within(first).getByRole('textbox', { name: /^Description/ });
    await user.clear(description);
    await paste(user, description, 'Two nights, Acme Berlin site');
    await user.click(within(form).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(seen.posts).toHaveLength(1));
    expect(seen.posts[0]).toEqual({
      url: '/api/v2/approvals/requests/90/resubmit',
      body: {
        version: 2,
        payload: {
          purpose: 'Acme rollout', destination: 'Berlin', startDate: '2026-03-09', endDate: '2026-03-12',
          lines: [{ kind: 'lodging', date: '2026-03-10', merchant: 'Hotel Adlon', description: 'Two nights, Acme Berlin site', amountCents: 18900, currency: 'USD', billable: false, receiptIds: [71] }],
        },
      },
    });
    expect(await screen.findByText('Expense claim sent again')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'New' })).toBeTruthy();
  });

  it('shows the company a reopened claim names in its picker', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    const line = { kind: 'meals', date: '2026-03-10', merchant: 'Brasserie', description: '', amountCents: 4200, currency: 'USD', distanceHundredths: 0, billable: true, receiptIds: [], rateMicros: 1_000_000, rateDay: '2026-03-10', homeCents: 4200, flags: [] };
    const back: RequestView = {
      ...created(), state: 'changesRequested', version: 2, step: null, waitingOn: [], canWithdraw: false, canResubmit: true,
      payload: { purpose: 'Acme rollout', destination: 'Berlin', startDate: '2026-03-09', endDate: '2026-03-12', companyId: 5, companyName: 'Acme Industrial', lines: [line], totalCents: 4200, currency: 'USD' },
      history: [],
    };
    serve();
    const { canResubmit: _c, canDecide: _d, canWithdraw: _w, payload: _p, waitingOn: _o, history: _h, ...row } = back;
    server.use(
      http.get('*/api/v2/approvals/mine', () => HttpResponse.json([row])),
      http.get('*/api/v2/approvals/requests/:id', () => HttpResponse.json(back)),
    );
    renderAt('/forms/travel/expense', <ExpenseScreen />, { toasts: true });
    await user.click(await screen.findByRole('tab', { name: 'My submissions' }));
    await user.click(within(await screen.findByRole('list', { name: 'my expense claims' })).getByRole('button', { name: back.title }));
    await user.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Change and send again' }));
    const form = await screen.findByRole('form', { name: 'Change the travel expense claim' });
    const picker = (await within(form).findByRole('combobox', { name: /^Company/ })) as HTMLInputElement;
    expect(picker.value).toBe('Acme Industrial');
  });
});
