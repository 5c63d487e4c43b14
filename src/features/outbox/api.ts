import type { OutboxPage } from '@contracts/outbox';
import { dataOf, http } from '@/shared/http/http';

/** The admins' view of the outbox (staff portal). */
export const outboxApi = {
  page: (page: number): Promise<OutboxPage> => dataOf(http.get<OutboxPage>('/api/v2/admin/outbox', { params: { page } })),
};
