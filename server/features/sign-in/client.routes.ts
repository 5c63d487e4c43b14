/** The client session's check of its token. */
import { SIGN_IN, type ClientUser } from '@contracts/auth';
import { clientOf } from '@server/platform/auth/guards';
import type { ClientPrincipal } from '@server/platform/auth/sessions';
import { route } from '@server/platform/http/endpoints';
import type { Routes } from '@server/platform/http/plugins';

export function clientUserView(p: ClientPrincipal): ClientUser {
  return { id: p.userId, name: p.name, email: p.email, companyId: p.companyId, companyName: p.companyName };
}

export const clientSessionRoutes: Routes = (app) => {
  route(app, SIGN_IN.verifyToken, async (_, request) => ({ valid: true as const, user: clientUserView(clientOf(request)) }));
};
