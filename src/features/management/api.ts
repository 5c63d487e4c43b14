import { MANAGEMENT } from '@contracts/management';
import { call } from '@/shared/http/http';

export const managementApi = {
  dashboard: () => call(MANAGEMENT.dashboard),
};
