/**
 * The sales screens over msw: the dashboard (tiles against targets, drill links, the pipeline),
 * the activity dialog (the L shortcut, a closed sale filled from an accepted quote, a refused save),
 * logging for another rep, what each screen loads again once an activity is logged, the
 * territories' bulk reassign and dialog, settings for a manager and an agent, the review of public
 * answers, and the CAC check.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CacReport, HuhyOverview, SalesCompanyView, SalesCustomer, SalesDashboard, SalesSettings, TerritoryOverview } from '@contracts/sales';
import { LogActivityButton, SalesFrame } from '@/features/sales/screens/ActivityLog';
import CacScreen from '@/features/sales/screens/CacScreen';
import CompanySalesSection from '@/features/sales/screens/CompanySalesSection';
import CompanyScreen from '@/features/sales/screens/CompanyScreen';
import CustomersScreen from '@/features/sales/screens/CustomersScreen';
import DashboardScreen from '@/features/sales/screens/DashboardScreen';
import HuhyScreen from '@/features/sales/screens/HuhyScreen';
import SettingsScreen from '@/features/sales/screens/SettingsScreen';
import TerritoriesScreen from '@/features/sales/screens/TerritoriesScreen';
import { showNoticesAsToasts, toastQueue } from '@tests/support/toasts';
import { renderAt } from '@tests/support/render';
import { refuseDoomedRequests } from '@tests/support/doomed-requests';

/** Whom the activity dialog may log for, unless a test says otherwise: only the signed-in user. */
const onlyMe = http.get('*/api/v2/sales/reps', () => HttpResponse.json({ reps: [{ id: 3, name: 'Avery Agent' }] }));
const server = setupServer(onlyMe);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  window.localStorage.clear();
  toastQueue.clear();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
showNoticesAsToasts();
refuseDoomedRequests(server);

const toastTitles = () => toastQueue.visible().map((t) => `${t.tone}: ${t.title}`);

const zero = { call: 0, letter: 0, lead: 0, sale: 0, revenue: 0 };
const dashboard: SalesDashboard = {
  month: '2026-11',
  reps: [
    { staffId: 3, name: 'Avery Agent', actual: { call: 12, letter: 4, lead: 2, sale: 1, revenue: 125000 }, target: { call: 20, letter: 10, lead: 4, sale: 2, revenue: 500000 } },
    { staffId: 4, name: 'Blair Rep', actual: { ...zero, call: 3 }, target: zero },
  ],
  total: { actual: { call: 15, letter: 4, lead: 2, sale: 1, revenue: 125000 }, target: { call: 20, letter: 10, lead: 4, sale: 2, revenue: 500000 } },
  daily: [{ day: '2026-11-02', call: 15, letter: 4, lead: 2, sale: 1 }],
  pipeline: {
    byStatus: [
      { status: 'draft', count: 2, totalCents: 200000, probability: 10, weightedCents: 20000 },
      { status: 'sent', count: 1, totalCents: 300000, probability: 50, weightedCents: 150000 },
      { status: 'accepted', count: 1, totalCents: 125000, probability: 100, weightedCents: 125000 },
    ],
    openCents: 500000,
    weightedCents: 170000,
  },
  leaderboard: [{ staffId: 3, name: 'Avery Agent', revenue: 125000, sales: 1, calls: 12 }],
};

describe('the sales dashboard', () => {
  it('shows each tile against its target with a drill link, the pipeline figures, and lists a tile’s activities', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/v2/sales/dashboard', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('month') ?? '');
        return HttpResponse.json(dashboard);
      }),
      http.get('*/api/v2/sales/activities', ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(`list ${q.get('kind')} ${q.get('month')} ${q.get('staffId') ?? ''}`);
        return HttpResponse.json({
          activities: [{ id: 9, kind: 'call', companyId: 1, companyName: 'Acme Utilities', staffId: 3, staffName: 'Avery Agent', occurredOn: '2026-11-02', amountCents: null, quoteId: null, quoteNumber: null, channelName: null, notes: 'Renewal', createdAt: '2026-11-02T10:00:00Z' }],
        });
      }),
    );
    renderAt('/sales/dashboard?month=2026-11&list=call', <DashboardScreen />, { role: 'manager' });
    const calls = await screen.findByTestId('tile-call');
    expect(calls).toHaveTextContent('Calls15');
    expect(calls).toHaveTextContent('75 % of 20 target');
    expect(calls).toHaveAttribute('href', '/sales/dashboard?month=2026-11&list=call');
    expect(screen.getByTestId('tile-revenue')).toHaveTextContent('$1,250.00');
    expect(screen.getByTestId('tile-revenue')).toHaveTextContent('25 % of $5,000.00 target');
    expect(screen.getByTestId('tile-revenue')).toHaveAttribute('href', '/sales/dashboard?month=2026-11&list=sale');
    expect((screen.getByRole('meter', { name: 'Calls against target' }) as HTMLMeterElement).value).toBe(15);
    // A rep without targets says so per figure; the per-rep figure drills to that rep's list.
    expect(screen.getByRole('link', { name: '12' })).toHaveAttribute('href', '/sales/dashboard?month=2026-11&list=call&staff=3');
    expect(screen.getByTestId('total-call')).toHaveTextContent('15 / 20');
    // The pipeline: the open quotes only, and weighted by the probabilities.
    const pipeline = screen.getByText('Open pipeline').closest('section, [role="region"], div')!.parentElement!;
    expect(pipeline).toHaveTextContent(/Open pipeline\s*\$5,000\.00/);
    expect(pipeline).toHaveTextContent(/Weighted\s*\$1,700\.00/);
    // The leaderboard counts in words that agree with the number.
    expect(screen.getByRole('region', { name: 'Leaderboard' })).toHaveTextContent('Avery Agent · 1 sale · 12 calls');
    // The drilled list of the calls tile.
    const list = await screen.findByRole('table', { name: /Calls in November 2026/ });
    expect(await within(list).findByText('Renewal')).toBeInTheDocument();
    expect(asked).toContain('2026-11');
    expect(asked).toContain('list call 2026-11 ');
  });

  it('says a tile has no target when none is set, and offers to try again when it cannot load', async () => {
    let fail = true;
    server.use(
      http.get('*/api/v2/sales/dashboard', () => {
        if (fail) {
          return HttpResponse.json({ error: { code: 'internal', message: 'Something went wrong' } }, { status: 500 });
        }
        return HttpResponse.json({ ...dashboard, total: { ...dashboard.total, target: zero } });
      }),
    );
    const user = userEvent.setup();
    renderAt('/sales/dashboard?month=2026-11', <DashboardScreen />, { role: 'manager' });
    expect(await screen.findByText('The dashboard could not be loaded', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByTestId('tile-call')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('tile-call')).toHaveTextContent('No target set');
  });
});

