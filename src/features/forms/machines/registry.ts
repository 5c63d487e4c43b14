/** The forms feature's machines for the app's registry (src/app/machine-registry.ts imports this file itself). */
import { correctionScreenMachine } from './correction-screen.machine';
import { expenseScreenMachine } from './expense-screen.machine';
import { receivedKudosMachine } from './received-kudos.machine';
import type { RegisteredMachine } from '@/shared/machine-registry';

export const machines: RegisteredMachine[] = [
  {
    id: 'correction-screen',
    machine: correctionScreenMachine,
    description: 'The Correction form: which tab shows, which request is open, a problem reported or one of my time entries or punches corrected (which one); a sent correction reloads and shows my submissions and starts a fresh form.',
  },
  {
    id: 'expense-screen',
    machine: expenseScreenMachine,
    description: 'The Travel Expense form: the claim being written (trip, lines, receipts per line with thumbnails), my submissions and review; a sent claim reloads my submissions and starts a fresh one.',
  },
  {
    id: 'received-kudos',
    machine: receivedKudosMachine,
    description: 'The kudos a person received (their profile), a page at a time: a full page offers "Show more", which adds the kudos sent before the last one shown; a failed page keeps what is shown.',
  },
];
