/** Project search over msw: the server-mode table asks the server for each search and shows hours against budget. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { noRememberedPageSize } from '@tests/support/pager';
import { forgetPageSizes } from '@/shared/ui/data-table/page-size-store';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ProjectRow } from '@contracts/projects';
import ProjectSearchScreen from '@/features/projects/screens/ProjectSearchScreen';

const server = setupServer(...noRememberedPageSize);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  forgetPageSizes();
});
afterAll(() => server.close());

const row = (id: number, name: string, used: number, budget: number | null): ProjectRow => ({
  id, name, company_id: 1, company_name: 'Acme Utilities', owner_id: 2, owner_name: 'Morgan Manager', status: 'active',
  start_date: '2026-01-05', due_date: '2099-03-31', budget_hours: budget, hours_used: used,
});

describe('project search', () => {
  it('searches on the server and shows each project with its hours against budget', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/v2/projects', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        const rows = url.searchParams.get('q') === 'meter' ? [row(1, 'Meter rollout', 50, 40)] : [row(1, 'Meter rollout', 50, 40), row(2, 'Portal upgrade', 5, 20)];
        return HttpResponse.json({ rows, page: 1, size: 10, total: rows.length, totalExact: true });
      }),
    );
    const user = userEvent.setup();
    const location = memoryLocation({ path: '/project/search', record: true });
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <ProjectSearchScreen />
      </Router>,
    );
    expect(await screen.findByRole('link', { name: 'Portal upgrade' })).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Hours used of budget' , hidden: false, value: { text: '50 h of 40 h, over budget' } })).toBeInTheDocument();
    expect(screen.getByText('5 h / 20 h')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox'), 'meter{Enter}');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Portal upgrade' })).toBeNull());
    expect(asked.some((s) => s.includes('q=meter'))).toBe(true);
  });
});
