/** The forms feature's machines for the app's registry (src/app/machine-registry.ts imports this file itself). */
import { correctionScreenMachine } from './correction-screen.machine';
import type { RegisteredMachine } from '@/shared/machine-registry';

export const machines: RegisteredMachine[] = [
  {
    id: 'correction-screen',
    machine: correctionScreenMachine,
    description: 'The Correction form: which tab shows, which request is open; a sent correction reloads and shows my submissions and starts a fresh form.',
  },
];
