/** The management dashboard: team KPIs for managers and admins. */
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import { staffManagementRoutes } from './staff.routes';

export const management: Feature = {
  name: 'management',
  register: (app, ctx) => staffRoutes(app, ctx, staffManagementRoutes),
};
