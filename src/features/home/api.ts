import { HOME, type MyDesk } from '@contracts/home';
import { call } from '@/shared/http/http';
import { readerTimeZoneSettled } from '@/shared/ui/tokens/format';


export const homeApi = {
  /** The signed-in user's desk: counts of their open, overdue and due-today tickets, the first of each list. */
  async myDesk(): Promise<MyDesk> {
    // The reader's zone (their profile's, else the browser's) names the day "Due today" counts.
    return call(HOME.myTickets, { query: { tz: await readerTimeZoneSettled() } });
  },
};
