import { homeApi } from '../api';
import { createQueryMachine } from '@/shared/machines/query.machine';

/** The signed-in user's open tickets on the home screen. */
export const myTicketsMachine = createQueryMachine('myTickets', () => homeApi.myTickets());
