import { MANAGER_ROLES } from '@contracts/common/constants';
import type { ManagementDashboard } from '@contracts/management';
import { requireRole, type Routes } from '@server/platform/http/plugins';
import { managementDashboard } from './management.repo';

export const staffManagementRoutes: Routes = (app, ctx) => {
  app.get('/api/v2/management/dashboard', requireRole(MANAGER_ROLES), async (): Promise<ManagementDashboard> => managementDashboard(ctx.database.pool));
};
