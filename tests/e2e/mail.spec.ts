import { expect, test } from '@playwright/test';
import { startDovecot, type Dovecot } from '../support/dovecot';
import { CLIENTS, STAFF, staffSignIn } from './support/accounts';
import { analyzeAxe } from './support/axe';
import { emulateColorScheme } from './support/visual';

test('an admin adds an SMTP listener channel on the Email in screen; it is off until switched on', async ({ page }) => {
  const name = `Forwarded ${Date.now().toString(36)}`;
  await staffSignIn(page, STAFF.admin.email);
  await page.getByRole('link', { name: 'Email in' }).click();
  await expect(page.getByRole('heading', { name: 'Email in', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add a channel' });
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await form.getByRole('button', { name: /Kind/ }).click();
  await page.getByRole('option', { name: /SMTP listener/ }).click();
  await form.getByRole('textbox', { name: /^Address clients write to/ }).fill('forward@helpdesk.example');
  await form.getByRole('textbox', { name: /^Port/ }).fill('2599');
  await form.getByRole('button', { name: 'Add channel' }).click();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 3 }) });
  await expect(row).toContainText('SMTP listener on 127.0.0.1:2599');
  await expect(row).toContainText('Off');
  // The screen with the demo's channels, the new one and the messages waiting for review.
  for (const [size, viewport] of [['desktop', { width: 1366, height: 800 }], ['phone', { width: 375, height: 812 }]] as const) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await emulateColorScheme(page, colorScheme);
      await page.screenshot({ path: `test-results/mail-admin-${size}-${colorScheme}.png`, fullPage: true });
      await page.getByRole('heading', { name: 'Waiting for review', level: 2 }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/mail-review-${size}-${colorScheme}.png` });
    }
  }
  await emulateColorScheme(page, 'light');
  const { violations } = await analyzeAxe(page);
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test.describe('a mailbox the app reads', () => {
  let dovecot: Dovecot;
  test.beforeAll(async () => {
    dovecot = await startDovecot();
  });
  test.afterAll(async () => {
    await dovecot?.stop();
  });

  test('mail to an IMAP channel becomes a ticket, a public reply goes out through the outbox, the emailed answer becomes a note', async ({ page }) => {
    const word = `meterflux${Date.now().toString(36)}`;
    const name = `Support mailbox ${word}`;
    const title = `Reads missing ${word}`;
    const client = CLIENTS.acme.email;
    await staffSignIn(page, STAFF.admin.email);
    await page.getByRole('link', { name: 'Email in' }).click();
    const form = page.getByRole('form', { name: 'Add a channel' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(name);
    await form.getByRole('textbox', { name: /^Address clients write to/ }).fill(`support-${word}@helpdesk.example`);
    await form.getByText('On', { exact: true }).click();
    await form.getByRole('textbox', { name: /^IMAP server/ }).fill(dovecot.host);
    await form.getByRole('textbox', { name: /^Port/ }).fill(String(dovecot.port));
    await form.getByText('TLS', { exact: true }).click();
    await expect(form.getByRole('checkbox', { name: 'TLS' })).not.toBeChecked();
    await form.getByRole('textbox', { name: /^Mailbox user/ }).fill(dovecot.user);
    await form.getByLabel('Password').fill(dovecot.password);
    await form.getByRole('button', { name: 'Add channel' }).click();
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 3 }) });
    await expect(row).toContainText(`IMAP ${dovecot.user} on ${dovecot.host}:${dovecot.port} · INBOX`);
    // The reader connects and waits for mail (IDLE).
    await expect(async () => {
      await page.reload();
      await expect(row).toContainText('idle', { timeout: 5_000 });
    }).toPass({ intervals: [250, 500, 1000] });
    const { violations } = await analyzeAxe(page);
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // A client writes to the mailbox: a ticket of her company, found in Ticket Search.
    await dovecot.deliver(
      [
        `From: Acme Client <${client}>`,
        `To: support-${word}@helpdesk.example`,
        `Subject: ${title}`,
        `Message-ID: <first-${word}@acme.demo.test>`,
        `Date: ${new Date().toUTCString()}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        `The meter reads of route 9 stopped on Monday (${word}).`,
        '',
      ].join('\r\n'),
    );
    await page.goto('/ticket/search');
    const search = page.getByRole('main').getByLabel('Search Table');
    const link = page.getByRole('link', { name: title });
    await expect(async () => {
      await search.fill(word);
      await search.press('Enter');
      await expect(link).toHaveCount(1, { timeout: 5_000 });
    }).toPass({ intervals: [250, 500, 1000] });
    await link.click();
    await expect(page).toHaveURL(/\/ticket\/\d+$/);
    const ticketId = Number(page.url().split('/').pop());
    await expect(page.getByRole('heading', { name: `#${ticketId} ${title}` })).toBeVisible();

    // A public reply: its mail waits in the outbox, to the client, with the ticket number in its subject.
    const note = page.getByRole('form', { name: 'Add a note' });
    await note.getByLabel('Note').fill(`We are re-reading route 9 (${word}).`);
    await note.getByRole('button', { name: 'Add note' }).click();
    await expect(page.locator('.thread-entry.public')).toContainText('re-reading route 9');
    await page.goto('/admin/outbox');
    const mail = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `[Ticket #${ticketId}] ${title}`, level: 2 }) });
    await expect(mail).toHaveCount(1);
    await expect(mail).toContainText(`To ${client}`);
    // Its threading headers: its own id names the note, and it answers the ticket's first message.
    await mail.getByRole('button', { name: 'Message' }).click();
    const headers = mail.getByRole('definition');
    await expect(headers.nth(0)).toHaveText(new RegExp(`^<ticket-${ticketId}\\.note-\\d+@localhost>$`));
    await expect(headers.nth(1)).toHaveText(`<ticket-${ticketId}@localhost>`);
    await expect(mail.getByRole('term').nth(0)).toHaveText('Message-ID');
    await expect(mail.getByRole('term').nth(1)).toHaveText('In-Reply-To');
    const replyTo = (await headers.nth(0).textContent())!;
    for (const [size, viewport] of [['desktop', { width: 1366, height: 800 }], ['phone', { width: 375, height: 812 }]] as const) {
      await page.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark'] as const) {
        await emulateColorScheme(page, colorScheme);
        await mail.screenshot({ path: `test-results/mail-outbox-${size}-${colorScheme}.png` });
      }
    }
    await page.setViewportSize({ width: 1366, height: 800 });
    await emulateColorScheme(page, 'light');

    // The client answers by mail, threaded on the ticket: a note on it.
    await dovecot.deliver(
      [
        `From: Acme Client <${client}>`,
        `To: support-${word}@helpdesk.example`,
        `Subject: Re: [Ticket #${ticketId}] ${title}`,
        `Message-ID: <answer-${word}@acme.demo.test>`,
        `In-Reply-To: ${replyTo}`,
        `References: <ticket-${ticketId}@localhost> ${replyTo}`,
        `Date: ${new Date().toUTCString()}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        `Thanks, route 9 reads are back (${word}).`,
        '',
        'On Thu, 26 Nov 2026 at 10:00, Client Care wrote:',
        '> We are re-reading route 9.',
        '',
      ].join('\r\n'),
    );
    await page.goto(`/ticket/${ticketId}`);
    await expect(async () => {
      await page.reload();
      await expect(page.locator('.thread-entry').filter({ hasText: 'route 9 reads are back' })).toHaveCount(1, { timeout: 5_000 });
    }).toPass({ intervals: [250, 500, 1000] });
    // The quoted history under the answer is not part of the note.
    await expect(page.locator('.thread-entry').filter({ hasText: 'route 9 reads are back' })).not.toContainText('Client Care wrote');
  });
});
