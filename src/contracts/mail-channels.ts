/**
 * Email in: the channels mail arrives by, what became of each message, and the review list of
 * messages nobody could be matched to. Admins configure channels; staff read messages.
 */
import { QUEUES, SEVERITY_CODES, PRIORITY_MESSAGE, type Severity } from './common/codes';
import { endpoint } from './common/endpoint';
import { idParamsSchema, pageQuery, pickedId, safeText } from './common/input';
import { z } from './common/zod';

export const MAIL_CHANNEL_KINDS = ['imap', 'smtp'] as const;
export type MailChannelKind = (typeof MAIL_CHANNEL_KINDS)[number];

/** What became of a received message. */
export const MAIL_OUTCOMES = ['ticket', 'note', 'review', 'ignored', 'bounce'] as const;
export type MailOutcome = (typeof MAIL_OUTCOMES)[number];

export const MAIL_LIMITS = {
  /** A message larger than this is stored for review, not turned into a ticket. */
  processBytes: 15 * 1024 * 1024,
  /** The most kept of a message (raw, for audit); past it the start is kept and marked cut. */
  storeBytes: 32 * 1024 * 1024,
  /** Mails from one sender on one channel within an hour beyond which the rest are ignored (a loop guard). */
  perSenderPerHour: 20,
  /** The largest message an SMTP listener may be set to take. */
  listenerMaxBytes: 50 * 1024 * 1024,
  /** How often a mailbox without IDLE is read, and the longest wait after errors. */
  pollSeconds: 60,
  backoffMaxSeconds: 300,
  /** The longest first note taken from a message (the raw message keeps the rest). */
  noteChars: 20_000,
  /** The longest ticket title taken from a subject. */
  titleChars: 200,
} as const;

export const MAIL_PAGE_SIZE_DEFAULT = 25;

const severity = z.enum(SEVERITY_CODES as unknown as [Severity, ...Severity[]], { error: PRIORITY_MESSAGE });
const queue = z.enum(QUEUES, { error: `Queue must be one of ${QUEUES.join(', ')}` });
const host = safeText('Enter the server name', 'Server').trim().min(1, 'Enter the server name').max(255, 'The server name is at most 255 characters');
const port = z.coerce.number({ error: 'Port must be a number' }).int('Port must be a whole number').min(1, 'Port must be 1 to 65535').max(65535, 'Port must be 1 to 65535');

export const mailChannelInputSchema = z
  .strictObject({
    name: safeText('Enter a name', 'Name').trim().min(1, 'Enter a name').max(120, 'The name is at most 120 characters'),
    kind: z.enum(MAIL_CHANNEL_KINDS, { error: 'Kind must be imap or smtp' }),
    enabled: z.boolean({ error: 'Enabled must be true or false' }).default(false),
    address: safeText('Enter the address clients write to, such as support@example.com', 'Address')
      .trim()
      .max(254, 'The address is at most 254 characters')
      .pipe(z.email({ error: 'Enter the address clients write to, such as support@example.com' })),
    queue,
    severity,
    imapHost: host.optional(),
    imapPort: port.optional(),
    imapTls: z.boolean({ error: 'TLS must be true or false' }).default(true),
    imapUser: safeText('Enter the mailbox user', 'User').trim().min(1, 'Enter the mailbox user').max(254).optional(),
    /** Blank on an update keeps the stored password. */
    imapPassword: safeText('Enter the mailbox password', 'Password', 'secret').max(500, 'The password is at most 500 characters').optional(),
    imapFolder: safeText('Enter a folder', 'Folder').trim().min(1, 'Enter a folder').max(200).default('INBOX'),
    listenHost: host.optional(),
    listenPort: port.optional(),
    maxBytes: z.coerce
      .number({ error: 'Largest message must be a number of bytes' })
      .int()
      .min(1024, 'Largest message must be at least 1024 bytes')
      .max(MAIL_LIMITS.listenerMaxBytes, `Largest message must be at most ${MAIL_LIMITS.listenerMaxBytes} bytes`)
      .default(25 * 1024 * 1024),
  })
  .superRefine((v, issue) => {
    if (v.kind === 'imap') {
      if (!v.imapHost) issue.addIssue({ code: 'custom', path: ['imapHost'], message: 'Enter the IMAP server name' });
      if (!v.imapPort) issue.addIssue({ code: 'custom', path: ['imapPort'], message: 'Enter the IMAP port' });
      if (!v.imapUser) issue.addIssue({ code: 'custom', path: ['imapUser'], message: 'Enter the mailbox user' });
    } else {
      if (!v.listenHost) issue.addIssue({ code: 'custom', path: ['listenHost'], message: 'Enter the address to listen on' });
      if (!v.listenPort) issue.addIssue({ code: 'custom', path: ['listenPort'], message: 'Enter the port to listen on' });
    }
  });
