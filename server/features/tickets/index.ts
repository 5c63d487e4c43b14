import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@server/context';
import { registerClientUserRoutes } from '@server/features/client-users/staff.routes';
import { registerCompanyRoutes } from '@server/features/companies/staff.routes';
import { registerStaffTicketRoutes } from './staff.routes';

/** The staff desk: tickets, companies with contacts, client portal users. */
export function registerTicketDeskRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerStaffTicketRoutes(app, ctx);
  registerCompanyRoutes(app, ctx);
  registerClientUserRoutes(app, ctx);
}
