import { homeApi } from '../api';
import { createQueryMachine } from '@/shared/machines/query.machine';

/** The signed-in user's desk on the home screen: their ticket counts and the first of their open and overdue tickets. */
export const myTicketsMachine = createQueryMachine('myTickets', () => homeApi.myDesk());
