/** The client portal's screen machines for the app's registry (src/app/machine-registry.ts imports this file itself). */
import { clientScrMachine } from './client-scr.machine';
import { mailSettingsMachine } from './mail-settings.machine';
import type { RegisteredMachine } from '@/shared/machine-registry';

export const machines: RegisteredMachine[] = [
  {
    id: 'client-mail-settings',
    machine: mailSettingsMachine,
    description: 'The client\'s "Email me when…" card on Contact support: the saved settings load, the switches change, Save sends them and says so.',
  },
  {
    id: 'client-scr',
    machine: clientScrMachine,
    description: 'A client’s change request page: the timeline loads, and each load fetches the thumbnails of its image files.',
  },
];
