import { endpoint } from './common/endpoint';
import { z } from './common/zod';

export * from './common/codes';

export const ticketSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.string(),
  severity: z.string(),
  company_name: z.string().nullable(),
  queue: z.string(),
  duedate: z.string().nullable(),
  created_at: z.string(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const myTicketsResponseSchema = z.object({ tickets: z.array(ticketSummarySchema) });

/**
 * The home screen's endpoint (served by the tickets feature). Defined here, apart from TICKETS, so
 * the first screen after sign-in does not load the ticket desk's schemas.
 */
export const HOME = {
  myTickets: endpoint({
    method: 'GET',
    path: '/api/v2/tickets/mine',
    audience: 'staff',
    tag: 'Tickets',
    summary: "The signed-in user's open tickets, soonest due first",
    response: myTicketsResponseSchema,
  }),
} as const;
