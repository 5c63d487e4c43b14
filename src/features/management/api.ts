import { MANAGEMENT, type ManagementDrillQuery, type ManagementScope } from '@contracts/management';
import { call } from '@/shared/http/http';

export const managementApi = {
  dashboard: (query: ManagementScope) => call(MANAGEMENT.dashboard, { query }),
  drill: (query: ManagementDrillQuery) => call(MANAGEMENT.drill, { query }),
};
