import { OUTBOX } from '@contracts/outbox';
import { call } from '@/shared/http/http';

/** The admins' view of the outbox (staff portal). */
export const outboxApi = {
  page: (page: number) => call(OUTBOX.page, { query: { page } }),
};
