/** The Email in screen (/admin/mail) over msw: channels, the channel form, the review list. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MailChannel, MailMessage } from '@contracts/mail-channels';
import MailChannelsScreen from '@/features/channels/screens/MailChannelsScreen';
import { renderAt } from '@tests/support/render';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const channel: MailChannel = {
  id: 1, name: 'Support mailbox', kind: 'imap', enabled: true, address: 'support@helpdesk.example', queue: 'Support', severity: 'H', imapHost: 'imap.example', imapPort: 993,
  imapTls: true, imapUser: 'support@helpdesk.example', hasPassword: true, imapFolder: 'INBOX', listenHost: null, listenPort: null, maxBytes: 1000, state: 'backoff', lastError: 'Authentication failed', lastCheckedAt: '2026-11-26T10:00:00Z',
};
const waiting: MailMessage = {
  id: 9, channel: 'Support mailbox', receivedAt: '2026-11-26T10:00:00Z', from: 'stranger@nowhere.example', subject: 'Hello?', sizeBytes: 300, outcome: 'review',
  reason: 'Unknown sender: not a contact or client user, and no company lists the domain', companyId: null, ticketId: null, spf: 'pass', dkim: null, reviewedAt: null,
};

/** Puts text in a field at once (typing it key by key re-renders the whole screen per key). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

function serve() {
  const saved: unknown[] = [];
  const reviewed: unknown[] = [];
  server.use(
    http.get('*/api/v2/admin/mail-channels', () => HttpResponse.json([channel])),
    http.post('*/api/v2/admin/mail-channels', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      if (!body.imapPassword) return HttpResponse.json({ error: { code: 'invalid_input', message: 'Enter the mailbox password', fields: { imapPassword: 'Enter the mailbox password' } } }, { status: 400 });
      return HttpResponse.json({ ...channel, id: 2, name: body.name, enabled: false, state: 'stopped' }, { status: 201 });
    }),
    http.get('*/api/v2/mail-messages', () => HttpResponse.json({ rows: [waiting], total: 1, page: 1, pageSize: 25 })),
    http.post('*/api/v2/mail-messages/9/review', async ({ request }) => {
      reviewed.push(await request.json());
      return HttpResponse.json({ ...waiting, reviewedAt: '2026-11-26T11:00:00Z' });
    }),
  );
  return { saved, reviewed };
}

