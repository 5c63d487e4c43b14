/** "My submissions" is one list on every form's screen: status, date, title and a link to the request's page (msw). */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FormType, RequestSummary } from '@contracts/approvals';
import CorrectionScreen from '@/features/forms/screens/CorrectionScreen';
import ExpenseScreen from '@/features/forms/screens/ExpenseScreen';
import KudoScreen from '@/features/forms/screens/KudoScreen';
import { renderAt } from '@tests/support/render';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const summary = (formType: FormType, over: Partial<RequestSummary>): RequestSummary => ({
  id: 1, formType, title: 'A request', requester: 'Avery Agent', requesterId: 3, state: 'inReview', step: 'Manager review', version: 1,
  submittedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(), dueAt: null, updatedAt: '2026-11-20T09:00:00Z', onBehalfOf: null, ...over,
});

const CASES: { name: string; path: string; screen: ReactNode; tab: string; list: string; row: RequestSummary; status: string }[] = [
  { name: 'Travel Expense', path: '/forms/travel/expense', screen: <ExpenseScreen />, tab: 'My submissions', list: 'my expense claims', row: summary('expense', { id: 90, title: 'Acme rollout (Berlin)', state: 'applied' }), status: 'Approved' },
  { name: 'Correction', path: '/forms/correction', screen: <CorrectionScreen />, tab: 'My submissions', list: 'my corrections', row: summary('correction', { id: 41, title: 'Backup job skipped Harbor Water', state: 'changesRequested' }), status: 'Changes requested' },
  { name: 'Kudos', path: '/forms/kudo', screen: <KudoScreen />, tab: 'Sent by me', list: 'kudos you sent', row: summary('kudo', { id: 12, title: 'Kudo: Ownership', state: 'applied' }), status: 'Published' },
];

describe('my submissions on every form', () => {
  it.each(CASES)('$name lists each submission with its status, when it was sent, its title and a link to the request', async ({ path, screen: view, tab, list, row, status }) => {
    server.use(
      http.get('*/api/v2/approvals/mine', () => HttpResponse.json([row])),
      http.get('*/api/v2/approvals/inbox', () => HttpResponse.json([])),
      http.get('*/api/v2/forms/expenses/rates', () => HttpResponse.json([])),
      http.get('*/api/v2/forms/kudos/values', () => HttpResponse.json(['Ownership'])),
      http.get('*/api/v2/forms/kudos/recent', () => HttpResponse.json([])),
    );
    const user = userEvent.setup();
    renderAt(path, view);
    await user.click(await screen.findByRole('tab', { name: tab }));
    const rows = within(await screen.findByRole('list', { name: list })).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    const item = within(rows[0]!);
    expect(item.getByText(row.title)).toBeTruthy();
    expect(item.getByText(status)).toBeTruthy();
    expect(item.getByText('2 days ago')).toBeTruthy();
    expect(item.getByRole('link', { name: `Request #${row.id}: ${row.title}` }).getAttribute('href')).toBe(`/approvals/requests/${row.id}`);
  });
});
