import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { bodyOf, titleOf } from '@server/features/mail-in/mail-in.commands';
import { authenticationResults, automaticReason, messageKey, parseHeaders, ticketReferences, trimQuoted } from '@server/features/mail-in/parse';
import { openSecret, sealSecret } from '@server/features/mail-in/secret';
import { rawMail } from './mail-message';

const KEY = 'k'.repeat(40);

describe('reading received mail', () => {
  it('cuts the quoted history of the usual mail clients', () => {
    expect(trimQuoted('Thanks, fixed.\n\nOn Tue, 3 Mar 2026 at 10:00, Help <h@x.example> wrote:\n> old')).toBe('Thanks, fixed.');
    expect(trimQuoted('Yes please\n\n-----Original Message-----\nFrom: Help\nSent: Monday')).toBe('Yes please');
    expect(trimQuoted('Sure\n\nFrom: Help Desk <h@x.example>\nSent: Monday\nTo: me\nSubject: Re: x\n\nold')).toBe('Sure');
    expect(trimQuoted('Top line\n> quoted\n> more\n')).toBe('Top line');
    expect(trimQuoted('Body\n-- \nAnn, Acme')).toBe('Body');
    expect(trimQuoted('> only a quote')).toBe('> only a quote');
  });

  it('turns an HTML-only message into text, with no markup or script left', async () => {
    const raw = rawMail({ from: 'a@acme.example', subject: 's', html: '<p>Hello <b>team</b></p><script>alert(1)</script><p>Line two</p>' });
    const text = bodyOf(await simpleParser(raw), []);
    expect(text).toContain('Hello team');
    expect(text).toContain('Line two');
    expect(text).not.toMatch(/<|alert/);
  });

  it('makes a title of the subject without reply prefixes or our ticket tag', () => {
    expect(titleOf('RE: Fwd: [Ticket #12] Printer')).toBe('Printer');
    expect(titleOf('')).toBe('(no subject)');
    expect(titleOf('x'.repeat(500))).toHaveLength(200);
  });

  it('finds the ticket a reply answers: our ids first, then the subject, never another host', () => {
    const headers = parseHeaders(Buffer.from('In-Reply-To: <ticket-7.note-3@help.example>\r\nReferences: <ticket-9@evil.example> <ticket-8@help.example>\r\n\r\n'));
    expect(ticketReferences(headers, 'Re: [Ticket #11] x', 'help.example')).toEqual([7, 8, 11]);
  });

  it('knows automatic mail and records what the receiving server said', () => {
    const h = (text: string) => parseHeaders(Buffer.from(`${text}\r\n\r\n`));
    expect(automaticReason(h('Auto-Submitted: auto-replied'))).toMatch(/Automatic/);
    expect(automaticReason(h('Auto-Submitted: no'))).toBeNull();
    expect(automaticReason(h('Precedence: bulk'))).toMatch(/Precedence/);
    expect(automaticReason(h('From: a@b.example'))).toBeNull();
    expect(authenticationResults(h('Authentication-Results: mx.example;\r\n spf=softfail smtp.mailfrom=x; dkim=fail; dmarc=pass'))).toEqual({ spf: 'softfail', dkim: 'fail', dmarc: 'pass' });
  });

  it('keys a message by its Message-ID, or by its bytes without one', () => {
    expect(messageKey(parseHeaders(Buffer.from('Message-ID: <a@b>\r\n\r\n')), Buffer.from(''))).toBe('<a@b>');
    const raw = Buffer.from('Subject: x\r\n\r\nbody');
    expect(messageKey(parseHeaders(raw), raw)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('seals mailbox passwords so only the key opens them', () => {
    const sealed = sealSecret(KEY, 'hunter2');
    expect(sealed).not.toContain('hunter2');
    expect(openSecret(KEY, sealed)).toBe('hunter2');
    expect(() => openSecret('another key that is long enough to use', sealed)).toThrow();
  });
});
