/** The weekly schedule's dialogs and the certification and PTO dashboard, over msw: load, a refused save naming the field, a save with its notice. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RequestView } from '@contracts/approvals';
import { QUEUES } from '@contracts/common/codes';
import type { LeaveConflicts, MyPto, QueueRule, Schedule, Team } from '@contracts/people-schedule';
import ScheduleScreen from '@/features/people/screens/ScheduleScreen';
import PtoDashboardScreen from '@/features/people/screens/PtoDashboardScreen';
import RequestScreen from '@/features/approvals/screens/RequestScreen';
import { renderAt } from '@tests/support/render';
import { showNoticesAsToasts, toastQueue } from '@tests/support/toasts';

const TEAM: Team = { id: 1, name: 'Support', ownerName: 'Morgan Manager', timeZone: 'UTC', region: 'US', canEdit: true, member: true };
const AHEAD = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
const week = (overrides: Schedule['overrides'] = []): Schedule => ({
  team: TEAM,
  days: [AHEAD],
  people: [
    { id: 3, name: 'Avery Agent' },
    { id: 4, name: 'Casey Tech' },
  ],
  shifts: [
    { id: 7, staffId: 3, startsAt: `${AHEAD}T09:00:00.000Z`, endsAt: `${AHEAD}T17:00:00.000Z`, version: 1 },
    { id: 8, staffId: 4, startsAt: `${AHEAD}T17:00:00.000Z`, endsAt: `${AHEAD}T23:00:00.000Z`, version: 1 },
  ],
  onCall: [],
  leave: [],
  holidays: [],
  rotation: { rule: 'FREQ=WEEKLY;BYDAY=MO', timeZone: 'UTC', handover: '09:00', startsOn: '2026-01-05', members: [3] },
  overrides,
  gaps: [],
  me: 3,
});
const MY_PTO: MyPto = {
  asOf: '2026-11-26',
  plan: { name: 'Standard', hoursPerMonth: 10, capHours: 160, carryOverHours: 40, carryOverExpires: 3, floorHours: 0, hoursPerDay: 8 },
  balance: { accrued: 120, approved: 16, pending: 8, available: 96 },
  ledger: [],
  requests: [],
  certifications: [],
};

const server = setupServer(
  http.get('*/api/v2/schedule/teams', () => HttpResponse.json([TEAM])),
  http.get('*/api/v2/schedule', () => HttpResponse.json(week())),
  http.get('*/api/v2/pto', () => HttpResponse.json(MY_PTO)),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
showNoticesAsToasts();

