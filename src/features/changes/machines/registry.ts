/** The change requests feature's machines for the app's registry (src/app/machine-registry.ts imports this file itself). */
import { scrScreenMachine } from './scr-screen.machine';
import type { RegisteredMachine } from '@/shared/machine-registry';

export const machines: RegisteredMachine[] = [
  {
    id: 'scr-screen',
    machine: scrScreenMachine,
    description: 'A change request’s page: a move opens its dialog of required fields; a saved move or comment loads the SCR again; a refusal naming no field loads it again too.',
  },
];
