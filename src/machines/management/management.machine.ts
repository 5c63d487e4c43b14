import { managementApi } from '../../services/api';
import { createResourceMachine } from '../resource/resource.machine';

/** The management dashboard's team KPIs (manager and admin only; the server checks the role). */
export const managementDashboardMachine = createResourceMachine('managementDashboard', () => managementApi.dashboard());