describe('weekly schedule dialogs', () => {
  it('refuses a rotation with nobody on it beside the people, sending nothing', async () => {
    let sent = 0;
    server.use(http.put('*/api/v2/schedule/teams/1/rotation', () => (sent++, HttpResponse.json({}))));
    const user = userEvent.setup({ delay: null });
    renderAt('/weekly-schedule', <ScheduleScreen />);
    await user.click(await screen.findByRole('button', { name: 'On-call rotation' }));
    const dialog = await screen.findByRole('dialog', { name: 'On-call rotation' });
    expect(within(dialog).getByText('1. Avery Agent')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Take Avery Agent off the rotation' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save rotation' }));
    expect(await within(dialog).findByText('Put at least one person on the rotation')).toBeInTheDocument();
    expect(sent).toBe(0);
  });

  it('adds an override at the local times typed, says so, and shows it once the week is read again', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/v2/schedule/teams/1/overrides', async ({ request }) => {
        body = await request.json();
        server.use(http.get('*/api/v2/schedule', () => HttpResponse.json(week([{ id: 9, staffId: 4, startsAt: `${AHEAD}T08:00:00Z`, endsAt: `${AHEAD}T20:00:00Z` }]))));
        return HttpResponse.json({ id: 9 }, { status: 201 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderAt('/weekly-schedule', <ScheduleScreen />);
    await user.click(await screen.findByRole('button', { name: 'Overrides' }));
    let dialog = await screen.findByRole('dialog', { name: 'On-call overrides' });
    expect(within(dialog).getByText('None: the rotation holds the watch.')).toBeInTheDocument();
    // An end before the start is refused beside the field, nothing sent.
    await user.clear(within(dialog).getByRole('textbox', { name: /^To day/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^To day/ }), '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add override' }));
    expect(await within(dialog).findByText('The end must be after the start')).toBeInTheDocument();
    expect(body).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: /Who takes the watch$/ }));
    await user.click(await screen.findByRole('option', { name: 'Casey Tech' }));
    for (const [label, value] of [['From day', AHEAD], ['From time', '08:00'], ['To day', AHEAD], ['To time', '20:00']] as const) {
      const box = within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) });
      await user.clear(box);
      await user.type(box, value);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Add override' }));
    await waitFor(() => expect(toastQueue.visible().map((t) => t.title)).toContain('Override added'));
    expect(body).toEqual({ staffId: 4, startsAt: `${AHEAD}T08:00:00.000Z`, endsAt: `${AHEAD}T20:00:00.000Z` });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'On-call overrides' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Overrides' }));
    dialog = await screen.findByRole('dialog', { name: 'On-call overrides' });
    expect(within(dialog).getByRole('button', { name: /^Remove the override of Casey Tech/ })).toBeInTheDocument();
  });

  it("names each problem of an override's days and times beside its own field, and sends nothing", async () => {
    let sent = 0;
    server.use(http.post('*/api/v2/schedule/teams/1/overrides', () => (sent++, HttpResponse.json({ id: 9 }, { status: 201 }))));
    const user = userEvent.setup({ delay: null });
    renderAt('/weekly-schedule', <ScheduleScreen />);
    await user.click(await screen.findByRole('button', { name: 'Overrides' }));
    const dialog = await screen.findByRole('dialog', { name: 'On-call overrides' });
    const box = (label: string) => within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) });
    const typeIn = async (label: string, value: string) => {
      await user.clear(box(label));
      if (value) await user.paste(value);
    };
    // A missing time, and a start outside the week shown.
    await typeIn('From time', '');
    await typeIn('To time', '25:00');
    await typeIn('From day', '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add override' }));
    await waitFor(() => expect(box('From time')).toHaveAccessibleDescription(expect.stringContaining('From time is required')));
    expect(box('To time')).toHaveAccessibleDescription(expect.stringContaining('To time must be a time such as 09:00'));
    expect(box('From day')).toHaveAccessibleDescription(expect.stringContaining(`From day must be in the week shown (${AHEAD} to ${AHEAD})`));
    // The end before the start on the same day: beside the end's time.
    await typeIn('From day', AHEAD);
    await typeIn('From time', '18:00');
    await typeIn('To day', AHEAD);
    await typeIn('To time', '08:00');
    await user.click(within(dialog).getByRole('button', { name: 'Add override' }));
    await waitFor(() => expect(box('To time')).toHaveAccessibleDescription(expect.stringContaining('The end must be after the start')));
    expect(box('From time')).toHaveAccessibleDescription('Such as 09:00');
    expect(sent).toBe(0);
  });

  it('creates a feed, shows its address once to copy, and revokes it', async () => {
    const feeds: { id: number; teamId: number | null; teamName: string | null; createdAt: string }[] = [];
    server.use(
      http.get('*/api/v2/schedule/feeds', () => HttpResponse.json(feeds)),
      http.post('*/api/v2/schedule/feeds', () => {
        feeds.push({ id: 5, teamId: null, teamName: null, createdAt: '2026-11-26T10:00:00.000Z' });
        return HttpResponse.json({ ...feeds[0], url: 'https://desk.example/api/v2/schedule/feed/secret.ics' }, { status: 201 });
      }),
      http.delete('*/api/v2/schedule/feeds/5', () => {
        feeds.pop();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderAt('/weekly-schedule', <ScheduleScreen />);
    await user.click(await screen.findByRole('button', { name: 'Calendar feeds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Calendar feeds' });
    expect(await within(dialog).findByText('No feeds yet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create feed' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Feed address' })).toHaveValue('https://desk.example/api/v2/schedule/feed/secret.ics');
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: /^Revoke the feed of my shifts/ }));
    await waitFor(() => expect(toastQueue.visible().map((t) => t.title)).toContain('Feed revoked: its address no longer works'));
    expect(within(dialog).queryByRole('textbox', { name: 'Feed address' })).not.toBeInTheDocument();
    expect(await within(dialog).findByText('No feeds yet.')).toBeInTheDocument();
  });

  it('asks for a swap of my shift for a colleague’s, naming the missing pick first', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/v2/approvals/requests', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ waitingOn: ['Casey Tech'] }, { status: 201 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderAt('/weekly-schedule', <ScheduleScreen />);
    await user.click(await screen.findByRole('button', { name: 'Ask for a swap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a shift swap' });
    await user.click(within(dialog).getByRole('button', { name: 'Ask for the swap' }));
    expect(await within(dialog).findByText('Pick a shift of the colleague you swap with')).toBeInTheDocument();
    expect(body).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: /Their shift$/ }));
    await user.click(await screen.findByRole('option', { name: /^Casey Tech/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Ask for the swap' }));
    await waitFor(() => expect(toastQueue.visible().map((t) => t.title)).toContain('Swap asked'));
    expect(body).toEqual({ formType: 'shift_swap', payload: { myShiftId: 7, theirShiftId: 8, counterpartId: 4 } });
  });
});

describe('certification and PTO dashboard', () => {
  it('shows my balance, refuses a certification without a name beside the field, and adds one with its notice', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/v2/certifications', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 1, staffId: 3, person: 'Avery Agent', name: 'ITIL 4', issuer: 'Axelos', earnedOn: '2025-01-10', expiresOn: null, daysLeft: null }, { status: 201 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderAt('/certification-pto-dashboard', <PtoDashboardScreen />);
    expect(await screen.findByText('96 h')).toBeInTheDocument();
    const issuer = screen.getByRole('textbox', { name: /^Issuer/ });
    await user.type(issuer, 'Axelos');
    await user.click(screen.getByRole('button', { name: 'Add certification' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(body).toBeUndefined();
    await user.type(screen.getByRole('textbox', { name: /^Certification/ }), 'ITIL 4');
    const earned = screen.getByRole('group', { name: /^Earned on/ });
    await user.click(within(earned).getAllByRole('spinbutton')[0]!);
    await user.keyboard('01102025');
    await user.click(screen.getByRole('button', { name: 'Add certification' }));
    await waitFor(() => expect(toastQueue.visible().map((t) => t.title)).toContain('ITIL 4 added'));
    expect(body).toEqual({ name: 'ITIL 4', issuer: 'Axelos', earnedOn: '2025-01-10', expiresOn: null });
  });
});

describe('queues that require a certification', () => {
  it('shows each queue with its rule to an admin, refuses a rule without a certification beside the field, and saves one with its notice', async () => {
    let rules: QueueRule[] = QUEUES.map((queue) => ({ queue, certification: queue === 'QA' ? 'ISTQB Foundation' : null }));
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/v2/pto/team', () => HttpResponse.json({ leave: [], pending: [], expiring: [] })),
      http.get('*/api/v2/queue-certifications', () => HttpResponse.json(rules)),
      http.get('*/api/v2/certifications/names', () => HttpResponse.json(['ISTQB Foundation', 'Secure Coding'])),
      http.put('*/api/v2/queue-certifications', async ({ request }) => {
        const body = (await request.json()) as QueueRule;
        sent.push(body);
        rules = rules.map((r) => (r.queue === body.queue ? body : r));
        return HttpResponse.json(body);
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderAt('/certification-pto-dashboard', <PtoDashboardScreen />, { role: 'admin' });
    const card = await screen.findByRole('region', { name: 'Queues that require a certification' });
    expect(await within(card).findByRole('cell', { name: 'ISTQB Foundation' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Save queue rule' }));
    expect(await within(card).findByText('Certification is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
    // The name is picked from those people hold, not typed.
    expect(within(card).queryByRole('textbox', { name: /^Certification required/ })).toBeNull();
    await user.click(within(card).getByRole('button', { name: /Certification required/ }));
    await user.click(await screen.findByRole('option', { name: 'Secure Coding' }));
    await user.click(within(card).getByRole('button', { name: 'Save queue rule' }));
    await waitFor(() => expect(toastQueue.visible().map((t) => t.title)).toContain('The Support queue now requires Secure Coding'));
    expect(sent).toEqual([{ queue: 'Support', certification: 'Secure Coding' }]);
    expect(await within(card).findByRole('cell', { name: 'Secure Coding' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Require no certification for QA' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ queue: 'QA', certification: null });
  });
});

describe('a PTO request in Approvals', () => {
  it('shows its approver the on-call hours the leave would leave uncovered, beside the decision', async () => {
    const request: RequestView = {
      id: 51, formType: 'pto', title: 'Time off on 2026-12-02', requester: 'Avery Agent', requesterId: 3, state: 'inReview', step: 'Manager', version: 1,
      submittedAt: '2026-11-26T09:00:00Z', dueAt: null, updatedAt: '2026-11-26T09:00:00Z', onBehalfOf: null,
      payload: { from: '2026-12-02', to: '2026-12-02', unit: 'days' }, waitingOn: ['Morgan Manager'], history: [], canDecide: true, canWithdraw: false, canResubmit: false,
    };
    const conflicts: LeaveConflicts = { hours: 8, uncovered: [{ staffId: 3, teamName: 'Support', startsAt: '2026-12-02T00:00:00.000Z', endsAt: '2026-12-02T15:00:00.000Z', override: false }] };
    server.use(
      http.get('*/api/v2/approvals/requests/51', () => HttpResponse.json(request)),
      http.get('*/api/v2/pto/requests/51/conflicts', () => HttpResponse.json(conflicts)),
    );
    renderAt('/approvals/requests/51', <RequestScreen params={{ id: '51' }} />);
    const check = await screen.findByRole('region', { name: 'On-call check' });
    expect(await within(check).findByText('Approving leaves 15 hours of on-call uncovered')).toBeInTheDocument();
    expect(within(check).getByText('This leave takes 8 hours. The requester is on call then:')).toBeInTheDocument();
    expect(within(check).getByText(/^Support: /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });
});
