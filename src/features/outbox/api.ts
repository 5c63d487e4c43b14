import type { OutboxPage } from '@contracts/outbox';
import { http } from '@/shared/http/http';

/** The admins' view of the outbox (staff portal). */
export const outboxApi = {
  async page(page: number): Promise<OutboxPage> {
    return (await http.get<OutboxPage>('/api/v2/admin/outbox', { params: { page } })).data;
  },
};
