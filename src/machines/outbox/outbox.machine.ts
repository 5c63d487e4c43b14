import { outboxApi } from '@/services/outbox-api';
import { createQueryMachine } from '@/shared/machines/query.machine';

/** The outbox screen: one page of stored emails, newest first. */
export const outboxMachine = createQueryMachine('outbox', (page: number) => outboxApi.page(page));