const acme: SalesCustomer = { id: 1, name: 'Acme Utilities', accountNumber: 'ACME-001', status: 'active', territory: 'North', accountManager: 'Avery Agent', lastActivityOn: '2026-11-02', lifetimeCents: 500000, pipelineCents: 100000, channel: null };
const companyView: SalesCompanyView = {
  company: acme,
  activities: [],
  contacts: [],
  pipeline: { byStatus: [], openCents: 0 },
  acceptedQuotes: [{ id: 5, number: 'Q-1005', totalCents: 125000, decidedAt: '2026-11-01T00:00:00Z' }],
};

describe('the activity dialog', () => {
  it('opens on L, but not while typing in a field', async () => {
    server.use(http.get('*/api/v2/sales/customers', () => HttpResponse.json({ customers: [acme] })));
    const user = userEvent.setup();
    renderAt('/sales/dashboard', <SalesFrame><input aria-label="Search customers" /></SalesFrame>, { role: 'manager' });
    await user.click(screen.getByLabelText('Search customers'));
    await user.keyboard('l');
    expect(screen.getByLabelText('Search customers')).toHaveValue('l');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(document.body);
    await user.keyboard('l');
    expect(await screen.findByRole('dialog', { name: 'Log activity' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('fills a closed sale’s amount from an accepted quote, and keeps what was typed with the field errors when the save is refused', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/v2/sales/customers', () => HttpResponse.json({ customers: [acme] })),
      http.get('*/api/v2/sales/companies/1', () => HttpResponse.json(companyView)),
      http.post('*/api/v2/sales/activities', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ error: { code: 'invalid_input', message: 'Invalid body', fields: { occurredOn: 'Date must not be in the future' } } }, { status: 400 });
      }),
    );
    const user = userEvent.setup();
    renderAt('/sales/dashboard', <SalesFrame><LogActivityButton preset={{ kind: 'sale', companyId: 1, companyName: 'Acme Utilities' }} label="Log a sale" /></SalesFrame>, { role: 'manager' });
    await user.click(screen.getByRole('button', { name: /Log a sale/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Log activity' });
    const quote = within(dialog).getByRole('button', { name: /Accepted quote/ });
    await waitFor(() => expect(quote).not.toBeDisabled());
    await user.click(quote);
    await user.click(await screen.findByRole('option', { name: 'Q-1005 · $1,250.00' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Amount ($)' });
    expect(amount).toHaveValue('1250.00');
    expect(within(dialog).getByText('Filled from Q-1005')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Signed on site');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ kind: 'sale', companyId: 1, amountCents: 125000, quoteId: 5, notes: 'Signed on site' });
    expect(await within(dialog).findByText('Date must not be in the future')).toBeInTheDocument();
    expect(within(dialog).queryByText('Invalid body')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Log activity' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Amount ($)' })).toHaveValue('1250.00');
    expect(within(dialog).getByRole('textbox', { name: 'Notes' })).toHaveValue('Signed on site');
    expect(toastTitles()).toEqual([]);
  });
});

describe('the activity dialog in plain words', () => {
  it('says what an empty save needs beside each field, once, in plain words, sends nothing and moves focus to the company', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/v2/sales/customers', () => HttpResponse.json({ customers: [acme] })),
      http.post('*/api/v2/sales/activities', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ error: { code: 'invalid_input', message: 'Invalid body: companyId (Company must be positive)', fields: { companyId: 'Company must be positive' } } }, { status: 400 });
      }),
    );
    const user = userEvent.setup();
    renderAt('/sales/dashboard', <SalesFrame><LogActivityButton preset={{ kind: 'sale' }} /></SalesFrame>, { role: 'manager' });
    await user.click(screen.getByRole('button', { name: /Log activity/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Log activity' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount ($)' }), 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByText('Pick a company')).toBeInTheDocument());
    expect(within(dialog).getAllByText('Pick a company')).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: 'Amount ($)' })).toHaveAccessibleDescription(expect.stringContaining('Enter an amount, e.g. 250'));
    expect(within(dialog).getAllByText('Enter an amount, e.g. 250')).toHaveLength(1);
    expect(dialog.textContent).not.toMatch(/companyId|amountCents|Invalid body|must be a number|must be positive|must be an amount/);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole('button', { name: /Company/ })).toHaveFocus();
    expect(bodies).toEqual([]);
    expect(toastTitles()).toEqual([]);
  });
});

