/** People: the profile (/user/options), the org chart (/orgchart), the weekly schedule and the certification and PTO dashboard. */
export { routes } from './routes';
import type { RegisteredMachine } from '@/shared/machine-registry';
import { orgChartScreenMachine } from './machines/org-chart.machine';
import { ptoRequestMachine } from './machines/pto-request.machine';
import { profileAvatarMachine } from './machines/profile-avatar.machine';
import { scheduleEditorMachine } from './machines/schedule-editor.machine';
import { scheduleToolsMachine } from './machines/schedule-tools.machine';

export const machines: RegisteredMachine[] = [
  { id: 'org-chart', machine: orgChartScreenMachine, description: 'The org chart: search, open managers, focus a person and their chain; an admin changes a reporting line, a loop refused.' },
  { id: 'schedule-editor', machine: scheduleEditorMachine, description: 'The weekly schedule: a team and its weeks loaded; its owner adds, moves and removes shifts in a dialog, a refusal kept beside the field.' },
  { id: 'schedule-tools', machine: scheduleToolsMachine, description: "The weekly schedule's dialogs: the owner sets the on-call rotation and adds or removes overrides; a member asks for a shift swap; everyone creates, copies and revokes calendar feeds." },
  { id: 'profile-avatar', machine: profileAvatarMachine, description: "The avatar on the person's profile: fetched and shown, a chosen picture checked and uploaded (a refusal said beside it, the previous kept), removed." },
  { id: 'pto-request', machine: ptoRequestMachine, description: 'My PTO: the balance loaded; a leave request checked against the contract, sent to the approval engine, counted as pending.' },
];
