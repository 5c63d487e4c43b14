import { managementApi } from '../api';
import { createQueryMachine } from '@/shared/machines/query.machine';

/** The management dashboard's team KPIs (manager and admin only; the server checks the role). */
export const managementDashboardMachine = createQueryMachine('managementDashboard', () => managementApi.dashboard());
