import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerClientUserRoutes } from './client-users';
import { registerCompanyRoutes } from './companies';
import { registerStaffTicketRoutes } from './tickets-staff';

/** The staff desk: tickets, companies with contacts, client portal users. */
export function registerTicketDeskRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerStaffTicketRoutes(app, ctx);
  registerCompanyRoutes(app, ctx);
  registerClientUserRoutes(app, ctx);
}
