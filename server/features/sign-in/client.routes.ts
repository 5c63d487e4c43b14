/** The client session's check of its token. */
import type { ClientUser } from '@contracts/auth';
import { clientOf } from '@server/platform/auth/guards';
import type { ClientPrincipal } from '@server/platform/auth/sessions';
import type { Routes } from '@server/platform/http/plugins';

export function clientUserView(p: ClientPrincipal): ClientUser {
  return { id: p.userId, name: p.name, email: p.email, companyId: p.companyId, companyName: p.companyName };
}

export const clientSessionRoutes: Routes = (app) => {
  app.post('/api/v2/client/verify-token', async (request) => ({ valid: true as const, user: clientUserView(clientOf(request)) }));
};
