/** What admins keep for the forms, in the screens: the company values (a tab of /forms/kudo) and the rates (a tab of /forms/travel/expense), through their endpoints (msw). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ExpenseRate } from '@contracts/expenses';
import type { AdminExpenseRate, KudoValue } from '@contracts/forms-admin';
import ExpenseScreen from '@/features/forms/screens/ExpenseScreen';
import KudoScreen from '@/features/forms/screens/KudoScreen';
import { renderAt } from '@tests/support/render';
import { showNoticesAsToasts } from '@tests/support/toasts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
showNoticesAsToasts();
afterAll(() => server.close());

const VALUES: KudoValue[] = [
  { id: 1, name: 'Customer first', position: 1, active: true, kudos: 4 },
  { id: 2, name: 'Own it', position: 2, active: true, kudos: 2 },
  { id: 3, name: 'Move fast', position: 3, active: false, kudos: 1 },
];
const RATES: AdminExpenseRate[] = [
  { id: 11, kind: 'fx', code: 'EUR', validFrom: '2026-01-01', rateMicros: 1_084_500, usedBy: 3 },
  { id: 12, kind: 'fx', code: 'EUR', validFrom: '2026-07-01', rateMicros: 1_101_000, usedBy: 0 },
  { id: 13, kind: 'mileage', code: 'mile', validFrom: '2026-01-01', rateMicros: 700_000, usedBy: 1 },
];

describe('company values, for admins', () => {
  const kudoScreen = () => {
    const seen: { method: string; url: string; body: unknown }[] = [];
    server.use(
      http.get('*/api/v2/approvals/mine', () => HttpResponse.json([])),
      http.get('*/api/v2/forms/kudos/recent', () => HttpResponse.json([])),
      http.get('*/api/v2/forms/kudos/values', () => HttpResponse.json(VALUES.filter((v) => v.active).map((v) => v.name))),
      http.get('*/api/v2/forms/kudos/values/all', () => HttpResponse.json({ items: VALUES })),
      http.put('*/api/v2/forms/kudos/values/order', async ({ request }) => {
        const body = await request.json();
        seen.push({ method: 'PUT', url: new URL(request.url).pathname, body });
        return HttpResponse.json({ items: VALUES });
      }),
      http.patch('*/api/v2/forms/kudos/values/:id', async ({ request }) => {
        seen.push({ method: 'PATCH', url: new URL(request.url).pathname, body: await request.json() });
        return HttpResponse.json({ error: { code: 'invalid_input', message: 'Invalid body: active (Keep at least one active value: Own it is the last one)', fields: { active: 'Keep at least one active value: Own it is the last one' } } }, { status: 400 });
      }),
      http.post('*/api/v2/forms/kudos/values', async ({ request }) => {
        seen.push({ method: 'POST', url: new URL(request.url).pathname, body: await request.json() });
        return HttpResponse.json({ id: 4, name: 'Speak up', position: 4, active: true, kudos: 0 }, { status: 201 });
      }),
    );
    return seen;
  };

  it('is a tab of the kudo form for admins only', async () => {
    kudoScreen();
    renderAt('/forms/kudo', <KudoScreen />, { role: 'manager' });
    expect(await screen.findByRole('tab', { name: 'Sent by me' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Company values' })).toBeNull();
  });

  it('lists the values in order with their status, adds one, moves one and says why the last active value stays', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    const seen = kudoScreen();
    renderAt('/forms/kudo', <KudoScreen />, { role: 'admin', toasts: true });
    await user.click(await screen.findByRole('tab', { name: 'Company values' }));
    const table = await screen.findByRole('table', { name: 'Company values' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['Customer first', 'Own it', 'Move fast']);
    expect(within(rows[2]!).getByText('Retired')).toBeTruthy();
    expect(within(rows[2]!).getByRole('button', { name: 'Restore Move fast' })).toBeTruthy();

    // The contract's words before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Add value' }));
    expect(await screen.findByText('Name the value')).toBeTruthy();
    expect(seen).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /^New value/ }), 'Speak up');
    await user.click(screen.getByRole('button', { name: 'Add value' }));
    expect(await screen.findByText('Speak up added: the kudo form offers it last')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Move Own it up' }));
    await waitFor(() => expect(seen.filter((s) => s.method === 'PUT')).toHaveLength(1));
    expect(seen.find((s) => s.method === 'PUT')!.body).toEqual({ ids: [2, 1, 3] });

    await user.click(screen.getByRole('button', { name: 'Retire Own it' }));
    expect(await screen.findByText('The value was not retired')).toBeTruthy();
    expect((await screen.findAllByText(/Keep at least one active value: Own it is the last one/)).length).toBeGreaterThan(0);
    expect(seen.find((s) => s.method === 'PATCH')).toEqual({ method: 'PATCH', url: '/api/v2/forms/kudos/values/2', body: { active: false } });
  });
});

describe('expense rates, for admins', () => {
  const expenseScreen = () => {
    const posts: unknown[] = [];
    server.use(
      http.get('*/api/v2/approvals/mine', () => HttpResponse.json([])),
      http.get('*/api/v2/approvals/inbox', () => HttpResponse.json([])),
      http.get('*/api/v2/forms/expenses/rates', () => HttpResponse.json(RATES.map(({ id: _i, usedBy: _u, ...r }) => r satisfies ExpenseRate))),
      http.get('*/api/v2/forms/expenses/rates/all', () => HttpResponse.json({ items: RATES })),
      http.post('*/api/v2/forms/expenses/rates', async ({ request }) => {
        posts.push(await request.json());
        const message = 'The EUR rate from 2026-07-01 exists already; correct it or pick another day';
        return HttpResponse.json({ error: { code: 'conflict', message, fields: { validFrom: message } } }, { status: 409 });
      }),
    );
    return posts;
  };

  it('is a tab of the travel expense form for admins only', async () => {
    expenseScreen();
    renderAt('/forms/travel/expense', <ExpenseScreen />, { role: 'manager' });
    expect(await screen.findByRole('tab', { name: 'My submissions' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Rates' })).toBeNull();
  });

  it('lists the dated rates, offers to correct only an unused one, and names the field a refused rate is wrong in', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    const posts = expenseScreen();
    renderAt('/forms/travel/expense', <ExpenseScreen />, { role: 'admin', toasts: true });
    await user.click(await screen.findByRole('tab', { name: 'Rates' }));
    const table = await screen.findByRole('table', { name: 'Exchange and mileage rates' });
    expect(within(table).getByRole('button', { name: 'Correct the EUR rate from 2026-07-01' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Correct the EUR rate from 2026-01-01' })).toBeNull();
    expect(within(table).getAllByText('Used: add a newer rate')).toHaveLength(2);

    const form = screen.getByRole('form', { name: 'Add a rate' });
    await user.click(within(form).getByRole('button', { name: 'Add rate' }));
    expect(await within(form).findByText('Pick the day the rate is in force from')).toBeTruthy();
    expect(posts).toEqual([]);

    const [month] = within(within(form).getByRole('group', { name: /^In force from/ })).getAllByRole('spinbutton');
    await user.click(month!);
    await user.keyboard('07012026');
    await user.type(within(form).getByRole('textbox', { name: /^Rate/ }), '1.1025');
    await user.click(within(form).getByRole('button', { name: 'Add rate' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ kind: 'fx', code: 'EUR', validFrom: '2026-07-01', rateMicros: 1_102_500 });
    expect(await within(form).findByText('The EUR rate from 2026-07-01 exists already; correct it or pick another day')).toBeTruthy();
  });
});
