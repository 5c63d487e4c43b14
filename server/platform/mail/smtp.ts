import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

export type SmtpMessage = { from: string; to: string; subject: string; body: string };

const SMTP_TIMEOUT_MS = 15_000;

/** Plain-text lines of a message, dot-stuffed, CRLF-terminated. */
function messageData(m: SmtpMessage): string {
  const subject = /^[\x20-\x7e]*$/.test(m.subject) ? m.subject : `=?UTF-8?B?${Buffer.from(m.subject).toString('base64')}?=`;
  const headers = [
    `From: ${m.from}`,
    `To: ${m.to}`,
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  const body = m.body.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
  return `${headers.join('\r\n')}\r\n\r\n${body}\r\n.\r\n`;
}

/**
 * Sends one plain-text email to the server of an `smtp://[user:pass@]host[:port]` or `smtps://`
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
