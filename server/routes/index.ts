import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@server/context';
import { registerClientAccountRoutes } from '@server/features/client-users/account.routes';
import { registerClientAuthRoutes } from '@server/features/sign-in/client.routes';
import { registerClientHelpRoutes } from '@server/features/client-portal/help.routes';
import { registerClientPaperRoutes } from '@server/features/client-portal/paper.routes';
import { registerClientScrRoutes } from '@server/features/client-portal/scrs.routes';
import { registerClientTicketRoutes } from '@server/features/tickets/client.routes';
import { registerManagementRoutes } from '@server/features/management/staff.routes';
import { registerOverdueRoutes } from '@server/features/overdue/staff.routes';
import { registerOutboxRoutes } from './outbox';
import { registerStaffAuthRoutes } from '@server/features/sign-in/staff.routes';
import { registerTicketDeskRoutes } from '@server/features/tickets/index';
import { registerSurveyRoutes } from '@server/features/surveys/staff.routes';
import { registerTicketRoutes } from '@server/features/tickets/mine.routes';

/** Every API route module, in one list (the authorization matrix test enumerates the result). */
const ROUTE_MODULES: ((app: FastifyInstance, ctx: AppContext) => void)[] = [
  registerStaffAuthRoutes,
  registerClientAuthRoutes,
  registerTicketRoutes,
  registerClientAccountRoutes,
  registerClientTicketRoutes,
  registerClientPaperRoutes,
  registerClientHelpRoutes,
  registerClientScrRoutes,
  registerOverdueRoutes,
  registerManagementRoutes,
  registerTicketDeskRoutes,
  registerSurveyRoutes,
  registerOutboxRoutes,
];

export function registerRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Healthy means the database answers too; otherwise the error handler answers 503.
  app.get('/api/health', async () => {
    await ctx.database.pool.query('SELECT 1');
    return { status: 'ok', database: ctx.database.kind };
  });
  for (const register of ROUTE_MODULES) register(app, ctx);
}
