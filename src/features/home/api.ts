import { HOME, type MyDesk } from '@contracts/home';
import { call } from '@/shared/http/http';

/** The browser's time zone, which names the day "Due today" counts. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;

export const homeApi = {
  /** The signed-in user's desk: counts of their open, overdue and due-today tickets, the first of each list. */
  async myDesk(): Promise<MyDesk> {
    const tz = browserTimeZone();
    return call(HOME.myTickets, { query: tz ? { tz } : {} });
  },
};
