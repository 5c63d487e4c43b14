/**
 * Sales: activities, the dashboard, customers and territories, settings, the public "how did you
 * hear about us" form and the CAC check. It declares its four activity reports here; the app adds
 * them to the report catalog at start.
 */
import { publicRoutes, staffRoutes, type Feature } from '@server/platform/http/plugins';
import { publicSalesRoutes } from './public.routes';
import { salesReports } from './reports';
import { staffSalesRoutes } from './staff.routes';

export const sales: Feature = {
  name: 'sales',
  reports: salesReports,
  register: async (app, ctx) => {
    await staffRoutes(app, ctx, staffSalesRoutes);
    await publicRoutes(app, ctx, publicSalesRoutes);
  },
};

/** A month's activities against targets per rep, and the month's activities of one kind and rep (the management dashboard reads them). */
export { currentMonth, dashboard as salesDashboard, listActivities, salesOfRepsPage, type SalesOrder } from './sales.repo';
