import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@contracts/common/constants';
export { MANAGER_ROLES } from '@contracts/common/constants';
import type { AppContext } from '@server/context';
import { forbidden, unauthenticated } from '@server/platform/http/errors';
import { authenticate, type ClientPrincipal, type StaffPrincipal } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffPrincipal;
    client?: ClientPrincipal;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S{1,512})$/i.exec(header);
  return match?.[1] ?? null;
}

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Requires a live staff session; with roles, one of them (else 403). */
export function requireStaff(ctx: AppContext, roles?: readonly Role[]): PreHandler {
  return async (request) => {
    const token = bearerToken(request);
    const principal = token ? await authenticate(ctx.database.pool, ctx.config, token, 'staff', ctx.now()) : null;
    if (!principal || principal.audience !== 'staff') throw unauthenticated();
    if (roles && !roles.includes(principal.role)) throw forbidden('This needs the manager or admin role');
    request.staff = principal;
  };
}

/** Requires a live client session; the company scope comes from it. */
export function requireClient(ctx: AppContext): PreHandler {
  return async (request) => {
    const token = bearerToken(request);
    const principal = token ? await authenticate(ctx.database.pool, ctx.config, token, 'client', ctx.now()) : null;
    if (!principal || principal.audience !== 'client') throw unauthenticated();
    request.client = principal;
  };
}

export function staffOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw unauthenticated();
  return request.staff;
}

export function clientOf(request: FastifyRequest): ClientPrincipal {
  if (!request.client) throw unauthenticated();
  return request.client;
}

