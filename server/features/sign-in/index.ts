/** Sign-in, sign-out and the sessions' own calls, for staff and client users. */
import { clientRoutes, publicRoutes, staffRoutes, type Feature } from '@server/platform/http/plugins';
import { clientSessionRoutes } from './client.routes';
import { publicSignInRoutes } from './public.routes';
import { staffSessionRoutes } from './staff.routes';

export const signIn: Feature = {
  name: 'sign-in',
  async register(app, ctx) {
    await publicRoutes(app, ctx, publicSignInRoutes);
    await staffRoutes(app, ctx, staffSessionRoutes);
    await clientRoutes(app, ctx, clientSessionRoutes);
  },
};

export { INVALID_CREDENTIALS } from './credentials';
