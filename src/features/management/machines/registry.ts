/**
 * The management feature's machines for the app's registry (src/app/machine-registry.ts imports
 * this file itself, so the menu entry, which imports the feature's index, brings no machine into
 * the first screen).
 */
import { managementScreenMachine } from './management-dashboard.machine';
import type { RegisteredMachine } from '@/shared/machine-registry';

export const machines: RegisteredMachine[] = [
  {
    id: 'management-dashboard',
    machine: managementScreenMachine,
    description: 'The Management Dashboard: the scope and the list open come from the address; the figures of the scope and the list behind a figure load, fail and retry on their own.',
  },
];
