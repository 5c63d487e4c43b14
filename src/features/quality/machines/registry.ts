/** The quality feature's machines for the app's registry (src/app/machine-registry.ts imports this file itself). */
import { qaScreenMachine } from './qa-screen.machine';
import { testCasesScreenMachine } from './test-cases.machine';
import type { RegisteredMachine } from '@/shared/machine-registry';

export const machines: RegisteredMachine[] = [
  {
    id: 'qa-screen',
    machine: qaScreenMachine,
    description: 'The QA queue: which item is open; taking an item opens it with its run; a recorded result loads the item, the queue and the figures again.',
  },
  {
    id: 'qa-test-cases',
    machine: testCasesScreenMachine,
    description: 'The QA test cases by product area: the area picked, the dialog writing or editing a case, retiring one; the list loads again after each.',
  },
];
