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
