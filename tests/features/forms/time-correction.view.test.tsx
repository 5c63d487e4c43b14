/** The record-correcting Correction on screen: pick one of my time entries, state it as it should be, send it; the server's 409 shows at the top (msw). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OwnTimeEntry } from '@contracts/forms';
import CorrectionScreen from '@/features/forms/screens/CorrectionScreen';
import { renderAt } from '@tests/support/render';

const ENTRIES: OwnTimeEntry[] = [
  { id: 91, workDate: '2026-11-24', minutes: 480, description: 'Acme depot visit', ticketId: 12, projectId: null, forWhat: 'Depot scanners offline' },
  { id: 90, workDate: '2026-11-20', minutes: 30, description: 'Weekly sync', ticketId: null, projectId: 4, forWhat: 'Harbor Water rollout' },
];
const STALE = 'The time entry changed since this correction was sent; ask for a new correction of it as it is now';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('correcting my time entry', () => {
  it('picks an entry from the list, shows it as before, sends the changed minutes as a time entry correction, and shows a 409 at the top', async () => {
    const user = userEvent.setup();
    const posts: unknown[] = [];
    server.use(
      http.get('*/api/v2/approvals/mine', () => HttpResponse.json([])),
      http.get('*/api/v2/approvals/inbox', () => HttpResponse.json([])),
      http.get('*/api/v2/forms/corrections/time-entries', () => HttpResponse.json(ENTRIES)),
      http.post('*/api/v2/approvals/requests', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json({ error: { code: 'conflict', message: STALE } }, { status: 409 });
      }),
    );
    renderAt('/forms/correction', <CorrectionScreen />);
    await user.click(await screen.findByRole('radio', { name: 'Correct my time entry' }));
    const form = await screen.findByRole('form', { name: 'Correct my time entry' });

    // Nothing picked: the form says what is missing in plain words and sends nothing.
    await user.click(within(form).getByRole('button', { name: 'Submit for review' }));
    expect(await within(form).findByText('Pick a time entry of yours')).toBeTruthy();
    expect(within(form).getByText('Say why the time is wrong')).toBeTruthy();
    expect(posts).toHaveLength(0);

    const entry = within(form).getByRole('radio', { name: /Nov 24, 2026 · 480 min/ });
    await user.click(entry);
    const before = within(form).getByRole('region', { name: 'Before' });
    expect(within(before).getByText('Acme depot visit')).toBeTruthy();
    expect(within(before).getByText('480')).toBeTruthy();
    const minutes = within(within(form).getByRole('region', { name: 'After' })).getByRole('textbox', { name: /^Minutes/ });
    expect((minutes as HTMLInputElement).value).toBe('480');
    await user.clear(minutes);
    await user.paste('360');
    await user.click(within(form).getByRole('textbox', { name: /^Why it is wrong/ }));
    await user.paste('Logged 8 h for a 6 h visit');
    await user.click(within(form).getByRole('button', { name: 'Submit for review' }));

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      formType: 'correction',
      payload: { kind: 'timeEntry', summary: 'Logged 8 h for a 6 h visit', entryId: 91, after: { workDate: '2026-11-24', minutes: 360, description: 'Acme depot visit' } },
    });
    expect(await within(form).findByText(STALE)).toBeTruthy();
    // What was typed stays, to send again.
    expect((minutes as HTMLInputElement).value).toBe('360');
  });
});
