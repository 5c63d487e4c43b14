/** /managed/services over msw: the contracts of the month with their usage, a manager's contract edit and month close, the plain user's view. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContractsView, ContractUsage } from '@contracts/time';
import ManagedServicesScreen from '@/features/time/screens/ManagedServicesScreen';
import { StaffRoleContext } from '@/shared/session/role';
import { browserSessionInput, StaffSession } from '@/shared/session/staff-session';
import { browserStorage, staffSessionStore } from '@/shared/storage';
import { provideNotifier } from '@/shared/machines/notify';
import { ToastRegion } from '@/shared/ui/components';
import { toastNotifier } from '@/shared/ui/components/toast/toast-notifier';
import { contractUsage } from './time.fixtures';

const server = setupServer();
// What the machines say shows as toasts, as the app provides it.
let restoreNotifier = () => {};
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  restoreNotifier = provideNotifier(toastNotifier());
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  restoreNotifier();
});

/** Over its included hours: 21:00 used of 20:00, every alert sent. */
const contract = (over: Partial<ContractUsage> = {}) =>
  contractUsage({ rollover: false, rollover_cap_minutes: 0, rollover_in_minutes: 0, used_minutes: 1260, remaining_minutes: 0, overage_minutes: 60, percent: 105, alerts: [80, 95, 100], ...over });

