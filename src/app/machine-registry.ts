import type { AnyStateMachine } from 'xstate';
import { contactSupportMachine } from '@/features/client-portal/machines/client-portal.machines';
import { clientSessionMachine } from '@/shared/session/client-session.machine';
import { crossTabMachine } from '@/shared/session/cross-tab/cross-tab.machine';
import { dialogMachine } from '@/shared/machines/dialog.machine';
import { myTicketsMachine } from '@/features/home/machines/my-tickets.machine';
import { overdueMachine } from '@/shared/session/overdue.machine';
import { shellMachine } from '@/features/shell/machines/shell.machine';
import { staffSessionMachine } from '@/shared/session/staff-session.machine';
import { surveyResultsMachine } from '@/features/surveys/machines/survey-results.machine';
import { surveyMachine } from '@/features/survey-page/machines/survey.machine';
import { tableDemoMachine } from '@/features/table-demo/machines/table-demo.machine';
import { tableMachine } from '@/shared/machines/table/table.machine';
import { createTicketMachine } from '@/features/tickets/machines/tickets.machines';
import { ticketViewMachine } from '@/features/tickets/machines/ticket-view.machine';

export type RegisteredMachine = {
  /** File name of the diagram in docs/machines and the key of the path-test coverage. */
  id: string;
  machine: AnyStateMachine;
  description: string;
};

/**
 * Every machine of the app. The diagrams (`npm run machines`, /qa/machines), the path-test
 * coverage check and the live view all read this list: adding a machine is one entry here.
 * A factory (query, submit, form) is listed once, through one instance the app uses; its other instances
 * have the same states. The server-mode tables (tickets, companies, client users) are the
 * table machine with another fetch, so they are the `table` entry.
 */
export const machineRegistry: readonly RegisteredMachine[] = [
  { id: 'staff-session', machine: staffSessionMachine, description: 'The staff sign-in session of one browser tab.' },
  { id: 'overdue', machine: overdueMachine, description: 'Overdue-ticket polling, invoked by the signed-in staff session.' },
  { id: 'cross-tab', machine: crossTabMachine, description: 'Hands the staff session over to windows the portal opens (chatbot).' },
  { id: 'shell', machine: shellMachine, description: 'The staff layout: sidebar open/closed and its open groups.' },
  { id: 'client-session', machine: clientSessionMachine, description: 'The client-portal session: log-in, verify-token, log-out.' },
  { id: 'table', machine: tableMachine, description: 'The data table (client or server mode): sort, filter, search, paging, selection.' },
  { id: 'table-demo', machine: tableDemoMachine, description: 'The rows of the data table demo screen.' },
  { id: 'dialog', machine: dialogMachine, description: 'The dialog service: queued alerts, confirms and prompts.' },
  { id: 'survey', machine: surveyMachine, description: 'A satisfaction survey page, from loading to thank-you.' },
  { id: 'survey-results', machine: surveyResultsMachine, description: 'The survey results report for staff.' },
  {
    id: 'my-tickets',
    machine: myTicketsMachine,
    description:
      'The query machine (createQueryMachine) loading the open tickets on /home; the same chart loads every screen\'s data outside data tables: dashboards, options, ' +
      'company pages and pickers, the outbox and the client portal screens.',
  },
  { id: 'create-ticket', machine: createTicketMachine, description: 'The submit machine (createSubmitMachine) behind the create forms, the client-user invite and the row actions of client users and company pages.' },
  { id: 'client-contact-support', machine: contactSupportMachine, description: 'The form machine (createFormMachine) behind the client portal forms.' },
  { id: 'ticket-view', machine: ticketViewMachine, description: 'One ticket: load, edit, notes and status changes.' },
];
