import type { ManagementDashboard } from '@contracts/management';
import { dataOf, http } from '@/shared/http/http';

export const managementApi = {
  dashboard: (): Promise<ManagementDashboard> => dataOf(http.get<ManagementDashboard>('/api/v2/management/dashboard')),
};
