/** Tickets: search, create, view, notes, changes and time (the staff desk). */
import type { RegisteredMachine } from '@/shared/machine-registry';
import { createTicketMachine } from './machines/tickets.machines';
import { createTicketScreenMachine } from './machines/create-ticket.machine';
import { ticketViewMachine } from './machines/ticket-view.machine';
import { ticketViewsMachine } from './machines/ticket-views.machine';
import { ticketChangesMachine } from './machines/ticket-changes.machine';

export { menu, routes } from './routes';

export const machines: RegisteredMachine[] = [
  {
    id: 'create-ticket',
    machine: createTicketMachine,
    description:
      'The submit machine (createSubmitMachine) behind every form: the create forms, the client-user invite, the row actions of client users and company pages, and the client portal forms.',
  },
  {
    id: 'create-ticket-screen',
    machine: createTicketScreenMachine,
    description: "Create Ticket: its fields, the company's contacts and the queue's certified assignees it loads as they change, the save and the ticket it opens.",
  },
  { id: 'ticket-view', machine: ticketViewMachine, description: 'One ticket: load, edit, notes and status changes.' },
  { id: 'ticket-views', machine: ticketViewsMachine, description: "The ticket search's views with their counts, and saving, renaming and deleting the user's own." },
  { id: 'ticket-changes', machine: ticketChangesMachine, description: 'The open ticket list hears of new and changed tickets: it reloads by itself or offers to.' },
];
