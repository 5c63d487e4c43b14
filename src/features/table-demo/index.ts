/** The data table demo (/ui/table-demo): the shared data table on generated rows. */
import type { RegisteredMachine } from '@/shared/machine-registry';
import { tableDemoMachine } from './machines/table-demo.machine';

export { routes } from './routes';

export const machines: RegisteredMachine[] = [{ id: 'table-demo', machine: tableDemoMachine, description: 'The rows of the data table demo screen.' }];
