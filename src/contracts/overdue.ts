import { z } from './common/zod';
import { idInput } from './common/input';

/** POST /api/v2/ticket/check/overdue: whose overdue tickets (the caller's unless a manager asks). */
export const overdueCheckRequestSchema = z.strictObject({
  userId: idInput({ message: 'Must be a user id' }),
});

/** An overdue ticket with the fields of spec section 3. */
export type OverdueTicket = {
  id: number;
  title: string;
  status: string;
  severity: string;
  company_name: string | null;
  contact: string | null;
  contact_email: string | null;
  queue: string;
  created_at: string;
  duedate: string;
};

export type OverdueCheckResponse = { overdueTickets: OverdueTicket[] };
