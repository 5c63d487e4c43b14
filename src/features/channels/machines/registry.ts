/** The Email in feature's machines for the app's registry (src/app/machine-registry.ts imports this file itself). */
import { mailChannelsScreenMachine } from './mail-channels-screen.machine';
import type { RegisteredMachine } from '@/shared/machine-registry';

export const machines: RegisteredMachine[] = [
  {
    id: 'mail-channels-screen',
    machine: mailChannelsScreenMachine,
    description: 'The Email in channel form: adds a channel or changes one; a saved channel reloads the list and starts a fresh form.',
  },
];
