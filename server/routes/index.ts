import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerClientAccountRoutes } from './client-account';
import { registerClientAuthRoutes } from './client-auth';
import { registerClientHelpRoutes } from './client-help';
import { registerClientPaperRoutes } from './client-paper';
import { registerClientScrRoutes } from './client-scrs';
import { registerClientTicketRoutes } from './client-tickets';
import { registerManagementRoutes } from './management';
import { registerOverdueRoutes } from './overdue';
import { registerOutboxRoutes } from './outbox';
import { registerStaffAuthRoutes } from './staff-auth';
import { registerTicketDeskRoutes } from './ticket-desk';
import { registerSurveyRoutes } from './surveys';
import { registerTicketRoutes } from './tickets';

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
