import { z } from './common/zod';
import { endpoint } from './common/endpoint';
import { idInput } from './common/input';

/** POST /api/v2/ticket/check/overdue: whose overdue tickets (the caller's unless a manager asks). */
export const overdueCheckRequestSchema = z.strictObject({
  userId: idInput({ message: 'Must be a user id' }),
});

/** An overdue ticket with the fields of spec section 3. */
export const overdueTicketSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.string(),
  severity: z.string(),
  company_name: z.string().nullable(),
  contact: z.string().nullable(),
  contact_email: z.string().nullable(),
  queue: z.string(),
  /** ISO 8601 instants, UTC. */
  created_at: z.string(),
  duedate: z.string(),
});
export type OverdueTicket = z.infer<typeof overdueTicketSchema>;

export const overdueCheckResponseSchema = z.object({ overdueTickets: z.array(overdueTicketSchema) });
export type OverdueCheckResponse = z.infer<typeof overdueCheckResponseSchema>;

export const OVERDUE = {
  check: endpoint({
    method: 'POST',
    path: '/api/v2/ticket/check/overdue',
    audience: 'staff',
    tag: 'Overdue tickets',
    summary: "A user's overdue tickets (due date past, not closed), oldest due first; another user's only for a manager or admin",
    body: overdueCheckRequestSchema,
    response: overdueCheckResponseSchema,
  }),
} as const;