const thisMonth = () => new Date().toISOString().slice(0, 7);
const previousMonth = () => {
  const d = new Date(`${thisMonth()}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 7);
};

function renderAs(role: 'manager' | 'user') {
  render(
    <StaffSession.Provider options={{ input: browserSessionInput(staffSessionStore(browserStorage())) }}>
      <StaffRoleContext.Provider value={role}>
        <ManagedServicesScreen />
        <ToastRegion />
      </StaffRoleContext.Provider>
    </StaffSession.Provider>,
  );
}

function useContracts(rows: (month: string) => ContractUsage[], months: string[] = []) {
  server.use(
    http.get('*/api/v2/ms/contracts', ({ request }) => {
      const month = new URL(request.url).searchParams.get('month') ?? thisMonth();
      months.push(month);
      return HttpResponse.json({ month, contracts: rows(month) } satisfies ContractsView);
    }),
    http.get('*/api/v2/ms/tickets', () => HttpResponse.json([{ id: 42, title: 'Backup job failed', company: 'Acme Utilities', status: 'A', severity: 'H', assignee: null, updated_at: new Date().toISOString() }])),
  );
}

describe('Managed Services', () => {
  it("lists the month's contracts with usage, overage in money and the alerts sent, and the open Managed Services tickets", async () => {
    useContracts(() => [contract(), contract({ company_id: 2, company: 'Globex', plan: 'Managed Silver', used_minutes: 300, remaining_minutes: 900, overage_minutes: 0, percent: 25, alerts: [] })]);
    renderAs('user');
    const table = await screen.findByRole('table', { name: /Managed-services contracts/ });
    const acme = within(table).getByRole('row', { name: /Acme Utilities/ });
    expect(within(acme).getByRole('meter', { name: 'Usage of Acme Utilities' })).toHaveAttribute('aria-valuenow', '100');
    expect(acme).toHaveTextContent('1:00 · $150.00');
    expect(acme).toHaveTextContent('100 %');
    const globex = within(table).getByRole('row', { name: /Globex/ });
    expect(within(globex).getByRole('meter')).toHaveAttribute('aria-valuenow', '25');
    // A plain user tracks time but edits no contract.
    expect(within(acme).getByRole('button', { name: 'Track time' })).toBeInTheDocument();
    expect(within(acme).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    const tickets = await screen.findByRole('table', { name: 'Open Managed Services tickets' });
    expect(within(tickets).getByRole('row', { name: /Backup job failed/ })).toHaveTextContent('Unassigned');
  });

  it('shows late time: the open month carries it in its usage, a closed month says what came in after its bill', async () => {
    useContracts((month) =>
      month === thisMonth()
        ? [contract({ used_minutes: 1350, adjustment_minutes: 150, percent: 112.5, overage_minutes: 150, remaining_minutes: 0 })]
        : [contract({ used_minutes: 50, adjustment_minutes: 0, late_minutes: 600, percent: 4.2, overage_minutes: 0, remaining_minutes: 1150, closed: { included_minutes: 1200, rollover_in_minutes: 0, billed_minutes: 50, overage_minutes: 0, overage_cents: 0, rollover_out_minutes: 0 } })],
    );
    const user = userEvent.setup();
    renderAs('user');
    const table = await screen.findByRole('table', { name: /Managed-services contracts/ });
    const current = within(table).getByRole('row', { name: /Acme Utilities/ });
    expect(within(current).getByText('22:30')).toBeInTheDocument();
    expect(within(current).getByText('incl. 2:30 late time')).toBeInTheDocument();
    expect(screen.getByText(/Late time is time dated in a closed month that came in after its bill/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    const closed = await screen.findByRole('table', { name: new RegExp(`Managed-services contracts, ${new Date(`${previousMonth()}-01T00:00:00Z`).toLocaleString(undefined, { month: 'long', timeZone: 'UTC' })}`) });
    const row = await within(closed).findByRole('row', { name: /Acme Utilities/ });
    expect(within(row).getByText('0:50')).toBeInTheDocument();
    expect(within(row).getByText('10:00 came in after the close')).toBeInTheDocument();
    expect(within(row).getByText('Closed · $0.00 overage')).toBeInTheDocument();
  });

  it('lets a manager edit a contract: the server names a bad field and the dialog keeps what was typed; a good save reloads the list', async () => {
    const bodies: Record<string, unknown>[] = [];
    let plan = 'Managed Gold';
    useContracts(() => [contract({ plan })]);
    server.use(
      http.put('*/api/v2/ms/contracts/1', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (bodies.length === 1) {
          return HttpResponse.json({ error: { code: 'validation', message: 'Check the highlighted fields', fields: { plan: 'Plan must be at most 80 characters' } } }, { status: 400 });
        }
        plan = String(body.plan);
        return HttpResponse.json({ contract: contract({ plan }) });
      }),
    );
    const user = userEvent.setup();
    renderAs('manager');
    const row = await screen.findByRole('row', { name: /Acme Utilities/ });
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contract of Acme Utilities' });
    const planField = within(dialog).getByRole('textbox', { name: /Plan/ });
    await user.clear(planField);
    await user.type(planField, 'Managed Platinum');
    await user.click(within(dialog).getByRole('button', { name: 'Save contract' }));
    expect(await within(dialog).findByText('Plan must be at most 80 characters')).toBeInTheDocument();
    expect(planField).toHaveValue('Managed Platinum');
    await user.click(within(dialog).getByRole('button', { name: 'Save contract' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies[1]).toMatchObject({ plan: 'Managed Platinum', included_hours: 20, overage_rate_cents: 15000, rounding_minutes: 15, rollover: false });
    expect((await screen.findAllByText('Contract of Acme Utilities saved'))[0]).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'Managed Platinum' })).toBeInTheDocument();
  });

  it('closes a past month for a manager: a refusal is said in words, a close shows its figures and offers no second close', async () => {
    const months: string[] = [];
    let closed = false;
    let attempts = 0;
    const figures = { included_minutes: 1200, rollover_in_minutes: 0, billed_minutes: 1260, overage_minutes: 60, overage_cents: 15000, rollover_out_minutes: 0 };
    useContracts((month) => [contract({ closed: month === previousMonth() && closed ? figures : null })], months);
    server.use(
      http.post('*/api/v2/ms/contracts/1/close', async ({ request }) => {
        expect(await request.json()).toEqual({ month: previousMonth() });
        attempts++;
        if (attempts === 1) return HttpResponse.json({ error: { code: 'unavailable', message: 'The database is busy; try again' } }, { status: 503 });
        closed = true;
        return HttpResponse.json(figures);
      }),
    );
    const user = userEvent.setup();
    renderAs('manager');
    const contracts = await screen.findByRole('table', { name: /Managed-services contracts/ });
    await within(contracts).findByRole('row', { name: /Acme Utilities/ });
    // The current month cannot be closed yet.
    expect(screen.queryByRole('button', { name: 'Close month' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(months).toContain(previousMonth()));
    await user.click(await screen.findByRole('button', { name: 'Close month' }));
    expect((await screen.findAllByText('The database is busy; try again'))[0]).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Close month' }));
    expect((await screen.findAllByText('Month closed: 21:00 billed, $150.00 overage'))[0]).toBeVisible();
    const table = await screen.findByRole('table', { name: /Managed-services contracts/ });
    await waitFor(() => expect(within(table).getByRole('row', { name: /Acme Utilities/ })).toHaveTextContent('Closed · $150.00 overage'));
    expect(screen.queryByRole('button', { name: 'Close month' })).not.toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
