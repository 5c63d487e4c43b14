import { endpoint } from './common/endpoint';
import { pageQuery } from './common/input';
import { z } from './common/zod';

export const OUTBOX_PAGE_SIZE_DEFAULT = 20;

export const outboxQuerySchema = z.strictObject(pageQuery(OUTBOX_PAGE_SIZE_DEFAULT));

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  toAddress: z.string(),
  subject: z.string(),
  body: z.string(),
  kind: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** Why the email is not sent (its address bounced), or null. */
  skippedReason: z.string().nullable(),
  /** Threading headers the email carries (mail about a ticket answers the ticket's first message), or null. */
  messageId: z.string().nullable(),
  inReplyTo: z.string().nullable(),
  references: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxPageSchema = z.object({
  rows: z.array(outboxMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const OUTBOX = {
  page: endpoint({
    method: 'GET',
    path: '/api/v2/admin/outbox',
    audience: 'staff',
    roles: ['admin'],
    tag: 'Outbox',
    summary: 'A page of every email the system queued, newest first',
    query: outboxQuerySchema,
    response: outboxPageSchema,
  }),
} as const;
