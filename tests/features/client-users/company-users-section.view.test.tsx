/** The Client portal users tab a company's page gets from the client-users feature (the company view's section slot), over msw. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClientUser } from '@contracts/companies';
import { DIRECTORY_PAGE_SIZE_MAX } from '@contracts/common/constants';
import { companySections } from '@/features/client-users/routes';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const user = (id: number, name: string, status: ClientUser['status'] = 'active'): ClientUser => ({
  id,
  company_id: 3,
  company_name: 'Harbor Freight',
  contact_id: null,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@harbor.example`,
  status,
  created_at: '2026-11-01T09:00:00.000Z',
  last_invited_at: null,
});

function serveUsers(answer: () => Response) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v2/client-users', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return answer();
    }),
  );
  return queries;
}

function renderSection() {
  const section = companySections.find((s) => s.id === 'users')!;
  render(<section.component companyId={3} companyName="Harbor Freight" />);
}

describe("a company page's Client portal users tab", () => {
  it("is the client-users feature's section, after the tickets and before the sign-up policy", () => {
    expect(companySections.map(({ id, title, order, roles }) => ({ id, title, order, roles }))).toEqual([{ id: 'users', title: 'Client portal users', order: 4, roles: undefined }]);
  });

  it("lists the company's client users by name, with a link to invite or manage them", async () => {
    const queries = serveUsers(() => HttpResponse.json({ rows: [user(7, 'Ann Lee'), user(8, 'Bo Chan', 'pending_approval')], page: 1, size: 100, total: 2, totalExact: true }));
    renderSection();
    const card = await screen.findByRole('region', { name: 'Client portal users' });
    const table = await within(card).findByRole('table', { name: 'Client portal users of this company' });
    expect(within(table).getByRole('cell', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'bo@harbor.example' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Awaiting approval' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Invite or manage client portal users' })).toHaveAttribute('href', '/client/portal/users?f.company=3');
    expect(Object.fromEntries(queries[0]!)).toEqual({ company: '3', sort: 'name:asc', size: String(DIRECTORY_PAGE_SIZE_MAX) });
    expect(card).not.toHaveTextContent(/The first/);
  });

  it('says when the company has more client users than the tab lists', async () => {
    serveUsers(() => HttpResponse.json({ rows: [user(7, 'Ann Lee')], page: 1, size: 1, total: 140, totalExact: true }));
    renderSection();
    const card = await screen.findByRole('region', { name: 'Client portal users' });
    await within(card).findByRole('table', { name: 'Client portal users of this company' });
    expect(card).toHaveTextContent('The first 1 of 140, by name.');
  });

  it('says why they could not be loaded, and tries again when asked', async () => {
    const u = userEvent.setup();
    let busy = true;
    const queries = serveUsers(() =>
      busy ? HttpResponse.json({ error: { code: 'unavailable', message: 'The database is busy' } }, { status: 503 }) : HttpResponse.json({ rows: [user(7, 'Ann Lee')], page: 1, size: 100, total: 1, totalExact: true }),
    );
    renderSection();
    const card = await screen.findByRole('region', { name: 'Client portal users' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('The database is busy');
    busy = false;
    await u.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByRole('cell', { name: 'Ann Lee' })).toBeInTheDocument();
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(queries).toHaveLength(2);
  });
});
