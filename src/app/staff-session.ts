import { createActorContext } from '@xstate/react';
import { staffSessionMachine } from '../machines/staff-session/staff-session.machine';

/** The staff session actor of this tab, shared by every staff screen. */
export const StaffSession = createActorContext(staffSessionMachine);
