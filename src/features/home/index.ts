/** Home: the signed-in user's open tickets (/home). */
import type { RegisteredMachine } from '@/shared/machine-registry';
import { myTicketsMachine } from './machines/my-tickets.machine';

export { menu, routes } from './routes';

export const machines: RegisteredMachine[] = [
  {
    id: 'my-tickets',
    machine: myTicketsMachine,
    description:
      'The query machine (createQueryMachine) loading the open tickets on /home; the same chart loads every screen\'s data outside data tables: dashboards, options, ' +
      'company pages and pickers, the outbox and the client portal screens.',
  },
];
