import { ticketsApi } from '../../services/api';
import { createQueryMachine } from '../query/query.machine';

/** The signed-in user's open tickets on the home screen. */
export const myTicketsMachine = createQueryMachine('myTickets', () => ticketsApi.mine());
