import type { AnyStateMachine } from 'xstate';
import { clientSessionMachine } from './client-session/client-session.machine';
import { myTicketsMachine } from './home/my-tickets.machine';
import { staffSessionMachine } from './staff-session/staff-session.machine';

export type RegisteredMachine = {
  /** File name of the diagram in docs/machines and the key of the path-test coverage. */
  id: string;
  machine: AnyStateMachine;
  description: string;
};

/**
 * Every machine of the app. The diagrams (`npm run machines`, /qa/machines), the path-test
 * coverage check and the live view all read this list: adding a machine is one entry here.
 */
export const machineRegistry: readonly RegisteredMachine[] = [
  { id: 'staff-session', machine: staffSessionMachine, description: 'The staff sign-in session of one browser tab.' },
  { id: 'client-session', machine: clientSessionMachine, description: 'The client-portal session: log-in, verify-token, log-out.' },
  { id: 'my-tickets', machine: myTicketsMachine, description: 'The resource machine (createResourceMachine) loading the open tickets on /home.' },
];
