/** Client portal users: staff invite, approve and disable them; clients sign up and set their passwords. */
import { publicRoutes, staffRoutes, type Feature } from '@server/platform/http/plugins';
import { publicAccountRoutes } from './account.routes';
import { staffClientUserRoutes } from './staff.routes';

export const clientUsers: Feature = {
  name: 'client-users',
  async register(app, ctx) {
    await publicRoutes(app, ctx, publicAccountRoutes);
    await staffRoutes(app, ctx, staffClientUserRoutes);
  },
};

export { clientUsersOfCompany } from './client-users.repo';
