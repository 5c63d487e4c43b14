import { z } from './common/zod';
import { pageQuery } from './common/input';

export const OUTBOX_PAGE_SIZE_DEFAULT = 20;

/** GET /api/v2/admin/outbox */
export const outboxQuerySchema = z.strictObject(pageQuery(OUTBOX_PAGE_SIZE_DEFAULT));
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

