/**
 * Sales (/sales/…): dashboard, customers, territories, the company from the sales angle, the
 * activity dialog, settings, HUHY answers, the CAC check, the report entry and the public form.
 * What the app wires: `routes`, `machines`, and `companySections` (the company page's Sales section).
 */
import { lazy } from 'react';
import type { RegisteredMachine } from '@/shared/machine-registry';
import { activityLogMachine } from './machines/activity-log.machine';

export { companySections, menu, routes } from './routes';
/** The company view's Sales section (`<CompanySalesSection companyId={id} companyName={name} />`). */
export const CompanySalesSection = lazy(() => import('./screens/CompanySalesSection'));

export const machines: RegisteredMachine[] = [
  { id: 'activity-log', machine: activityLogMachine, description: 'The sales activity dialog: open from a button, a tile or the L shortcut, save and say what was logged, or keep what was typed with the server’s field errors.' },
];
