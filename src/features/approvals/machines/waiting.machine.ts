import { APPROVALS_WAITING } from '@contracts/approvals-waiting';
import { call } from '@/shared/http/http';
import { createQueryMachine } from '@/shared/machines/query.machine';

/** How many requests wait for my decision (the header's link, Home's card); light, as they show on the first screen. */
export const waitingMachine = createQueryMachine('approvals-waiting', (): Promise<{ waiting: number }> => call(APPROVALS_WAITING));
