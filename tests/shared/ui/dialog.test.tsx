import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDialogService, sessionExpiredDialog } from '@/shared/machines/dialog.machine';
import { DialogHost } from '@/shared/ui/dialog/DialogHost';

function setup() {
  const service = createDialogService();
  const user = userEvent.setup();
  render(
    <>
      <button type="button">Before</button>
      <DialogHost service={service} />
    </>,
  );
  return { service, user };
}

describe('DialogHost', () => {
  // The dialog view loads lazily on first use; load it once up front so timings do not depend on the transform.
  beforeAll(async () => {
    await import('@/shared/ui/dialog/DialogView');
  });

  it('shows a confirm dialog with OK (blue) and Cancel (red), centred, and answers Cancel', async () => {
    const { service, user } = setup();
    const answer = service.ask({ kind: 'confirm', title: 'Delete it?', message: 'This cannot be undone.' });
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete it?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(ok).toHaveStyle({ background: '#1d4ed8' });
    expect(cancel).toHaveStyle({ background: '#b91c1c' });
    expect(within(dialog).queryByRole('button', { name: 'No' })).toBeNull();
    expect(document.querySelector('[data-dialog-overlay]')).toHaveAttribute('data-position', 'center');
    await user.click(cancel);
    await expect(answer).resolves.toEqual({ action: 'cancel' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('shows No when asked, and a position other than center', async () => {
    const { service, user } = setup();
    const answer = service.ask({ kind: 'confirm', title: 'Save?', showDeny: true, position: 'top' });
    const dialog = await screen.findByRole('alertdialog', { name: 'Save?' });
    expect(document.querySelector('[data-dialog-overlay]')).toHaveAttribute('data-position', 'top');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await expect(answer).resolves.toEqual({ action: 'deny' });
  });

  it('moves focus into the dialog, keeps it there, closes on Escape and restores focus', async () => {
    const { service, user } = setup();
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    const answer = service.ask({ kind: 'confirm', title: 'Continue?' });
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.tab();
    await user.tab();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toEqual({ action: 'dismiss' });
    await waitFor(() => expect(before).toHaveFocus());
  });

  it('Session Expired: one Log In button, no close on Escape or a click outside', async () => {
    const { service, user } = setup();
    const answer = service.ask(sessionExpiredDialog);
    const dialog = await screen.findByRole('alertdialog', { name: 'Session Expired' });
    expect(dialog).toHaveTextContent('Your session has expired. Please log in again.');
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Log In']);
    await user.keyboard('{Escape}');
    await user.click(document.querySelector('[data-dialog-overlay]')!);
    expect(screen.getByRole('alertdialog', { name: 'Session Expired' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Log In' }));
    await expect(answer).resolves.toEqual({ action: 'confirm' });
  });

  it("a prompt validates its input with 'Invalid email address' and answers with the value", async () => {
    const { service, user } = setup();
    const answer = service.ask({ kind: 'prompt', title: 'Send a copy', input: { type: 'email', label: 'Email', required: true } });
    const dialog = await screen.findByRole('dialog', { name: 'Send a copy' });
    const input = within(dialog).getByLabelText('Email');
    await user.type(input, 'nobody');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Invalid email address');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'a@b.co{Enter}');
    await expect(answer).resolves.toEqual({ action: 'confirm', value: 'a@b.co' });
  });

  it("a URL prompt says 'Invalid URL'", async () => {
    const { service, user } = setup();
    void service.ask({ kind: 'prompt', title: 'Link', input: { type: 'url', label: 'Address' } });
    const dialog = await screen.findByRole('dialog', { name: 'Link' });
    await user.type(within(dialog).getByLabelText('Address'), 'nope');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Invalid URL');
  });
});
