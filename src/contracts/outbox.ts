import { z } from './common/zod';
import { LIMITS } from './common/constants';
import { pageInput } from './common/input';

export const OUTBOX_PAGE_SIZE_DEFAULT = 20;

/** GET /api/v2/admin/outbox */
export const outboxQuerySchema = z.strictObject({
  page: pageInput().default(1),
  pageSize: z.coerce
    .number({ error: 'Must be a page size' })
    .int()
    .min(1, 'Must be 1 or more')
    .max(LIMITS.pageSizeMax, `Must be at most ${LIMITS.pageSizeMax}`)
    .default(OUTBOX_PAGE_SIZE_DEFAULT),
});
export type OutboxMessage = {
  id: number;
  toAddress: string;
  subject: string;
  body: string;
  kind: string;
  createdAt: string;
  sentAt: string | null;
};
export type OutboxPage = { rows: OutboxMessage[]; total: number; page: number; pageSize: number };