describe('logging for another rep', () => {
  const saved = (staffId: number, staffName: string) => ({
    id: 9, kind: 'call', companyId: 1, companyName: 'Acme Utilities', staffId, staffName, occurredOn: '2026-11-02', amountCents: null, quoteId: null, quoteNumber: null, channelName: null, notes: '', createdAt: '2026-11-02T10:00:00Z',
  });

  it('offers a rep to someone who may log for their reps, and sends the rep picked', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/v2/sales/reps', () => HttpResponse.json({ reps: [{ id: 2, name: 'Morgan Manager' }, { id: 3, name: 'Avery Agent' }, { id: 5, name: 'Quinn Tester' }] })),
      http.get('*/api/v2/sales/companies/1', () => HttpResponse.json(companyView)),
      http.post('*/api/v2/sales/activities', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(saved(3, 'Avery Agent'), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAt('/sales/dashboard', <SalesFrame><LogActivityButton preset={{ companyId: 1, companyName: 'Acme Utilities' }} /></SalesFrame>, { role: 'manager' });
    await user.click(screen.getByRole('button', { name: /Log activity/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Log activity' });
    const rep = await within(dialog).findByRole('button', { name: /\bRep$/ });
    expect(rep).toHaveTextContent('Morgan Manager (me)');
    await user.click(rep);
    await user.click(await screen.findByRole('option', { name: 'Avery Agent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ kind: 'call', companyId: 1, staffId: 3 });
    await waitFor(() => expect(toastTitles()).toEqual(['success: Call logged for Acme Utilities']));
  });

  it('offers no rep to someone who logs only for themselves, and sends none', async () => {
    const bodies: unknown[] = [];
    let asked = 0;
    server.use(
      http.get('*/api/v2/sales/reps', () => {
        asked += 1;
        return HttpResponse.json({ reps: [{ id: 3, name: 'Avery Agent' }] });
      }),
      http.get('*/api/v2/sales/companies/1', () => HttpResponse.json(companyView)),
      http.post('*/api/v2/sales/activities', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(saved(3, 'Avery Agent'), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAt('/sales/dashboard', <SalesFrame><LogActivityButton preset={{ companyId: 1, companyName: 'Acme Utilities' }} /></SalesFrame>, { role: 'user' });
    await user.click(screen.getByRole('button', { name: /Log activity/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Log activity' });
    await waitFor(() => expect(asked).toBe(1));
    expect(within(dialog).queryByRole('button', { name: /\bRep$/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('staffId');
  });

  it('shows the server’s refusals beside the rep and the amount, keeping the sale’s quote total unchangeable', async () => {
    server.use(
      http.get('*/api/v2/sales/reps', () => HttpResponse.json({ reps: [{ id: 2, name: 'Morgan Manager' }, { id: 6, name: 'Sam Seller' }] })),
      http.get('*/api/v2/sales/companies/1', () => HttpResponse.json(companyView)),
      http.post('*/api/v2/sales/activities', () =>
        HttpResponse.json(
          { error: { code: 'forbidden', message: 'Only the rep, their manager or an admin may log activities for this rep', fields: { staffId: 'Only the rep, their manager or an admin may log activities for this rep', amountCents: 'Q-1005 was accepted at $1,250.00: a sale against it is that amount' } } },
          { status: 403 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderAt('/sales/dashboard', <SalesFrame><LogActivityButton preset={{ kind: 'sale', companyId: 1, companyName: 'Acme Utilities' }} /></SalesFrame>, { role: 'manager' });
    await user.click(screen.getByRole('button', { name: /Log activity/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Log activity' });
    await user.click(await within(dialog).findByRole('button', { name: /\bRep$/ }));
    await user.click(await screen.findByRole('option', { name: 'Sam Seller' }));
    const quote = within(dialog).getByRole('button', { name: /Accepted quote/ });
    await waitFor(() => expect(quote).not.toBeDisabled());
    await user.click(quote);
    await user.click(await screen.findByRole('option', { name: 'Q-1005 · $1,250.00' }));
    const amount = within(dialog).getByRole('textbox', { name: 'Amount ($)' });
    expect(amount).toHaveAttribute('readonly');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const repButton = within(dialog).getByRole('button', { name: /\bRep$/ });
    await waitFor(() => expect(repButton).toHaveAccessibleDescription(expect.stringContaining('Only the rep, their manager or an admin may log activities for this rep')));
    expect(amount).toHaveAccessibleDescription(expect.stringContaining('Q-1005 was accepted at $1,250.00: a sale against it is that amount'));
    expect(within(dialog).getByRole('button', { name: /\bRep$/ })).toHaveTextContent('Sam Seller');
  });
});

/** A call logged for Acme Utilities from the screen's "Log activity" button: the company picked by typing, then Save. */
async function logCallForAcme(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /Log activity/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Log activity' });
  await user.type(within(dialog).getByRole('combobox', { name: 'Company' }), 'Acme');
  await user.click(await screen.findByRole('option', { name: /Acme Utilities/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('what a logged activity loads again', () => {
  // The dialog reads the company picked (its accepted quotes); a test that shows the company answers it its own way.
  beforeEach(() => server.use(http.get('*/api/v2/sales/companies/1', () => HttpResponse.json(companyView))));
  const call = { id: 9, kind: 'call', companyId: 1, companyName: 'Acme Utilities', staffId: 3, staffName: 'Avery Agent', occurredOn: '2026-11-02', amountCents: null, quoteId: null, quoteNumber: null, channelName: null, notes: 'Renewal call', createdAt: '2026-11-02T10:00:00Z' };
  /** The activity endpoint: each save counts, and answers the call. */
  const logging = (state: { logged: number }) =>
    http.post('*/api/v2/sales/activities', () => {
      state.logged += 1;
      return HttpResponse.json(call, { status: 201 });
    });

  it('the dashboard: the figures and the drilled list show the call once it is logged', async () => {
    const state = { logged: 0 };
    const asked: string[] = [];
    server.use(
      logging(state),
      http.get('*/api/v2/sales/customers', () => HttpResponse.json({ customers: [acme] })),
      http.get('*/api/v2/sales/dashboard', ({ request }) => {
        asked.push(`dashboard ${new URL(request.url).searchParams.get('month')}`);
        return HttpResponse.json({ ...dashboard, total: { ...dashboard.total, actual: { ...dashboard.total.actual, call: 15 + state.logged } } });
      }),
      http.get('*/api/v2/sales/activities', () => {
        asked.push('list');
        return HttpResponse.json({ activities: state.logged ? [call] : [] });
      }),
    );
    const user = userEvent.setup();
    const { navigate } = renderAt('/sales/dashboard?month=2026-11&list=call', <DashboardScreen />, { role: 'manager' });
    expect(await screen.findByTestId('total-call')).toHaveTextContent('15 / 20');
    const list = await screen.findByRole('table', { name: /Calls in November 2026/ });
    await waitFor(() => expect(asked).toEqual(['dashboard 2026-11', 'list']));
    expect(within(list).queryByText('Renewal call')).toBeNull();
    await logCallForAcme(user);
    await waitFor(() => expect(screen.getByTestId('total-call')).toHaveTextContent('16 / 20'));
    expect(await within(screen.getByRole('table', { name: /Calls in November 2026/ })).findByText('Renewal call')).toBeInTheDocument();
    expect(asked).toEqual(['dashboard 2026-11', 'list', 'dashboard 2026-11', 'list']);
    // Another month from the address loads that month; closing the list loads nothing more.
    navigate('/sales/dashboard?month=2026-10');
    await waitFor(() => expect(asked.at(-1)).toBe('dashboard 2026-10'));
    await waitFor(() => expect(screen.queryByRole('table', { name: /Calls in/ })).toBeNull());
    expect(asked).toHaveLength(5);
  });

  it('the customers: the list loads again once a call is logged', async () => {
    const state = { logged: 0 };
    server.use(
      logging(state),
      http.get('*/api/v2/sales/customers', () => {
        return HttpResponse.json({ customers: [{ ...acme, lastActivityOn: state.logged ? new Date().toISOString().slice(0, 10) : '2026-11-02' }] });
      }),
    );
    const user = userEvent.setup();
    renderAt('/sales/customers', <CustomersScreen />, { role: 'manager' });
    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(within(table).queryByText('today')).toBeNull();
    await logCallForAcme(user);
    expect(await within(screen.getByRole('table', { name: 'Customers' })).findByText('today')).toBeInTheDocument();
  });

  it('a company’s sales page and the company page’s Sales section: the timeline shows the call once it is logged', async () => {
    const state = { logged: 0 };
    // How many calls were logged when the company was read (the dialog reads it too, for its accepted quotes).
    const reads: number[] = [];
    server.use(
      logging(state),
      http.get('*/api/v2/sales/companies/1', () => {
        reads.push(state.logged);
        return HttpResponse.json({ ...companyView, activities: state.logged ? [call] : [] });
      }),
    );
    const user = userEvent.setup();
    const page = renderAt('/sales/company/1', <CompanyScreen params={{ id: '1' }} />, { role: 'manager' });
    await screen.findByRole('heading', { name: 'Acme Utilities', level: 1 });
    expect(screen.getByText('No sales activity yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log activity' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('list', { name: 'Activity timeline' })).toHaveTextContent('Renewal call');
    expect(reads.filter((n) => n === 1)).toHaveLength(1);
    page.unmount();

    renderAt('/company/1', <CompanySalesSection companyId={1} companyName="Acme Utilities" />, { role: 'manager' });
    expect(await screen.findByRole('list', { name: 'Activity timeline' })).toHaveTextContent('Renewal call');
    await user.click(screen.getByRole('button', { name: 'Log call' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Log activity' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(reads.filter((n) => n === 2)).toHaveLength(1));
    expect(state.logged).toBe(2);
  });

  it('the territories: the totals load again once a call is logged', async () => {
    const state = { logged: 0 };
    let loads = 0;
    server.use(
      logging(state),
      http.get('*/api/v2/sales/customers', () => HttpResponse.json({ customers: [acme] })),
      http.get('*/api/v2/sales/territories', () => {
        loads += 1;
        return HttpResponse.json(territories(1));
      }),
    );
    const user = userEvent.setup();
    renderAt('/sales/territories', <TerritoriesScreen />, { role: 'manager' });
    await screen.findByTestId('territory-totals');
    await logCallForAcme(user);
    await waitFor(() => expect(loads).toBe(2));
  });
});

const territories = (northCompanies: number): TerritoryOverview => {
  const customers: SalesCustomer[] = [
    { ...acme, territory: northCompanies === 1 ? 'North' : 'South' },
    { ...acme, id: 2, name: 'Birch Logistics', accountNumber: 'BIR-002', territory: 'South', lifetimeCents: 200000, pipelineCents: 0 },
  ];
  return {
    territories: [
      { id: 11, name: 'North', ownerId: 3, ownerName: 'Avery Agent', companies: northCompanies, lifetimeCents: northCompanies ? 500000 : 0, pipelineCents: northCompanies ? 100000 : 0 },
      { id: 12, name: 'South', ownerId: null, ownerName: null, companies: 2 - northCompanies, lifetimeCents: northCompanies ? 200000 : 700000, pipelineCents: northCompanies ? 0 : 100000 },
    ],
    unassigned: { companies: 0, lifetimeCents: 0, pipelineCents: 0 },
    totals: { companies: 2, lifetimeCents: 700000, pipelineCents: 100000 },
    customers,
    staff: [{ id: 3, name: 'Avery Agent' }],
  };
};

describe('territories', () => {
  it('moves the selected companies to the territory picked, says so and shows the new totals', async () => {
    let moved = false;
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/v2/sales/territories', () => HttpResponse.json(territories(moved ? 0 : 1))),
      http.post('*/api/v2/sales/territories/reassign', async ({ request }) => {
        bodies.push(await request.json());
        moved = true;
        return HttpResponse.json({ moved: 1 });
      }),
    );
    const user = userEvent.setup();
    renderAt('/sales/territories', <TerritoriesScreen />, { role: 'manager' });
    const totals = await screen.findByTestId('territory-totals');
    const north = () => within(screen.getByTestId('territory-totals')).getByRole('rowheader', { name: 'North' }).closest('tr')!;
    expect(north()).toHaveTextContent('Avery Agent1$5,000.00$1,000.00');
    expect(within(totals).getByRole('rowheader', { name: 'All companies' }).closest('tr')).toHaveTextContent('2$7,000.00$1,000.00');
    const move = screen.getByRole('button', { name: /^Move/ });
    expect(move).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await user.click(screen.getByRole('button', { name: /Move to/ }));
    await user.click(await screen.findByRole('option', { name: 'South' }));
    expect(screen.getByRole('button', { name: 'Move 1 company' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Move 1 company' }));
    await waitFor(() => expect(toastTitles()).toEqual(['success: 1 company moved']));
    expect(bodies).toEqual([{ companyIds: [1], territoryId: 12 }]);
    await waitFor(() => expect(north()).toHaveTextContent('Avery Agent0$0.00$0.00'));
    expect(within(screen.getByTestId('territory-totals')).getByRole('rowheader', { name: 'South' }).closest('tr')).toHaveTextContent('2$7,000.00$1,000.00');
    // The selection is cleared after the move, and another move starts from nothing selected.
    expect(screen.getByRole('checkbox', { name: 'Select row 1' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: /^Move/ })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    await user.click(screen.getByRole('button', { name: 'Move 1 company' }));
    await waitFor(() => expect(bodies).toEqual([{ companyIds: [1], territoryId: 12 }, { companyIds: [2], territoryId: 12 }]));
  });

  it('adds a territory in a dialog that closes once saved, and shows it in the totals', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/v2/sales/territories', () => {
        const overview = territories(1);
        return HttpResponse.json(bodies.length ? { ...overview, territories: [...overview.territories, { id: 13, name: 'West', ownerId: 3, ownerName: 'Avery Agent', companies: 0, lifetimeCents: 0, pipelineCents: 0 }] } : overview);
      }),
      http.post('*/api/v2/sales/territories', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ id: 13, name: 'West', ownerId: 3 }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderAt('/sales/territories', <TerritoriesScreen />, { role: 'manager' });
    await screen.findByTestId('territory-totals');
    // Cancel saves nothing.
    await user.click(screen.getByRole('button', { name: 'New territory' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'New territory' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'New territory' }));
    const dialog = await screen.findByRole('dialog', { name: 'New territory' });
    // A new dialog starts empty.
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('');
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'West');
    await user.click(within(dialog).getByRole('button', { name: /Owner/ }));
    await user.click(await screen.findByRole('option', { name: 'Avery Agent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([{ name: 'West', ownerId: 3 }]);
    expect(toastTitles()).toEqual(['success: Territory West added']);
    expect(await within(screen.getByTestId('territory-totals')).findByRole('rowheader', { name: 'West' })).toBeInTheDocument();
  });
});

const settings: SalesSettings = {
  reps: [{ id: 3, name: 'Avery Agent' }],
  targets: [
    { staffId: 3, kind: 'call', monthly: 20 },
    { staffId: 3, kind: 'revenue', monthly: 500000 },
  ],
  channels: [{ id: 1, name: 'Referral', offered: true, position: 1 }],
  spend: [],
  probabilities: { draft: 10, sent: 50, accepted: 100, declined: 0, expired: 0 } as SalesSettings['probabilities'],
};

describe('sales settings', () => {
  it('lets a manager change a target and says it was saved', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/v2/sales/settings', () => HttpResponse.json(settings)),
      http.put('*/api/v2/sales/settings/targets', async ({ request }) => {
        const body = (await request.json()) as { targets: SalesSettings['targets'] };
        bodies.push(body);
        return HttpResponse.json({ ...settings, targets: body.targets });
      }),
    );
    const user = userEvent.setup();
    renderAt('/sales/settings', <SettingsScreen />, { role: 'manager' });
    const calls = await screen.findByRole('textbox', { name: 'Calls target for Avery Agent' });
    expect(calls).toHaveValue('20');
    expect(screen.getByRole('textbox', { name: 'Revenue ($) target for Avery Agent' })).toHaveValue('5000.00');
    await user.clear(calls);
    await user.type(calls, '30');
    await user.click(screen.getByRole('button', { name: 'Save targets' }));
    await waitFor(() => expect(toastTitles()).toEqual(['success: Targets saved']));
    const sent = (bodies[0] as { targets: SalesSettings['targets'] }).targets;
    expect(sent).toContainEqual({ staffId: 3, kind: 'call', monthly: 30 });
    expect(sent).toContainEqual({ staffId: 3, kind: 'revenue', monthly: 500000 });
    expect(sent).toContainEqual({ staffId: 3, kind: 'letter', monthly: 0 });
  });

  it('refuses a target that is not a whole number before sending anything', async () => {
    let puts = 0;
    server.use(
      http.get('*/api/v2/sales/settings', () => HttpResponse.json(settings)),
      http.put('*/api/v2/sales/settings/targets', () => {
        puts += 1;
        return HttpResponse.json(settings);
      }),
    );
    const user = userEvent.setup();
    renderAt('/sales/settings', <SettingsScreen />, { role: 'manager' });
    const calls = await screen.findByRole('textbox', { name: 'Calls target for Avery Agent' });
    await user.clear(calls);
    await user.type(calls, 'lots');
    await user.click(screen.getByRole('button', { name: 'Save targets' }));
    expect(await screen.findByText('Targets must be whole numbers (revenue an amount like 2500.00)')).toBeInTheDocument();
    expect(calls).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveValue('lots');
    expect(puts).toBe(0);
  });

  it('says beside a channel and a probability what to fix, in plain words, once, and sends nothing', async () => {
    let puts = 0;
    server.use(
      http.get('*/api/v2/sales/settings', () => HttpResponse.json(settings)),
      http.put('*/api/v2/sales/settings/*', () => {
        puts += 1;
        return HttpResponse.json({ error: { code: 'invalid_input', message: 'Invalid body: draft (draft must be a percentage)', fields: { draft: 'draft must be a percentage' } } }, { status: 400 });
      }),
    );
    const user = userEvent.setup();
    renderAt('/sales/settings', <SettingsScreen />, { role: 'manager' });
    const draft = await screen.findByRole('textbox', { name: 'Draft (%)' });
    await user.clear(draft);
    await user.type(draft, 'lots');
    await user.click(screen.getByRole('button', { name: 'Save probabilities' }));
    await waitFor(() => expect(draft).toHaveAccessibleDescription('Enter a percentage from 0 to 100, e.g. 40'));
    expect(screen.getAllByText('Enter a percentage from 0 to 100, e.g. 40')).toHaveLength(1);
    expect(draft).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Add channel' }));
    await user.click(screen.getByRole('button', { name: 'Save channels' }));
    const channel2 = screen.getByRole('textbox', { name: /^Channel 2/ });
    await waitFor(() => expect(channel2).toHaveAccessibleDescription('Name the channel'));
    expect(channel2).toHaveFocus();
    expect(document.body.textContent).not.toMatch(/must be a percentage|is required|Invalid body|channels\.1|draft must/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(puts).toBe(0);
  });

  it('starts every section again from what a save answered: a refusal shown in another section goes, and the next save is sent', async () => {
    const puts: string[] = [];
    let held = settings;
    server.use(
      http.get('*/api/v2/sales/settings', () => HttpResponse.json(held)),
      http.put('*/api/v2/sales/settings/targets', async ({ request }) => {
        puts.push('targets');
        held = { ...held, targets: ((await request.json()) as { targets: SalesSettings['targets'] }).targets };
        return HttpResponse.json(held);
      }),
      http.put('*/api/v2/sales/settings/probabilities', async ({ request }) => {
        puts.push('probabilities');
        held = { ...held, probabilities: (await request.json()) as SalesSettings['probabilities'] };
        return HttpResponse.json(held);
      }),
    );
    const user = userEvent.setup();
    renderAt('/sales/settings', <SettingsScreen />, { role: 'manager' });
    const draft = await screen.findByRole('textbox', { name: 'Draft (%)' });
    await user.clear(draft);
    await user.type(draft, 'lots');
    await user.click(screen.getByRole('button', { name: 'Save probabilities' }));
    await waitFor(() => expect(draft).toHaveAccessibleDescription('Enter a percentage from 0 to 100, e.g. 40'));
    const calls = screen.getByRole('textbox', { name: 'Calls target for Avery Agent' });
    await user.clear(calls);
    await user.type(calls, '30');
    await user.click(screen.getByRole('button', { name: 'Save targets' }));
    await waitFor(() => expect(toastTitles()).toEqual(['success: Targets saved']));
    // The sections show the settings as saved: the new target, the probability as the server holds it, no message.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Calls target for Avery Agent' })).toHaveValue('30'));
    const draftAgain = screen.getByRole('textbox', { name: 'Draft (%)' });
    expect(draftAgain).toHaveValue('10');
    expect(screen.queryByText('Enter a percentage from 0 to 100, e.g. 40')).toBeNull();
    expect(draftAgain).not.toHaveFocus();
    await user.clear(draftAgain);
    await user.type(draftAgain, '20');
    await user.click(screen.getByRole('button', { name: 'Save probabilities' }));
    await waitFor(() => expect(toastTitles()).toEqual(['success: Targets saved', 'success: Probabilities saved']));
    expect(puts).toEqual(['targets', 'probabilities']);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Draft (%)' })).toHaveValue('20'));
    expect(screen.getByRole('textbox', { name: 'Calls target for Avery Agent' })).toHaveValue('30');
  });

  it('shows an agent the settings read-only, without save buttons', async () => {
    server.use(http.get('*/api/v2/sales/settings', () => HttpResponse.json(settings)));
    renderAt('/sales/settings', <SettingsScreen />, { role: 'user' });
    const calls = await screen.findByRole('textbox', { name: 'Calls target for Avery Agent' });
    expect(calls).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: /^Save / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add channel' })).toBeNull();
  });
});

const cac: CacReport = {
  from: '2026-10',
  to: '2026-11',
  asOf: '2026-11-23',
  rows: [
    { channelId: 1, channel: 'Referral', month: '2026-10', spendCents: 100000, newCustomers: [], cacCents: null, avgMonthlyRevenueCents: null, paybackMonths: null },
    {
      channelId: 2,
      channel: 'Trade show',
      month: '2026-11',
      spendCents: 300000,
      newCustomers: [
        { companyId: 1, companyName: 'Acme Utilities', firstMonth: '2026-11', revenueCents: 100000, monthsAsCustomer: 1 },
        { companyId: 2, companyName: 'Birch Logistics', firstMonth: '2026-11', revenueCents: 50000, monthsAsCustomer: 1 },
      ],
      cacCents: 150000,
      avgMonthlyRevenueCents: 75000,
      paybackMonths: 2,
    },
  ],
  byChannel: [
    { channelId: 1, channel: 'Referral', spendCents: 100000, customers: 0, cacCents: null },
    { channelId: 2, channel: 'Trade show', spendCents: 300000, customers: 2, cacCents: 150000 },
  ],
};

describe('the CAC check', () => {
  it('shows spend ÷ new customers with its inputs, and “no new customers” where there are none', async () => {
    server.use(http.get('*/api/v2/sales/cac', () => HttpResponse.json(cac)));
    renderAt('/sales/debug/cac', <CacScreen />, { role: 'manager' });
    const table = await screen.findByTestId('cac-table');
    const referral = table.querySelector('tr[data-channel="Referral"]') as HTMLElement;
    const show = table.querySelector('tr[data-channel="Trade show"]') as HTMLElement;
    expect(within(referral).getByTestId('cac-value')).toHaveTextContent('$1,000.00 ÷ 0 = no new customers');
    expect(within(show).getByTestId('cac-value')).toHaveTextContent('$3,000.00 ÷ 2 = $1,500.00');
    expect(show).toHaveTextContent('2: Acme Utilities');
    expect(show).toHaveTextContent('2 months');
    expect(within(show).getByRole('link', { name: 'Birch Logistics' })).toHaveAttribute('href', '/sales/company/2');
    const byChannel = screen.getByTestId('cac-by-channel');
    expect(within(byChannel).getByRole('rowheader', { name: 'Referral' }).closest('tr')).toHaveTextContent('no new customers');
  });

  it('runs the check again for the months picked, and again for them once an activity is logged', async () => {
    const asked: string[] = [];
    const sale = { id: 9, kind: 'sale', companyId: 1, companyName: 'Acme Utilities', staffId: 3, staffName: 'Avery Agent', occurredOn: '2026-11-02', amountCents: 50000, quoteId: null, quoteNumber: null, channelName: null, notes: '', createdAt: '2026-11-02T10:00:00Z' };
    server.use(
      http.get('*/api/v2/sales/cac', ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.searchParams.get('from')}..${url.searchParams.get('to')}`);
        return HttpResponse.json(cac);
      }),
      http.get('*/api/v2/sales/customers', () => HttpResponse.json({ customers: [acme] })),
      http.get('*/api/v2/sales/companies/1', () => HttpResponse.json(companyView)),
      http.post('*/api/v2/sales/activities', () => HttpResponse.json(sale, { status: 201 })),
    );
    const user = userEvent.setup();
    renderAt('/sales/debug/cac', <CacScreen />, { role: 'manager' });
    await screen.findByTestId('cac-table');
    expect(asked).toHaveLength(1);
    const [from, to] = asked[0]!.split('..');
    await user.click(screen.getByRole('button', { name: / To$/ }));
    const options = await screen.findAllByRole('option');
    await user.click(options.at(-2)!);
    await waitFor(() => expect(asked).toHaveLength(2));
    const picked = asked[1]!;
    expect(picked.startsWith(`${from}..`)).toBe(true);
    expect(picked).not.toBe(`${from}..${to}`);
    // A closed sale can make a new customer: once an activity is logged the check runs again, for the months shown.
    await user.keyboard('l');
    const dialog = await screen.findByRole('dialog', { name: 'Log activity' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Company' }), 'Acme');
    await user.click(await screen.findByRole('option', { name: /Acme Utilities/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(asked).toEqual([`${from}..${to}`, picked, picked]));
  });
});

const mallory = {
  id: 41, createdAt: '2026-11-20T09:00:00Z', company: 'acme utilities', companyId: null, name: 'Mallory', email: 'mallory@attacker.test', channel: 'Search engine', detail: 'Add me', status: 'pending' as const,
  match: { id: 1, name: 'Acme Utilities', status: 'active' as const },
};
const huhy = (pending: HuhyOverview['pending']): HuhyOverview => ({
  pending,
  answers: [...pending.map(({ match: _m, ...a }) => a), { ...mallory, id: 7, company: 'Birch Logistics', companyId: 2, name: 'Bo Birch', email: 'bo@birch.example', status: 'confirmed' }],
  channels: ['Search engine'],
  byMonth: [{ month: '2026-11', counts: { 'Search engine': 2 } }],
  totals: { 'Search engine': 2 },
});

describe('public answers waiting for review', () => {
  it('lists an answer waiting for review with the company it names, and adds it to that company once confirmed', async () => {
    let reviewed = false;
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/v2/sales/huhy', () => HttpResponse.json(huhy(reviewed ? [] : [mallory]))),
      http.post('*/api/v2/sales/huhy/41/confirm', async ({ request }) => {
        bodies.push(await request.json());
        reviewed = true;
        return HttpResponse.json({ companyId: 1 });
      }),
    );
    const user = userEvent.setup();
    renderAt('/sales/huhy', <HuhyScreen />, { role: 'user' });
    const waiting = await screen.findByRole('region', { name: 'Waiting for review' });
    const row = within(waiting).getByText('acme utilities').closest('tr')!;
    expect(row).toHaveTextContent('Mallory');
    expect(within(row).getByRole('link', { name: 'Acme Utilities' })).toHaveAttribute('href', '/sales/company/1');
    expect(within(screen.getByRole('region', { name: 'Answers' })).getByText('acme utilities').closest('tr')).toHaveTextContent('Waiting for review');
    await user.click(within(row).getByRole('button', { name: 'Review the answer from Mallory' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the answer from Mallory' });
    expect(within(dialog).getByRole('radio', { name: /Add to Acme Utilities/ })).toBeChecked();
    expect(within(dialog).getByText('An existing customer: only if this person really works there')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastTitles()).toEqual(['success: Answer from Mallory added to Acme Utilities']));
    expect(bodies).toEqual([{ companyId: 1 }]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waiting for review' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes the review on Cancel, sending nothing, and opens it afresh', async () => {
    let loads = 0;
    server.use(
      http.get('*/api/v2/sales/huhy', () => {
        loads += 1;
        return HttpResponse.json(huhy([mallory]));
      }),
    );
    const user = userEvent.setup();
    renderAt('/sales/huhy', <HuhyScreen />, { role: 'user' });
    const waiting = await screen.findByRole('region', { name: 'Waiting for review' });
    await user.click(within(waiting).getByRole('button', { name: 'Review the answer from Mallory' }));
    let dialog = await screen.findByRole('dialog', { name: 'Review the answer from Mallory' });
    await user.click(within(dialog).getByRole('radio', { name: /A new prospect/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(waiting).getByRole('button', { name: 'Review the answer from Mallory' }));
    dialog = await screen.findByRole('dialog', { name: 'Review the answer from Mallory' });
    expect(within(dialog).getByRole('radio', { name: /Add to Acme Utilities/ })).toBeChecked();
    expect(loads).toBe(1);
    expect(toastTitles()).toEqual([]);
  });

  it('sends a new prospect as no company, and keeps the dialog open with the server’s reason when the review is refused', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/v2/sales/huhy', () => HttpResponse.json(huhy([mallory]))),
      http.post('*/api/v2/sales/huhy/41/confirm', async ({ request }) => {
        bodies.push(await request.json());
        const message = 'A company named Acme Utilities exists: add the answer to it';
        return HttpResponse.json({ error: { code: 'conflict', message, fields: { companyId: message } } }, { status: 409 });
      }),
    );
    const user = userEvent.setup();
    renderAt('/sales/huhy', <HuhyScreen />, { role: 'user' });
    const waiting = await screen.findByRole('region', { name: 'Waiting for review' });
    await user.click(within(waiting).getByRole('button', { name: 'Review the answer from Mallory' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the answer from Mallory' });
    await user.click(within(dialog).getByRole('radio', { name: /A new prospect named “acme utilities”/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodies).toEqual([{ companyId: null }]));
    const group = within(dialog).getByRole('radiogroup', { name: 'Where does this answer belong?' });
    await waitFor(() => expect(group).toHaveAccessibleDescription(expect.stringContaining('A company named Acme Utilities exists: add the answer to it')));
    expect(screen.getByRole('dialog', { name: 'Review the answer from Mallory' })).toBeInTheDocument();
    expect(toastTitles()).toEqual([]);
  });
});
