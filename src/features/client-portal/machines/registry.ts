/** The client portal's screen machines for the app's registry (src/app/machine-registry.ts imports this file itself). */
import { clientPaperMachine } from './client-paper.machine';
import { clientReplyMachine } from './client-reply.machine';
import { clientScrMachine } from './client-scr.machine';
import { clientScrRequestMachine } from './client-scr-request.machine';
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
  {
    id: 'client-reply',
    machine: clientReplyMachine,
    description: 'The reply box of a client’s ticket: the text and the chosen files are sent together; once sent, the ticket loads again and the box and the files empty.',
  },
  {
    id: 'client-paper',
    machine: clientPaperMachine,
    description: 'The paper order form: once an order is placed, the past orders load again and the form is empty for the next one.',
  },
  {
    id: 'client-scr-request',
    machine: clientScrRequestMachine,
    description: 'The change request form: once a request is filed, the company’s requests load again and the form is empty for the next one.',
  },
];
