/**
 * Time (/timesheet, /timeclock, the managed-services timer window) and managed-services contracts
 * (/managed/services). Exports the company view's "Managed services" section.
 */
import { lazy } from 'react';
import { managedServicesMachine } from './machines/managed-services.machine';
import { punchCorrectionsMachine } from './machines/punch-corrections.machine';
import { teamWeeksMachine } from './machines/team-weeks.machine';
import { timeclockMachine } from './machines/timeclock.machine';
import { timesheetMachine } from './machines/timesheet.machine';
import { trackerMachine } from './machines/tracker.machine';
import type { RegisteredMachine } from '@/shared/machine-registry';

export { menu, routes } from './routes';

export const machines: RegisteredMachine[] = [
  {
    id: 'timesheet',
    machine: timesheetMachine,
    description: 'My week on the timesheet: loading the week shown, cell saves queued one at a time, submit (after the saves), copy and add-row; a manager’s team as a child.',
  },
  { id: 'team-weeks', machine: teamWeeksMachine, description: 'A manager’s team on the timesheet: the weeks of the week shown; approve, reject and reopen, each its own state.' },
  { id: 'timeclock', machine: timeclockMachine, description: 'The timeclock: out → in ⇄ on break → out, placed by the server’s open punch.' },
  {
    id: 'managed-services',
    machine: managedServicesMachine,
    description: 'Managed Services: the month shown, its contracts and the open tickets; a contract edited and a month closed, each saying how it ended.',
  },
  { id: 'punch-corrections', machine: punchCorrectionsMachine, description: 'A manager’s forgotten punch-outs on the timeclock, corrected one at a time.' },
  { id: 'tracker', machine: trackerMachine, description: 'The managed-services timer window: idle → running ⇄ paused → stopping → stopped, resynchronised from the server.' },
];

/** The company view's "Managed services" section (contract usage this month); props `{ companyId }`. */
export const ContractUsageSection = lazy(() => import('./screens/ContractUsageSection'));

