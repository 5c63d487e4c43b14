/**
 * Who watches a board: a staff session (its bearer token, as every staff call) or a paired
 * display (its HttpOnly cookie, sent only to the live paths). A display sees only its own boards,
 * and only from its allowed address ranges when it has any. The cookie's secret is never logged
 * (the request log redacts the cookie header).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DISPLAY_COOKIE, DISPLAY_COOKIE_PATH, type DisplaySelf, type LiveBoard } from '@contracts/live-displays';
import type { AppContext } from '@server/context';
import { bearerToken, requireStaff } from '@server/platform/auth/guards';
import { hashToken } from '@server/platform/auth/tokens';
import { forbidden, unauthenticated } from '@server/platform/http/errors';
import { DisplayChecks } from './display-checks';
import { displayByCookie } from './live-displays.repo';
import { secretHash } from './live-displays.commands';

export type Viewer = { kind: 'staff' } | { kind: 'display'; display: DisplaySelf };

/** One cookie's value from the Cookie header. */
export function cookieValue(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/**
 * The paired display the request's cookie names (401 when none, 403 from an address it may not use). With
 * `gathered`, the look-up shares one query with the other displays' checks due at the same time (rechecks).
 */
export async function displayOf(ctx: AppContext, request: FastifyRequest, gathered?: DisplayChecks): Promise<DisplaySelf> {
  const secret = cookieValue(request, DISPLAY_COOKIE);
  const hash = secret ? secretHash(secret) : null;
  const found = hash ? await (gathered ? gathered.check(hash, request.ip) : displayByCookie(ctx.database.pool, hash, request.ip)) : null;
  if (!found) throw unauthenticated('This display is not paired, or it was revoked: open a new pairing link');
  if (!found.allowed) throw forbidden('This display may not show boards from this network address');
  const { allowed: _, ...display } = found;
  return display;
}

export async function viewerOf(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, board: LiveBoard, gathered?: DisplayChecks): Promise<Viewer> {
  if (bearerToken(request)) {
    await requireStaff(ctx)(request, reply);
    return { kind: 'staff' };
  }
  const display = await displayOf(ctx, request, gathered);
  if (!display.boards.includes(board)) throw forbidden('This display does not show this board');
  return { kind: 'display', display };
}

/** Who asks for which board from where (the credential hashed): the streams that share one recheck. */
export const viewerKey = (request: FastifyRequest, board: LiveBoard): string =>
  `live:${hashToken(bearerToken(request) ?? `display:${cookieValue(request, DISPLAY_COOKIE) ?? ''}`)}:${board}:${request.ip}`;

/** Each app's gathered display checks. */
const displayChecks = new WeakMap<AppContext, DisplayChecks>();
/** The display checks of an app's open streams, gathered into one query per DISPLAY_CHECK_GATHER_MS. */
export function displayChecksOf(ctx: AppContext): DisplayChecks {
  const known = displayChecks.get(ctx);
  if (known) return known;
  const checks = new DisplayChecks(ctx.database.pool);
  displayChecks.set(ctx, checks);
  return checks;
}

/**
 * The check a board's stream is held to while open: the same as when it was opened (docs/adr/0249); a
 * display's, gathered with the other displays' checks due then into one query.
 */
export const boardGuard = (ctx: AppContext, board: LiveBoard) => {
  const gathered = displayChecksOf(ctx);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await viewerOf(ctx, request, reply, board, gathered);
  };
};

/** The display the scope's guard found for a request, so the route does not look it up again. */
const displaysFound = new WeakMap<FastifyRequest, DisplaySelf>();

/** The scope's guard: a staff session (bearer) or a paired display's cookie, else 401 (the board is checked by the route). */
export function requireViewer(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (bearerToken(request)) await requireStaff(ctx)(request, reply);
    else displaysFound.set(request, await displayOf(ctx, request));
  };
}

/**
 * The viewer the scope's guard found for this request, held to the board: a stream opens with one look-up
 * of its caller, not two (`viewerOf` looks again, for the recheck).
 */
export function viewerFound(request: FastifyRequest, board: LiveBoard): Viewer {
  if (request.staff) return { kind: 'staff' };
  const display = displaysFound.get(request);
  if (!display) throw unauthenticated();
  if (!display.boards.includes(board)) throw forbidden('This display does not show this board');
  return { kind: 'display', display };
}

/** The display's cookie: HttpOnly, the live paths only, no idle expiry (revoking is how it ends). */
export function displayCookie(secret: string, secure: boolean): string {
  const tenYears = 10 * 365 * 24 * 3600;
  return `${DISPLAY_COOKIE}=${encodeURIComponent(secret)}; Path=${DISPLAY_COOKIE_PATH}; Max-Age=${tenYears}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
