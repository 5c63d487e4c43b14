import type { ManagementDashboard } from '@contracts/management';
import { http } from '@/shared/http/http';

export const managementApi = {
  async dashboard(): Promise<ManagementDashboard> {
    return (await http.get<ManagementDashboard>('/api/v2/management/dashboard')).data;
  },
};
