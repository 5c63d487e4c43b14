/** Overdue tickets of a user: what the staff session checks at load and every 3.5 hours. */
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import { staffOverdueRoutes } from './staff.routes';

export const overdue: Feature = {
  name: 'overdue',
  register: (app, ctx) => staffRoutes(app, ctx, staffOverdueRoutes),
};
