/**
 * How many requests wait for my decision: its own small module, because the staff header and Home
 * show the count on the first screen without the rest of the approvals contract.
 */
import { endpoint } from './common/endpoint';
import { z } from './common/zod';

export const APPROVALS_WAITING = endpoint({
  method: 'GET',
  path: '/api/v2/approvals/waiting',
  audience: 'staff',
  tag: 'Approvals',
  summary: 'How many requests wait for my decision',
  response: z.object({ waiting: z.number().int() }),
});
