/** Companies and their contacts, for staff. */
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import { staffCompanyRoutes } from './staff.routes';

export const companies: Feature = {
  name: 'companies',
  register: (app, ctx) => staffRoutes(app, ctx, staffCompanyRoutes),
};
