import { managementApi } from '../../services/api';
import { createQueryMachine } from '../query/query.machine';

/** The management dashboard's team KPIs (manager and admin only; the server checks the role). */
export const managementDashboardMachine = createQueryMachine('managementDashboard', () => managementApi.dashboard());
