import { randomBytes } from 'node:crypto';
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

export type SmtpMessage = {
  from: string;
  to: string;
  subject: string;
  body: string;
  /** An HTML alternative of `body`: the message goes out as multipart/alternative. */
  html?: string | undefined;
  /** Headers of the message's own (Message-ID, In-Reply-To, References). */
  headers?: Record<string, string> | undefined;
};

const SMTP_TIMEOUT_MS = 15_000;
/** Base64 lines of a MIME part are at most 76 characters. */
const BASE64_LINE = 76;

/** A header value on one line: a line break in it would start a header of the sender's choosing. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

/** The message as it goes on the wire: headers, then the plain text, or both alternatives; CRLF lines. */
export function messageData(m: SmtpMessage): string {
  const subject = /^[\x20-\x7e]*$/.test(m.subject) ? m.subject : `=?UTF-8?B?${Buffer.from(m.subject).toString('base64')}?=`;
  const headers = [
    `From: ${m.from}`,
    `To: ${m.to}`,
    `Subject: ${oneLine(subject)}`,
    `Date: ${new Date().toUTCString()}`,
    ...Object.entries(m.headers ?? {}).map(([name, value]) => `${name}: ${oneLine(value)}`),
    'MIME-Version: 1.0',
  ];
  const text = m.body.replace(/\r?\n/g, '\r\n');
  let content: string;
  if (m.html === undefined) {
    headers.push('Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit');
    content = text;
  } else {
    const boundary = `cc-${randomBytes(12).toString('hex')}`;
    const html = Buffer.from(m.html).toString('base64').replace(new RegExp(`.{${BASE64_LINE}}`, 'g'), '$&\r\n').replace(/\r\n$/, '');
    headers.push(`Content-Type: multipart/alternative; boundary="${boundary}"`);
    content = [
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      text,
      `--${boundary}`,
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      html,
      `--${boundary}--`,
    ].join('\r\n');
  }
  return `${headers.join('\r\n')}\r\n\r\n${content.replace(/^\./gm, '..')}\r\n.\r\n`;
}

/**
 * Sends one email (plain text, or plain text and HTML) to the server of an `smtp://[user:pass@]host[:port]` or `smtps://`
 * URL (implicit TLS). A small client on purpose: the outbox needs nothing more.
 */
export function sendSmtp(url: string, message: SmtpMessage): Promise<void> {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  const port = Number(u.port || (secure ? 465 : 25));
  const socket: Socket = secure ? tlsConnect({ host: u.hostname, port, servername: u.hostname }) : netConnect({ host: u.hostname, port });
  socket.setEncoding('utf8');
  socket.setTimeout(SMTP_TIMEOUT_MS);

  const user = decodeURIComponent(u.username);
  const pass = decodeURIComponent(u.password);
  const steps: { send?: string; expect: number }[] = [
    { expect: 220 },
    { send: 'EHLO client-care', expect: 250 },
    ...(user ? [{ send: `AUTH PLAIN ${Buffer.from(`\0${user}\0${pass}`).toString('base64')}`, expect: 235 }] : []),
    { send: `MAIL FROM:<${message.from}>`, expect: 250 },
    { send: `RCPT TO:<${message.to}>`, expect: 250 },
    { send: 'DATA', expect: 354 },
    { send: messageData(message).replace(/\r\n$/, ''), expect: 250 },
    { send: 'QUIT', expect: 221 },
  ];

  return new Promise((resolve, reject) => {
    let buffer = '';
    let step = 0;
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.on('timeout', () => fail(new Error('SMTP server timed out')));
    socket.on('error', fail);
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      // A reply is complete at a line "NNN text" (multi-line replies use "NNN-text").
      for (;;) {
        const match = /^(\d{3}) .*\r?\n/m.exec(buffer);
        if (!match) return;
        const code = Number(match[1]);
        buffer = buffer.slice(match.index + match[0].length);
        const current = steps[step]!;
        if (code !== current.expect) return fail(new Error(`SMTP server answered ${match[0].trim()}`));
        step += 1;
        if (step >= steps.length) {
          socket.end();
          return resolve();
        }
        socket.write(`${steps[step]!.send}\r\n`);
      }
    });
  });
}
