import { MANAGEMENT } from '@contracts/management';
import { route } from '@server/platform/http/endpoints';
import type { Routes } from '@server/platform/http/plugins';
import { managementDashboard } from './management.repo';

export const staffManagementRoutes: Routes = (app, ctx) => {
  route(app, MANAGEMENT.dashboard, async () => managementDashboard(ctx.database.pool));
};
