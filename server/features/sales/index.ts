/**
 * Sales: activities, the dashboard, customers and territories, settings, the public "how did you
 * hear about us" form and the CAC check. Its four activity reports are in the report catalog
 * (server/features/reports/catalog.ts imports `salesReports`).
 */
import { publicRoutes, staffRoutes, type Feature } from '@server/platform/http/plugins';
import { publicSalesRoutes } from './public.routes';
import { staffSalesRoutes } from './staff.routes';

export const sales: Feature = {
  name: 'sales',
  register: async (app, ctx) => {
    await staffRoutes(app, ctx, staffSalesRoutes);
    await publicRoutes(app, ctx, publicSalesRoutes);
  },
};

export { salesReports } from './reports';
