import { describe, expect, it } from 'vitest';
import { messageData } from '@server/platform/mail/smtp';
import { ticketReplyEmail } from '@server/platform/mail/ticket-reply';

const reply = ticketReplyEmail('https://care.example.com', {
  ticket: { id: 1234, title: 'Autopay file rejected' },
  note: { id: 99, body: 'Resent the file.\n\n<script>alert(1)</script>\n.starts with a dot', author: 'Ana Agent' },
  to: { email: 'pat@acme.example', name: 'Pat' },
});

describe('the mail of a public ticket note on the wire', () => {
  const wire = messageData({ from: 'no-reply@care.example.com', ...reply });
  const [head, ...rest] = wire.split('\r\n\r\n');
  const content = rest.join('\r\n\r\n');

  it('threads on the ticket: its own Message-ID, the ticket root in In-Reply-To and References', () => {
    expect(head).toContain('Subject: [Ticket #1234] Autopay file rejected');
    expect(head).toContain('Message-ID: <ticket-1234.note-99@care.example.com>');
    expect(head).toContain('In-Reply-To: <ticket-1234@care.example.com>');
    expect(head).toContain('References: <ticket-1234@care.example.com>');
  });

  it('carries the text and an HTML alternative that shows the note as text', () => {
    const boundary = /boundary="([^"]+)"/.exec(head!)![1]!;
    expect(head).toContain('Content-Type: multipart/alternative');
    const parts = content.split(`--${boundary}`);
    expect(parts[1]).toContain('Content-Type: text/plain; charset=utf-8');
    expect(parts[1]).toContain('<script>alert(1)</script>');
    expect(parts[1]).toContain('\r\n..starts with a dot');
    expect(parts[1]).toContain('https://care.example.com/client/tickets?id=1234');
    const html = Buffer.from(parts[2]!.split('\r\n\r\n')[1]!.replace(/\r\n/g, ''), 'base64').toString('utf8');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<a href="https://care.example.com/client/tickets?id=1234">');
    expect(parts[3]).toMatch(/^--\r\n\.\r\n$/);
  });

  it('keeps a header value on its line', () => {
    const forged = messageData({ from: 'a@b', to: 'c@d', subject: 'Hi', body: 'x', headers: { References: '<a@b>\r\nBcc: victim@example.com' } });
    expect(forged).not.toMatch(/\r\nBcc:/);
  });
});
