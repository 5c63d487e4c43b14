/** The change requests feature's machines for the app's registry (src/app/machine-registry.ts imports this file itself). */
import { changeCalendarMachine } from './change-calendar.machine';
import { changeTemplatesMachine } from './changes.machines';
import { scrScreenMachine } from './scr-screen.machine';
import type { RegisteredMachine } from '@/shared/machine-registry';

export const machines: RegisteredMachine[] = [
  {
    id: 'scr-screen',
    machine: scrScreenMachine,
    description: 'A change request’s page: a move opens its dialog of required fields; a saved move, review or comment loads the SCR again; a refusal naming no field loads it again too.',
  },
  {
    id: 'change-calendar',
    machine: changeCalendarMachine,
    description: 'The change calendar’s feeds: a new secret address is shown once until dismissed; a revoked feed leaves the list, which loads again after each save.',
  },
  {
    id: 'change-templates',
    machine: changeTemplatesMachine,
    description: 'Standard change templates and new change requests: a template’s dialog saves or retires it and the list loads again; a change request raised (from a template or not) opens its page.',
  },
];
