/** The profile's rows per page and the org chart's Chart / List, over msw. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrgPerson, Profile } from '@contracts/people';
import ProfileScreen from '@/features/people/screens/ProfileScreen';
import OrgChartScreen from '@/features/people/screens/OrgChartScreen';
import { forgetPageSizes } from '@/shared/ui/data-table/page-size-store';
import { renderAt } from '@tests/support/render';
import { showNoticesAsToasts, toastQueue } from '@tests/support/toasts';

// The org chart's drawing is ECharts' (its own tests: tests/shared/chart): here a drawing that
// takes the options and draws nothing, so the screen's behaviour does not hang on whether ECharts
// has loaded, and jsdom, which has no canvas, is never asked to draw a large tree on one.
vi.mock('@/shared/ui/chart/echarts-runtime', () => ({
  initChart: () => ({ setOption: () => undefined, on: () => undefined, off: () => undefined, resize: () => undefined, dispose: () => undefined, dispatchAction: () => undefined, getWidth: () => 0, getHeight: () => 0 }),
  treeNodeAt: () => null,
  moveTreeNodeTo: () => false,
}));

const PROFILE: Profile = {
  id: 3, email: 'morgan@demo.test', name: 'Morgan Lead', title: 'Team lead', phone: null, department: 'Support', managerName: null, timeZone: null,
  workingHours: { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] }, theme: 'system', landingPage: '/home', quietHours: null, notifications: [],
  avatarVersion: null,
};
const person = (id: number, name: string, managerId: number | null): OrgPerson => ({ id, name, title: null, department: null, managerId, status: [], avatarVersion: null });
const PEOPLE = [person(1, 'Morgan Lead', null), person(2, 'Avery Agent', 1), person(3, 'Casey Tech', 2)];
// More people than the chart draws at first: a head, 20 managers, 220 technicians (11 under each manager).
const LARGE = [
  person(1, 'Morgan Lead', null),
  ...Array.from({ length: 20 }, (_, i) => person(2 + i, `Manager ${i}`, 1)),
  ...Array.from({ length: 220 }, (_, i) => person(1000 + i, `Technician ${i}`, 2 + (i % 20))),
];

const server = setupServer(
  http.get('*/api/v2/profile', () => HttpResponse.json(PROFILE)),
  http.get('*/api/v2/orgchart', () => HttpResponse.json({ people: PEOPLE })),
  // The profile's Kudos card (the forms feature's read).
  http.get('*/api/v2/forms/kudos/received/:person', () => HttpResponse.json([])),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  forgetPageSizes();
});
afterAll(() => server.close());
showNoticesAsToasts();

describe('rows per page on the profile', () => {
  it('shows each search table’s remembered size and saves only the one changed, through the tables’ own preference', async () => {
    const saved: Array<[string, unknown]> = [];
    server.use(
      http.get('*/api/v2/preferences/table-size/:table', ({ params }) => HttpResponse.json({ size: params.table === 'tickets' ? 50 : null })),
      http.put('*/api/v2/preferences/table-size/:table', async ({ params, request }) => {
        const body = await request.json();
        saved.push([String(params.table), body]);
        return HttpResponse.json(body);
      }),
    );
    const user = userEvent.setup();
    renderAt('/user/options', <ProfileScreen />);
    const form = await screen.findByRole('form', { name: 'Rows per page' });
    await waitFor(() => expect(within(form).getByRole('button', { name: /Ticket Search/ })).toHaveTextContent('50 rows'));
    expect(within(form).getByRole('button', { name: /Company Search/ })).toHaveTextContent('10 rows');
    await user.click(within(form).getByRole('button', { name: /Company Search/ }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await user.click(within(form).getByRole('button', { name: 'Save rows per page' }));
    await waitFor(() => expect(toastQueue.visible().map((t) => t.title)).toContain('Rows per page saved'));
    expect(saved).toEqual([['companies', { size: -1 }]]);
  });
});

describe('org chart', () => {
  it('offers Chart and List; the list is the keyboard tree and picking a person shows their chain', async () => {
    const user = userEvent.setup();
    renderAt('/orgchart', <OrgChartScreen />);
    const list = await screen.findByRole('radio', { name: 'List' });
    expect(screen.getByRole('radio', { name: 'Chart' })).toBeInTheDocument();
    await user.click(list);
    const tree = await screen.findByRole('treegrid', { name: 'Org chart' });
    await user.click(within(tree).getByText('Avery Agent'));
    const chain = await screen.findByRole('navigation', { name: 'Chain to the top' });
    expect(within(chain).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Morgan Lead', 'Avery Agent']);
    await user.click(screen.getByRole('radio', { name: 'Chart' }));
    expect(await screen.findByRole('img', { name: /^Org chart\. 3 people/ })).toBeInTheDocument();
    expect(screen.queryByRole('treegrid')).not.toBeInTheDocument();
  });

  it('draws a large organisation level by level, and a person found has their manager drawn open', async () => {
    server.use(http.get('*/api/v2/orgchart', () => HttpResponse.json({ people: LARGE })));
    const user = userEvent.setup();
    renderAt('/orgchart', <OrgChartScreen />);
    const hint = 'Click a filled dot to draw who reports to that person, and their ring again to close it; click anyone else to find them in the list.';
    expect(await screen.findByText(`21 of 241 people drawn. ${hint}`)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Org chart\. 241 people; 21 with people reporting to them/ })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Find a person' }));
    await user.paste('Technician 7');
    await user.click(await screen.findByRole('option', { name: 'Technician 7' }));
    // Technician 7 reports to Manager 7, whose 11 people are drawn now.
    expect(await screen.findByText(`32 of 241 people drawn. ${hint}`)).toBeInTheDocument();
  });
});
