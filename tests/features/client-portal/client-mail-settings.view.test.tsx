/** The client's "Email me when…" card on Contact support, over msw: loads, changes, saves, refusals. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { CLIENT_MAIL_HEADING, type ClientMailSettings } from '@contracts/client-mail';
import { MAIL_SETTINGS_REFUSED, MAIL_SETTINGS_SAVED } from '@/features/client-portal/machines/mail-settings.machine';
import { toastQueue } from '@tests/support/toasts';
import { bad, clientApiServer, renderClientAt, verifyTokenOk } from './support';

const server = clientApiServer(
  verifyTokenOk(),
  http.get('*/api/v2/client/support-info', () => HttpResponse.json({ phone: '+1 555 0100', hours: 'Mon–Fri 8–18' })),
);
const toastTitles = () => toastQueue.visible().map((t) => `${t.tone}: ${t.title}`);

/** The card, once its saved settings have loaded. */
async function openCard(stored: ClientMailSettings) {
  server.use(http.get('*/api/v2/client/mail-settings', () => HttpResponse.json(stored)));
  renderClientAt('/contact/support', { signedIn: true });
  const card = await screen.findByRole('region', { name: CLIENT_MAIL_HEADING });
  await within(card).findByRole('switch', { name: 'Support answers on my tickets' });
  return card;
}

describe('Email me when… (Contact support)', () => {
  it('shows the saved settings, sends what changed with Save, and says it is saved', async () => {
    let sent: unknown;
    server.use(
      http.put('*/api/v2/client/mail-settings', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(sent as ClientMailSettings);
      }),
    );
    const card = await openCard({ staffReply: true, statusChange: false });
    const replies = within(card).getByRole('switch', { name: 'Support answers on my tickets' });
    const status = within(card).getByRole('switch', { name: 'The status of my tickets changes' });
    expect(replies).toBeChecked();
    expect(status).not.toBeChecked();
    const save = within(card).getByRole('button', { name: 'Save' });
    // Nothing to save while the switches show what is saved.
    expect(save).toBeDisabled();

    await userEvent.click(replies);
    expect(replies).not.toBeChecked();
    await userEvent.click(save);
    await vi.waitFor(() => expect(toastTitles()).toContain(`success: ${MAIL_SETTINGS_SAVED}`));
    expect(sent).toEqual({ staffReply: false, statusChange: false });
    expect(replies).not.toBeChecked();
    expect(within(card).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('a refused save names the problem in plain words and keeps what was chosen', async () => {
    server.use(http.put('*/api/v2/client/mail-settings', () => bad({ statusChange: 'Status changes of my tickets must be on or off' })));
    const card = await openCard({ staffReply: true, statusChange: true });
    const status = within(card).getByRole('switch', { name: 'The status of my tickets changes' });
    await userEvent.click(status);
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent(MAIL_SETTINGS_REFUSED);
    expect(alert).toHaveTextContent('Status changes of my tickets must be on or off');
    expect(document.body.textContent).not.toMatch(/Invalid body|statusChange/);
    expect(status).not.toBeChecked();
    expect(toastTitles()).not.toContain(`success: ${MAIL_SETTINGS_SAVED}`);
  });

  it('says why the settings could not be loaded, and loads them again on Try again', async () => {
    let answers = 0;
    let answerFirst = () => undefined as void;
    const firstHeld = new Promise<void>((resolve) => (answerFirst = resolve));
    server.use(
      http.get('*/api/v2/client/mail-settings', async () => {
        if (++answers > 1) return HttpResponse.json({ staffReply: false, statusChange: true });
        await firstHeld;
        return HttpResponse.json({ error: { code: 'unavailable', message: 'The service is busy; try again in a moment' } }, { status: 503 });
      }),
    );
    renderClientAt('/contact/support', { signedIn: true });
    const card = await screen.findByRole('region', { name: CLIENT_MAIL_HEADING });
    // A skeleton while the saved settings load.
    expect(within(card).getByRole('status')).toHaveTextContent('Loading your email settings');
    expect(within(card).queryByRole('switch')).toBeNull();
    answerFirst();
    expect(await within(card).findByRole('alert')).toHaveTextContent('The service is busy; try again in a moment');
    await userEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByRole('switch', { name: 'The status of my tickets changes' })).toBeChecked();
    expect(within(card).getByRole('switch', { name: 'Support answers on my tickets' })).not.toBeChecked();
  });
});
