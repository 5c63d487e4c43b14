import { outboxApi } from '../api';
import { createQueryMachine } from '@/shared/machines/query.machine';

/** The outbox screen: one page of stored emails, newest first. */
export const outboxMachine = createQueryMachine('outbox', (page: number) => outboxApi.page(page));
