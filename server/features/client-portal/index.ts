/** The client portal's own screens' data (its tickets are the tickets feature's). */
import { clientRoutes, type Feature } from '@server/platform/http/plugins';
import { clientPortalRoutes } from './client.routes';

export const clientPortal: Feature = {
  name: 'client-portal',
  register: (app, ctx) => clientRoutes(app, ctx, clientPortalRoutes),
};