export type MailChannelInput = z.input<typeof mailChannelInputSchema>;

export const mailChannelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(MAIL_CHANNEL_KINDS),
  enabled: z.boolean(),
  address: z.string(),
  queue: z.string(),
  severity: z.string(),
  imapHost: z.string().nullable(),
  imapPort: z.number().int().nullable(),
  imapTls: z.boolean(),
  imapUser: z.string().nullable(),
  /** Whether a password is stored (it is never sent back). */
  hasPassword: z.boolean(),
  imapFolder: z.string(),
  listenHost: z.string().nullable(),
  listenPort: z.number().int().nullable(),
  maxBytes: z.number().int(),
  state: z.string(),
  lastError: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
});
export type MailChannel = z.infer<typeof mailChannelSchema>;

export const mailMessagesQuerySchema = z.strictObject({
  ...pageQuery(MAIL_PAGE_SIZE_DEFAULT),
  outcome: z.enum(MAIL_OUTCOMES, { error: `Outcome must be one of ${MAIL_OUTCOMES.join(', ')}` }).optional(),
  /** Only messages still waiting for a person (review, not yet dealt with). */
  open: z.enum(['true', 'false'], { error: 'Open must be true or false' }).transform((v) => v === 'true').optional(),
});

export const mailMessageSchema = z.object({
  id: z.number().int(),
  channel: z.string(),
  receivedAt: z.string(),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  sizeBytes: z.number().int(),
  outcome: z.enum(MAIL_OUTCOMES),
  reason: z.string(),
  companyId: z.number().int().nullable(),
  ticketId: z.number().int().nullable(),
  spf: z.string().nullable(),
  dkim: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

export const mailMessagePageSchema = z.object({
  rows: z.array(mailMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** A message under review made into a ticket of a company, or set aside. */
export const mailReviewSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({ action: z.literal('ticket'), companyId: pickedId('Pick a company') }),
    z.strictObject({ action: z.literal('dismiss') }),
  ],
  { error: 'Action must be ticket or dismiss' },
);

export const companyMailDomainsSchema = z.strictObject({
  companyId: pickedId('Pick a company'),
  domains: z
    .array(
      safeText('Each domain must be text', 'Domain')
        .trim()
        .toLowerCase()
        .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Each domain must look like example.com'),
      { error: 'Domains must be a list' },
    )
    .max(50, 'At most 50 domains'),
});
export const companyMailDomainsAnswerSchema = z.object({ companyId: z.number().int(), domains: z.array(z.string()) });

const TAG = 'Email in';

export const MAIL_CHANNELS = {
  list: endpoint({ method: 'GET', path: '/api/v2/admin/mail-channels', audience: 'staff', roles: ['admin'], tag: TAG, summary: 'Every mail channel', response: z.array(mailChannelSchema) }),
  create: endpoint({ method: 'POST', path: '/api/v2/admin/mail-channels', audience: 'staff', roles: ['admin'], tag: TAG, summary: 'Adds a mail channel (off unless enabled)', body: mailChannelInputSchema, status: 201, response: mailChannelSchema }),
  update: endpoint({ method: 'PUT', path: '/api/v2/admin/mail-channels/:id', audience: 'staff', roles: ['admin'], tag: TAG, summary: 'Changes a mail channel; a blank password keeps the stored one', params: idParamsSchema, body: mailChannelInputSchema, response: mailChannelSchema }),
  messages: endpoint({ method: 'GET', path: '/api/v2/mail-messages', audience: 'staff', tag: TAG, summary: 'Received messages, newest first, and what became of each', query: mailMessagesQuerySchema, response: mailMessagePageSchema }),
  raw: endpoint({ method: 'GET', path: '/api/v2/mail-messages/:id/raw', audience: 'staff', tag: TAG, summary: 'The original message as received (for audit)', params: idParamsSchema, produces: 'text/plain' }),
  review: endpoint({ method: 'POST', path: '/api/v2/mail-messages/:id/review', audience: 'staff', tag: TAG, summary: 'Makes a message under review a ticket of a company, or sets it aside', params: idParamsSchema, body: mailReviewSchema, response: mailMessageSchema }),
  domains: endpoint({ method: 'PUT', path: '/api/v2/admin/mail-domains', audience: 'staff', roles: ['admin'], tag: TAG, summary: "Sets the mail domains that route unknown senders to a company", body: companyMailDomainsSchema, response: companyMailDomainsAnswerSchema }),
} as const;
