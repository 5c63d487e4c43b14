/** Client portal users: staff invite, approve and disable them; clients sign up, set their passwords and choose their ticket mail. */
import { clientRoutes, publicRoutes, staffRoutes, type Feature } from '@server/platform/http/plugins';
import { publicAccountRoutes } from './account.routes';
import { clientMailSettingsRoutes, publicUnsubscribeRoutes } from './mail-settings.routes';
import { staffClientUserRoutes } from './staff.routes';

export const clientUsers: Feature = {
  name: 'client-users',
  async register(app, ctx) {
    await publicRoutes(app, ctx, publicAccountRoutes);
    await publicRoutes(app, ctx, publicUnsubscribeRoutes);
    await staffRoutes(app, ctx, staffClientUserRoutes);
    await clientRoutes(app, ctx, clientMailSettingsRoutes);
  },
};

export { clientUsersOfCompany } from './client-users.repo';
export { clientMailRecipient, withUnsubscribe } from './mail-settings';
