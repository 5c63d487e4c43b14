import type { ManagementDrillQuery, ManagementScope } from '@contracts/management';
import { managementApi } from '../api';
import { createQueryMachine } from '@/shared/machines/query.machine';

/** The management dashboard's figures for a scope from the address (manager and admin only; the server checks the role and the team). */
export const managementDashboardMachine = createQueryMachine('managementDashboard', (scope: ManagementScope) => managementApi.dashboard(scope));

/** The list behind one figure, for the same scope. */
export const managementDrillMachine = createQueryMachine('managementDrill', (query: ManagementDrillQuery | null) => (query ? managementApi.drill(query) : Promise.resolve(null)));
