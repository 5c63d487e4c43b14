/** Raw test messages (RFC 5322 with MIME), as a mail client or a forwarding server would send them. */
let counter = 0;

export type TestMail = {
  from: string;
  to?: string;
  subject: string;
  text?: string;
  html?: string;
  messageId?: string | null;
  headers?: Record<string, string>;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
};

/** A fresh Message-ID (unique within the run). */
export const newMessageId = (tag = 'm') => `<${tag}-${process.pid}-${Date.now()}-${++counter}@client.example>`;

export function rawMail(m: TestMail): string {
  const boundary = `b-${++counter}-${Date.now()}`;
  const head = [
    `From: ${m.from}`,
    `To: ${m.to ?? 'support@helpdesk.example'}`,
    `Subject: ${m.subject}`,
    `Date: ${new Date().toUTCString()}`,
    ...(m.messageId === null ? [] : [`Message-ID: ${m.messageId ?? newMessageId()}`]),
    'MIME-Version: 1.0',
    ...Object.entries(m.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
  ];
  const textPart = m.html
    ? [`Content-Type: text/html; charset=utf-8`, 'Content-Transfer-Encoding: 8bit', '', m.html]
    : [`Content-Type: text/plain; charset=utf-8`, 'Content-Transfer-Encoding: 8bit', '', m.text ?? ''];
  if (!m.attachments?.length) return [...head, ...textPart].join('\r\n') + '\r\n';
  const parts = [
    [`--${boundary}`, ...textPart].join('\r\n'),
    ...m.attachments.map((a) =>
      [
        `--${boundary}`,
        `Content-Type: ${a.contentType}; name="${a.filename}"`,
        `Content-Disposition: attachment; filename="${a.filename}"`,
        'Content-Transfer-Encoding: base64',
        '',
        a.content.toString('base64').replace(/.{76}/g, '$&\r\n'),
      ].join('\r\n'),
    ),
  ];
  return [...head, `Content-Type: multipart/mixed; boundary="${boundary}"`, '', ...parts, `--${boundary}--`, ''].join('\r\n');
}

/** A small valid PDF (its first bytes are what the upload checks read). */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
