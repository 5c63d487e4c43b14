/** A person's profile lists the kudos they received, newest first, a page at a time, read through the forms' endpoint (msw). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RECEIVED_KUDOS_PAGE, type Kudo } from '@contracts/forms';
import type { Profile } from '@contracts/people';
import ProfileScreen from '@/features/people/screens/ProfileScreen';
import { renderAt } from '@tests/support/render';

const PROFILE: Profile = {
  id: 7, email: 'dana.dev@demo.test', name: 'Dana Developer', title: null, phone: null, department: 'Engineering', managerName: 'Morgan Manager', timeZone: null,
  workingHours: { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] }, theme: 'system', landingPage: '/home', quietHours: null, notifications: [],
  avatarVersion: null,
};
const kudo = (id: number, from: string, value: string, message: string, createdAt: string): Kudo => ({ id, from, to: 'Dana Developer', toId: 7, message, value, ticketId: null, projectId: null, createdAt });

const server = setupServer(
  http.get('*/api/v2/profile', () => HttpResponse.json(PROFILE)),
  http.get('*/api/v2/staff-preferences/*', () => HttpResponse.json({})),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('kudos on the profile', () => {
  it('lists the kudos the person received, newest first: from whom, the value, the message', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/v2/forms/kudos/received/:person', ({ params }) => {
        asked.push(String(params.person));
        return HttpResponse.json([
          kudo(2, 'Avery Agent', 'Better together', 'Thanks for covering my on-call night.', '2026-11-25T10:00:00Z'),
          kudo(1, 'Morgan Manager', 'Own it', 'Thank you for the migration runbook.', '2026-11-20T10:00:00Z'),
        ]);
      }),
    );
    renderAt('/user/options', <ProfileScreen />);
    const list = await screen.findByRole('list', { name: 'Kudos received' });
    expect(asked).toEqual(['7']);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^From Avery Agent.*Thanks for covering my on-call night\..*Better together/),
      expect.stringMatching(/^From Morgan Manager.*Thank you for the migration runbook\..*Own it/),
    ]);
  });

  it('says so when no one has sent a kudo yet', async () => {
    server.use(http.get('*/api/v2/forms/kudos/received/:person', () => HttpResponse.json([])));
    renderAt('/user/options', <ProfileScreen />);
    expect(await screen.findByText('No kudos yet: when a colleague thanks you, it shows here.')).toBeTruthy();
  });

  it('shows more than a page: "Show more" adds the kudos sent before the last one shown', async () => {
    const user = userEvent.setup();
    const asked: (string | null)[] = [];
    const day = (n: number) => new Date(Date.UTC(2026, 10, 25) - n * 3_600_000).toISOString();
    server.use(
      http.get('*/api/v2/forms/kudos/received/:person', ({ request }) => {
        const before = new URL(request.url).searchParams.get('before');
        asked.push(before);
        const from = before === null ? 0 : RECEIVED_KUDOS_PAGE;
        const count = before === null ? RECEIVED_KUDOS_PAGE : 2;
        return HttpResponse.json(Array.from({ length: count }, (_, i) => kudo(1000 - from - i, 'Avery Agent', 'Own it', `Thanks, number ${from + i + 1}.`, day(from + i))));
      }),
    );
    renderAt('/user/options', <ProfileScreen />);
    const list = await screen.findByRole('list', { name: 'Kudos received' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(RECEIVED_KUDOS_PAGE);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(RECEIVED_KUDOS_PAGE + 2));
    expect(asked).toEqual([null, String(1000 - RECEIVED_KUDOS_PAGE + 1)]);
    expect(within(list).getAllByRole('listitem').at(-1)!.textContent).toContain(`Thanks, number ${RECEIVED_KUDOS_PAGE + 2}.`);
    // A short page is the last: nothing more to show.
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
