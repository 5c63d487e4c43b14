/** The outbox, for admins: every email the system queued (sending is the mail platform's). */
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import { staffOutboxRoutes } from './staff.routes';

export const outbox: Feature = {
  name: 'outbox',
  register: (app, ctx) => staffRoutes(app, ctx, staffOutboxRoutes),
};
