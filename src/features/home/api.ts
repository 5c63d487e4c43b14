import { HOME, type TicketSummary } from '@contracts/home';
import { call } from '@/shared/http/http';

export const homeApi = {
  /** The signed-in user's open tickets. */
  async myTickets(): Promise<TicketSummary[]> {
    return (await call(HOME.myTickets)).tickets;
  },
};
