/**
 * Time (/timesheet, /timeclock, the managed-services timer window) and managed-services contracts
 * (/managed/services). Exports the company view's "Managed services" section.
 */
import { lazy } from 'react';
import { timeclockMachine } from './machines/timeclock.machine';
import { trackerMachine } from './machines/tracker.machine';
import type { RegisteredMachine } from '@/shared/machine-registry';

export { menu, routes } from './routes';

export const machines: RegisteredMachine[] = [
  { id: 'timeclock', machine: timeclockMachine, description: 'The timeclock: out → in ⇄ on break → out, placed by the server’s open punch.' },
  { id: 'tracker', machine: trackerMachine, description: 'The managed-services timer window: idle → running ⇄ paused → stopping → stopped, resynchronised from the server.' },
];

/** The company view's "Managed services" section (contract usage this month); props `{ companyId }`. */
export const ContractUsageSection = lazy(() => import('./screens/ContractUsageSection'));

