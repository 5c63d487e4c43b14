/** The quality feature's machines for the app's registry (src/app/machine-registry.ts imports this file itself). */
import { qaScreenMachine } from './qa-screen.machine';
import type { RegisteredMachine } from '@/shared/machine-registry';

export const machines: RegisteredMachine[] = [
  {
    id: 'qa-screen',
    machine: qaScreenMachine,
    description: 'The QA queue: which item is open; taking an item opens it with its run; a recorded result loads the item, the queue and the figures again.',
  },
];