describe('the Email in screen', () => {
  it('shows each channel with its state and last error', async () => {
    serve();
    renderAt('/admin/mail', <MailChannelsScreen />, { role: 'admin' });
    const row = (await screen.findByRole('heading', { name: 'Support mailbox', level: 3 })).closest('li')!;
    expect(row).toHaveTextContent('backoff');
    // The mailbox user is often an address itself: the server and folder are told apart in words.
    expect(row).toHaveTextContent('IMAP support@helpdesk.example on imap.example:993 · INBOX');
    expect(row).toHaveTextContent('Last error: Authentication failed');
    expect(within(row).getByRole('button', { name: 'Edit Support mailbox' })).toBeInTheDocument();
  });

  it('adds a mailbox channel and shows the server’s reason beside the field it names', async () => {
    const { saved } = serve();
    renderAt('/admin/mail', <MailChannelsScreen />, { role: 'admin' });
    const form = await screen.findByRole('form', { name: 'Add a channel' });
    const user = userEvent.setup({ delay: null });
    await fill(user, within(form).getByLabelText(/^Name/), 'Billing');
    await fill(user, within(form).getByLabelText(/Address clients write to/), 'billing@helpdesk.example');
    await fill(user, within(form).getByLabelText(/IMAP server/), 'imap.example');
    await fill(user, within(form).getByLabelText(/Mailbox user/), 'billing');
    await user.click(within(form).getByText('Add channel'));
    expect(await within(form).findByText('Enter the mailbox password')).toBeInTheDocument();
    expect(saved[0]).toMatchObject({ name: 'Billing', kind: 'imap', address: 'billing@helpdesk.example', imapHost: 'imap.example', imapPort: 993, imapUser: 'billing', enabled: false });
    await fill(user, within(form).getByLabelText(/Password/), 'secret');
    await user.click(within(form).getByText('Add channel'));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatchObject({ imapPassword: 'secret' });
  });

  it('starts a fresh form after an add, and the list shows the new channel', async () => {
    const channels: MailChannel[] = [channel];
    server.use(
      http.get('*/api/v2/admin/mail-channels', () => HttpResponse.json(channels)),
      http.post('*/api/v2/admin/mail-channels', async ({ request }) => {
        const body = (await request.json()) as MailChannel;
        const added = { ...channel, ...body, id: 2, hasPassword: true, state: 'stopped', lastError: null, lastCheckedAt: null };
        channels.push(added);
        return HttpResponse.json(added, { status: 201 });
      }),
      http.get('*/api/v2/mail-messages', () => HttpResponse.json({ rows: [], total: 0, page: 1, pageSize: 25 })),
    );
    renderAt('/admin/mail', <MailChannelsScreen />, { role: 'admin' });
    const form = await screen.findByRole('form', { name: 'Add a channel' });
    const user = userEvent.setup({ delay: null });
    await fill(user, within(form).getByLabelText(/^Name/), 'Billing');
    await fill(user, within(form).getByLabelText(/Address clients write to/), 'billing@helpdesk.example');
    await fill(user, within(form).getByLabelText(/IMAP server/), 'imap.example');
    await fill(user, within(form).getByLabelText(/Mailbox user/), 'billing@helpdesk.example');
    await fill(user, within(form).getByLabelText(/Password/), 'secret');
    await user.click(within(form).getByText('Add channel'));
    expect(await screen.findByRole('heading', { name: 'Billing', level: 3 })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('form', { name: 'Add a channel' })).getByLabelText(/^Name/)).toHaveValue(''));
    const fresh = screen.getByRole('form', { name: 'Add a channel' });
    expect(within(fresh).getByLabelText(/Address clients write to/)).toHaveValue('');
    expect(within(fresh).getByLabelText(/Mailbox user/)).toHaveValue('');
    expect(within(fresh).getByLabelText(/Password/)).toHaveValue('');
  });

  it('keeps what was typed when the server refuses the name, and says so beside it', async () => {
    let posts = 0;
    server.use(
      http.get('*/api/v2/admin/mail-channels', () => HttpResponse.json([channel])),
      http.post('*/api/v2/admin/mail-channels', () => {
        posts += 1;
        return HttpResponse.json({ error: { code: 'conflict', message: 'Another channel has this name', fields: { name: 'Another channel has this name' } } }, { status: 409 });
      }),
      http.get('*/api/v2/mail-messages', () => HttpResponse.json({ rows: [], total: 0, page: 1, pageSize: 25 })),
    );
    renderAt('/admin/mail', <MailChannelsScreen />, { role: 'admin' });
    const form = await screen.findByRole('form', { name: 'Add a channel' });
    const user = userEvent.setup({ delay: null });
    await fill(user, within(form).getByLabelText(/^Name/), 'Support mailbox');
    await fill(user, within(form).getByLabelText(/Address clients write to/), 'other@helpdesk.example');
    await fill(user, within(form).getByLabelText(/IMAP server/), 'imap.example');
    await fill(user, within(form).getByLabelText(/Mailbox user/), 'other');
    await fill(user, within(form).getByLabelText(/Password/), 'secret');
    await user.click(within(form).getByText('Add channel'));
    expect(await within(form).findByText('Another channel has this name')).toBeInTheDocument();
    expect(posts).toBe(1);
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Support mailbox');
    expect(within(form).getByLabelText(/Address clients write to/)).toHaveValue('other@helpdesk.example');
    expect(within(form).getByLabelText(/Password/)).toHaveValue('secret');
  });

  it('names each missing field in plain words and sends nothing', async () => {
    const { saved } = serve();
    renderAt('/admin/mail', <MailChannelsScreen />, { role: 'admin' });
    const form = await screen.findByRole('form', { name: 'Add a channel' });
    const user = userEvent.setup({ delay: null });
    await fill(user, within(form).getByLabelText(/^Name/), 'Billing');
    await user.click(within(form).getByText('Add channel'));
    expect(await within(form).findByText('Enter the address clients write to, such as support@example.com')).toBeInTheDocument();
    expect(within(form).getByText('Enter the server name')).toBeInTheDocument();
    expect(within(form).getByText('Enter the mailbox user')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('shows a message waiting for review and sets it aside', async () => {
    const { reviewed } = serve();
    renderAt('/admin/mail', <MailChannelsScreen />, { role: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Waiting for review', level: 2 })).toBeInTheDocument();
    const item = await screen.findByRole('article', { name: 'Hello?' });
    expect(item).toHaveTextContent('From stranger@nowhere.example');
    expect(item).toHaveTextContent('Unknown sender');
    expect(within(item).getByRole('button', { name: 'Show the original of Hello?' })).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Make ticket' })).toBeDisabled();
    await userEvent.click(within(item).getByRole('button', { name: 'Set aside' }));
    await waitFor(() => expect(reviewed).toEqual([{ action: 'dismiss' }]));
  });
});
