import { createActorContext } from '@xstate/react';
import { clientSessionMachine } from './client-session.machine';

/** The client-portal session actor, shared by every /client screen. */
export const ClientSession = createActorContext(clientSessionMachine);
