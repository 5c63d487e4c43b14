import { ticketsApi } from '../../services/api';
import { createResourceMachine } from '../resource/resource.machine';

/** The signed-in user's open tickets on the home screen. */
export const myTicketsMachine = createResourceMachine('myTickets', () => ticketsApi.mine());
