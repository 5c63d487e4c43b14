/** People: the signed-in person's profile (/user/options) and the org chart (/orgchart). */
export { routes } from './routes';
import type { RegisteredMachine } from '@/shared/machine-registry';
import { orgChartScreenMachine } from './machines/org-chart.machine';

export const machines: RegisteredMachine[] = [
  { id: 'org-chart', machine: orgChartScreenMachine, description: 'The org chart: search, open managers, focus a person and their chain; an admin changes a reporting line, a loop refused.' },
];
