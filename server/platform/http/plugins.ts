/**
 * Server features as encapsulated Fastify plugins. A feature registers its routes by audience;
 * the audience's guard is added once, as a hook of the plugin that holds those routes, so no
 * handler can forget it (fastify/demo applies authentication the same way, per folder).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '@contracts/common/constants';
import type { AppContext } from '@server/context';
import type { ReportDefinition } from '@server/platform/reports';
import { requireClient, requireStaff, staffOf } from '../auth/guards';
import { forbidden } from './errors';

/** The routes of one audience of a feature. */
export type Routes = (app: FastifyInstance, ctx: AppContext) => void;

/**
 * A feature of the API: `server/app.ts` registers each one from its list, and adds the reports
 * it declares to the report catalog when the app starts.
 */
export type Feature = {
  name: string;
  register: (app: FastifyInstance, ctx: AppContext) => Promise<void>;
  /** The feature's reports (docs/adr/0110-reports-plug-in-through-features.md). */
  reports?: readonly ReportDefinition[];
};

/*
 * The guard runs before validation (preValidation), so a caller without a session gets 401
 * whatever it sent, as an endpoint's schema validation comes after it.
 */

/** Routes that need a live staff session: 401 otherwise. */
export async function staffRoutes(app: FastifyInstance, ctx: AppContext, routes: Routes): Promise<void> {
  await app.register(async (scope) => {
    scope.decorate('audience', 'staff');
    scope.addHook('preValidation', requireStaff(ctx));
    routes(scope, ctx);
  });
}

/** Routes that need a live client session (the company scope comes from it): 401 otherwise. */
export async function clientRoutes(app: FastifyInstance, ctx: AppContext, routes: Routes): Promise<void> {
  await app.register(async (scope) => {
    scope.decorate('audience', 'client');
    scope.addHook('preValidation', requireClient(ctx));
    routes(scope, ctx);
  });
}

/** Routes anyone may call (sign-in, signup, password links, survey answers): public on purpose. */
export async function publicRoutes(app: FastifyInstance, ctx: AppContext, routes: Routes): Promise<void> {
  await app.register(async (scope) => {
    scope.decorate('audience', 'public');
    routes(scope, ctx);
  });
}

/** A staff route's extra role check, after the staff guard: 403 unless the user has one of the roles. */
export function requireRole(roles: readonly Role[]) {
  return {
    preHandler: async (request: FastifyRequest) => {
      if (!roles.includes(staffOf(request).role)) throw forbidden('This needs the manager or admin role');
    },
  };
}
