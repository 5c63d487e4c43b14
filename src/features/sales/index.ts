/**
 * Sales (/sales/…): dashboard, customers, territories, the company from the sales angle, the
 * activity dialog, settings, HUHY answers, the CAC check, the report entry and the public form.
 * What the app wires: `routes`, `machines`, and `companySections` (the company page's Sales section).
 */
import { lazy } from 'react';
import type { RegisteredMachine } from '@/shared/machine-registry';
import { activityLogMachine } from './machines/activity-log.machine';
import { huhyScreenMachine } from './machines/huhy-screen.machine';
import { salesDashboardMachine } from './machines/sales-dashboard.machine';
import { salesSettingsMachine } from './machines/sales-settings.machine';
import { salesTerritoriesMachine } from './machines/sales-territories.machine';
import { cacScreenMachine, companyScreenMachine, customersScreenMachine } from './machines/sales-view.machine';

export { companySections, menu, routes } from './routes';
/** The company view's Sales section (`<CompanySalesSection companyId={id} companyName={name} />`). */
export const CompanySalesSection = lazy(() => import('./screens/CompanySalesSection'));

export const machines: RegisteredMachine[] = [
  { id: 'activity-log', machine: activityLogMachine, description: 'The sales activity dialog: open from a button, a tile or the L shortcut, save and say what was logged, or keep what was typed with the server’s field errors.' },
  { id: 'sales-dashboard', machine: salesDashboardMachine, description: 'The sales dashboard: the month’s figures and a tile’s activities as the address says; a logged activity loads both again.' },
  { id: 'sales-customers', machine: customersScreenMachine, description: 'Sales customers: every company with its figures; a logged activity loads them again.' },
  { id: 'sales-company', machine: companyScreenMachine, description: 'A company from the sales angle (its sales page and the company page’s Sales section); a logged activity loads it again.' },
  { id: 'sales-cac', machine: cacScreenMachine, description: 'The CAC check for a range of months; a logged activity (a closed sale can make a new customer) runs it again.' },
  { id: 'sales-territories', machine: salesTerritoriesMachine, description: 'Sales territories: move selected companies, add or edit a territory in a dialog; each save, and a logged activity, loads the totals again.' },
  { id: 'huhy-screen', machine: huhyScreenMachine, description: 'Answers of the public form: review one in a dialog, which closes once confirmed or discarded, and the answers load again.' },
  { id: 'sales-settings', machine: salesSettingsMachine, description: 'Sales settings: each section saved on its own; once saved every section starts again from what the server holds.' },
];
