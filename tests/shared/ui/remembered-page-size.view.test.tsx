/** Every server-mode search table remembers the user's rows per page on the server, each under its own table key (docs/adr/0137). */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import CompanySearchScreen from '@/features/companies/screens/CompanySearchScreen';
import ProjectSearchScreen from '@/features/projects/screens/ProjectSearchScreen';
import { QuoteList } from '@/features/quotes/screens/QuoteListScreen';
import ClientPortalUsersScreen from '@/features/client-users/screens/ClientPortalUsersScreen';
import { forgetPageSizes } from '@/shared/ui/data-table/page-size-store';
import { renderAt } from '@tests/support/render';
import { pickRowsPerPage, rowsPerPageButton } from '@tests/support/pager';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  forgetPageSizes();
});
afterAll(() => server.close());

const EMPTY = { rows: [], page: 1, size: 10, total: 0, totalExact: true };

const TABLES: { name: string; path: string; key: string; list: string; ui: () => ReactNode; caption: string }[] = [
  { name: 'companies', path: '/company/search', key: 'companies', list: '*/api/v2/companies', ui: () => <CompanySearchScreen />, caption: 'Companies' },
  { name: 'projects', path: '/project/search', key: 'projects', list: '*/api/v2/projects', ui: () => <ProjectSearchScreen />, caption: 'Projects' },
  { name: 'quotes', path: '/quote/list', key: 'quotes-quote-list', list: '*/api/v2/quotes', ui: () => <QuoteList path="/quote/list" name="Quotes" />, caption: 'Quotes' },
  { name: 'client users', path: '/client/portal/users', key: 'client-users', list: '*/api/v2/client-users', ui: () => <ClientPortalUsersScreen />, caption: 'Client portal users' },
];

describe.each(TABLES)('the $name search', ({ path, key, list, ui, caption }) => {
  it("starts from the user's remembered rows per page for its own table, and remembers a new choice", async () => {
    const sizesAsked: string[] = [];
    const remembered: unknown[] = [];
    const pages: (string | null)[] = [];
    server.use(
      http.get('*/api/v2/preferences/table-size/:table', ({ params }) => {
        sizesAsked.push(String(params.table));
        return HttpResponse.json({ size: params.table === key ? 30 : null });
      }),
      http.put('*/api/v2/preferences/table-size/:table', async ({ params, request }) => {
        const body = (await request.json()) as { size: number };
        remembered.push({ table: params.table, ...body });
        return HttpResponse.json(body);
      }),
      http.get(list, ({ request }) => {
        const url = new URL(request.url);
        // The client users list's sign-up requests are another table.
        if (url.searchParams.get('status') !== 'pending_approval') pages.push(url.searchParams.get('size'));
        return HttpResponse.json(EMPTY);
      }),
    );
    const u = userEvent.setup();
    renderAt(path, ui(), { role: 'admin' });
    await waitFor(() => expect(pages.length).toBeGreaterThan(0));
    expect(sizesAsked).toContain(key);
    expect(pages[0]).toBe('30');
    const table = screen.getByRole('table', { name: caption });
    const region = table.closest('section, [data-table], div')!.parentElement! as HTMLElement;
    expect(rowsPerPageButton(region)).toHaveTextContent('30');
    await pickRowsPerPage(u, '50', region);
    await waitFor(() => expect(pages.at(-1)).toBe('50'));
    expect(remembered).toContainEqual({ table: key, size: 50 });
  });
});
