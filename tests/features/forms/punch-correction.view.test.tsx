/** The punch-correcting Correction on screen: pick one of my closed punches, state its in and out as they should be, send it; a refusal shows beside its field (msw). */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OwnPunch } from '@contracts/forms';
import CorrectionScreen from '@/features/forms/screens/CorrectionScreen';
import { renderAt } from '@tests/support/render';

const PUNCHES: OwnPunch[] = [
  { id: 12, punchedInAt: new Date(Date.now() - 3_600_000).toISOString(), punchedOutAt: null, timeZone: 'Europe/Berlin', breakSeconds: 0 },
  { id: 11, punchedInAt: new Date('2026-11-24T08:00').toISOString(), punchedOutAt: new Date('2026-11-24T12:00').toISOString(), timeZone: 'Europe/Berlin', breakSeconds: 1800 },
];
const OVERLAP = 'This overlaps your punch 10 (punched in at 2026-11-24T15:00:00Z); punches may not overlap';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('correcting my punch', () => {
  it('lists my punches (an open one cannot be picked), shows the picked one as before, sends the corrected in and out as instants, and shows a refusal by its field', async () => {
    const user = userEvent.setup();
    const posts: unknown[] = [];
    const asked: string[] = [];
    server.use(
      http.get('*/api/v2/approvals/mine', () => HttpResponse.json([])),
      http.get('*/api/v2/approvals/inbox', () => HttpResponse.json([])),
      http.get('*/api/v2/forms/corrections/punches', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('tz') ?? '');
        return HttpResponse.json(PUNCHES);
      }),
      http.post('*/api/v2/approvals/requests', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json({ error: { code: 'invalid_input', message: 'Check the punch', fields: { 'after.punchedOutAt': OVERLAP } } }, { status: 400 });
      }),
    );
    renderAt('/forms/correction', <CorrectionScreen />);
    await user.click(await screen.findByRole('radio', { name: 'Correct my punch' }));
    const form = await screen.findByRole('form', { name: 'Correct my punch' });
    // My last days are counted in my own zone: the list is asked for in it.
    await waitFor(() => expect(asked).toEqual([Intl.DateTimeFormat().resolvedOptions().timeZone]));

    // Nothing picked: the form says what is missing in plain words and sends nothing.
    await user.click(within(form).getByRole('button', { name: 'Submit for review' }));
    expect(await within(form).findByText('Pick a punch of yours')).toBeTruthy();
    expect(within(form).getByText('Say why the punch is wrong')).toBeTruthy();
    expect(posts).toHaveLength(0);

    const radios = within(form).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(radios[0]).toBeDisabled();
    expect(within(form).getByText('Still open: punch out first, then correct it')).toBeTruthy();
    await user.click(radios[1]!);
    const before = within(form).getByRole('region', { name: 'Before' });
    expect(within(before).getByText('4 h 0 min')).toBeTruthy();
    const after = within(form).getByRole('region', { name: 'After' });
    const punchedIn = within(after).getByLabelText(/^Punched in/) as HTMLInputElement;
    const punchedOut = within(after).getByLabelText(/^Punched out/) as HTMLInputElement;
    expect(punchedIn.value).toBe('2026-11-24T08:00');
    expect(punchedOut.value).toBe('2026-11-24T12:00');

    // Out before in is named beside the punch-out, before anything is sent.
    fireEvent.change(punchedOut, { target: { value: '2026-11-24T07:00' } });
    await user.click(within(form).getByRole('textbox', { name: /^Why it is wrong/ }));
    await user.paste('Forgot to punch out after the site visit');
    await user.click(within(form).getByRole('button', { name: 'Submit for review' }));
    expect(await within(form).findByText('Punched out must be after punched in')).toBeTruthy();
    expect(posts).toHaveLength(0);

    fireEvent.change(punchedOut, { target: { value: '2026-11-24T17:30' } });
    await user.click(within(form).getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      formType: 'correction',
      payload: { kind: 'punch', summary: 'Forgot to punch out after the site visit', punchId: 11, after: { punchedInAt: new Date('2026-11-24T08:00').toISOString(), punchedOutAt: new Date('2026-11-24T17:30').toISOString() } },
    });
    expect(await within(form).findByText(OVERLAP)).toBeTruthy();
    expect(punchedOut.value).toBe('2026-11-24T17:30');
  });
});
