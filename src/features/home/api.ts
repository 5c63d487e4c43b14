import type { TicketSummary } from '@contracts/home';
import { http } from '@/shared/http/http';

export const homeApi = {
  /** The signed-in user's open tickets. */
  async myTickets(): Promise<TicketSummary[]> {
    return (await http.get<{ tickets: TicketSummary[] }>('/api/v2/tickets/mine')).data.tickets;
  },
};
