/**
 * Every machine of the app: the shared ones, then each feature's (one line per feature). The
 * diagrams (`npm run machines`, /qa/machines), the path-test coverage check and the live view all
 * read this list. A factory (query, submit) is listed once, through one instance the app uses;
 * its other instances have the same states. The server-mode tables (tickets, companies, client
 * users) are the table machine with another fetch, so they are the `table` entry.
 */
import { machines as approvalMachines } from '@/features/approvals/machines/registry';
import { machines as changeMachines } from '@/features/changes/machines/registry';
import { machines as formMachines } from '@/features/forms/machines/registry';
import { machines as channelMachines } from '@/features/channels/machines/registry';
import { machines as managementMachines } from '@/features/management/machines/registry';
import { machines as qualityMachines } from '@/features/quality/machines/registry';
import { machines as clientPortalMachines } from '@/features/client-portal/machines/registry';
import * as companies from '@/features/companies';
import * as home from '@/features/home';
import * as notifications from '@/features/notifications';
import * as people from '@/features/people';
import * as reports from '@/features/reports';
import * as quotes from '@/features/quotes';
import * as sales from '@/features/sales';
import * as assistant from '@/features/assistant';
import * as liveDisplays from '@/features/live-displays';
import * as search from '@/features/search';
import * as projects from '@/features/projects';
import * as shell from '@/features/shell';
import * as surveyPage from '@/features/survey-page';
import * as surveys from '@/features/surveys';
import * as tableDemo from '@/features/table-demo';
import * as tickets from '@/features/tickets';
import * as time from '@/features/time';
import { provideMachineRegistry, type RegisteredMachine } from '@/shared/machine-registry';
import { dialogMachine } from '@/shared/machines/dialog.machine';
import { fileDownloadMachine } from '@/shared/machines/file-download.machine';
import { thumbnailsMachine } from '@/shared/machines/thumbnails.machine';
import { fileListMachine } from '@/shared/machines/file-list.machine';
import { tableMachine } from '@/shared/machines/table/table.machine';
import { clientSessionMachine } from '@/shared/session/client-session.machine';
import { crossTabMachine } from '@/shared/session/cross-tab/cross-tab.machine';
import { overdueMachine } from '@/shared/session/overdue.machine';
import { avatarMachine } from '@/shared/session/avatar.machine';
import { shortcutsMachine } from '@/shared/shortcuts/shortcuts.machine';
import { scrollMachine } from '@/shared/scroll/scroll.machine';
import { staffSessionMachine } from '@/shared/session/staff-session.machine';

export type { RegisteredMachine } from '@/shared/machine-registry';

/** The machines of the shared layer: the sessions and the kit every feature uses. */
const SHARED: RegisteredMachine[] = [
  { id: 'staff-session', machine: staffSessionMachine, description: 'The staff sign-in session of one browser tab.' },
  { id: 'overdue', machine: overdueMachine, description: 'Overdue-ticket polling, invoked by the signed-in staff session.' },
  { id: 'avatar', machine: avatarMachine, description: "The signed-in person's picture in the header, invoked by the signed-in staff session." },
  { id: 'cross-tab', machine: crossTabMachine, description: 'Hands the staff session over to windows the portal opens (chatbot).' },
  { id: 'client-session', machine: clientSessionMachine, description: 'The client-portal session: log-in, verify-token, log-out.' },
  { id: 'table', machine: tableMachine, description: 'The data table (client or server mode): sort, filter, search, paging, selection.' },
  { id: 'dialog', machine: dialogMachine, description: 'The dialog service: queued alerts, confirms and prompts.' },
  { id: 'scroll', machine: scrollMachine, description: 'Scrolls on navigation: to the top, back to a saved position, or to an anchor held while the page settles.' },
  { id: 'shortcuts', machine: shortcutsMachine, description: 'The staff keyboard shortcuts: search palette, shortcut overlay, go-to keys, list rows.' },
  { id: 'file-list', machine: fileListMachine, description: 'The files chosen for a note or a reply, under the upload limits.' },
  { id: 'file-download', machine: fileDownloadMachine, description: 'Fetches a stored file with the session and offers it as a download, or shows an image in the viewer.' },
  { id: 'thumbnails', machine: thumbnailsMachine, description: "Fetches image attachments' thumbnails with the session, an object URL for each." },
];

export const machineRegistry: readonly RegisteredMachine[] = [
  ...SHARED,
  ...shell.machines,
  ...search.machines,
  ...assistant.machines,
  ...liveDisplays.machines,
  ...tableDemo.machines,
  ...surveyPage.machines,
  ...surveys.machines,
  ...home.machines,
  ...tickets.machines,
  ...companies.machines,
  ...time.machines,
  ...reports.machines,
  ...quotes.machines,
  ...sales.machines,
  ...projects.machines,
  ...notifications.machines,
  ...approvalMachines,
  ...formMachines,
  ...channelMachines,
  ...changeMachines,
  ...qualityMachines,
  ...people.machines,
  ...managementMachines,
  ...clientPortalMachines,
];

provideMachineRegistry(machineRegistry);
