/** Search everything: the staff palette's one query over tickets, companies, contacts, projects and quotes. */
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import { staffSearchRoutes } from './staff.routes';

export const search: Feature = {
  name: 'search',
  register: (app, ctx) => staffRoutes(app, ctx, staffSearchRoutes),
};
