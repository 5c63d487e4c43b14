import type { OutboxEntry, Page } from '../contracts/client-portal';
import { http } from './api';

/** The admins' view of the outbox (staff portal). */
export const outboxApi = {
  async page(page: number): Promise<Page<OutboxEntry>> {
    return (await http.get<Page<OutboxEntry>>('/api/v2/admin/outbox', { params: { page } })).data;
  },
};
