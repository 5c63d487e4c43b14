/** The live boards' routes: the boards' streams and the display's own calls (public scope, own guard), and the admin's displays. */
import { LIVE_API, LIVE_LIMITS, LIVE_TIMING } from '@contracts/live-displays';
import { staffOf } from '@server/platform/auth/guards';
import { sessionStreams } from '@server/platform/auth/session-ends';
import { route } from '@server/platform/http/endpoints';
import { unauthenticated } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { guardRecheck, openEventStream } from '@server/platform/http/sse';
import type { LiveHub } from './hub';
import { createDisplay, pair, revoke } from './live-displays.commands';
import { listDisplays } from './live-displays.repo';
import { boardGuard, displayCookie, displayOf, requireViewer, viewerFound, viewerKey } from './viewer';

/** A Last-Event-ID the change log could have written, else null (a fresh snapshot). */
function lastEventIdOf(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

export const liveRoutes =
  (hub: LiveHub): Routes =>
  (app, ctx) => {
    // A staff session or a paired display's cookie, checked before the input is looked at.
    app.addHook('preValidation', requireViewer(ctx));
    route(app, LIVE_API.stream, async ({ params }, request, reply) => {
      // The scope's guard looked the caller up a moment ago: the stream opens on that, the recheck looks again.
      const viewer = viewerFound(request, params.board);
      const stream = openEventStream(reply, {
        heartbeatMs: LIVE_TIMING.heartbeatMs,
        retryMs: LIVE_TIMING.retryMs,
        maxBufferedBytes: LIVE_LIMITS.maxBufferedBytes,
        recheck: { everyMs: ctx.config.streamSessionCheckMs, allowed: guardRecheck(boardGuard(ctx, params.board), request, reply), key: viewerKey(request, params.board) },
      });
      // A staff member's stream ends the moment their session does, on every app server (docs/adr/0259).
      if (request.staff) sessionStreams(ctx).hold(request.staff.sessionId, stream);
      await hub.attach(params.board, stream, viewer.kind === 'display' ? viewer.display.id : null, lastEventIdOf(request.headers['last-event-id']));
      return reply;
    });
    route(app, LIVE_API.self, async (_, request) => displayOf(ctx, request));
  };

/** Pairing: anyone holding a pairing link's token. */
export const pairingRoutes: Routes = (app, ctx) => {
    route(app, LIVE_API.pair, async ({ body }, request, reply) => {
      const paired = await pair(ctx, body.token);
      if (!paired) throw unauthenticated('This pairing link is not valid: it was used already, expired or revoked. Ask an admin for a new one');
      void reply.header('set-cookie', displayCookie(paired.cookie, request.protocol === 'https'));
      return paired.display;
    });
};

export const adminDisplayRoutes =
  (hub: LiveHub): Routes =>
  (app, ctx) => {
    route(app, LIVE_API.list, async () => ({ items: await listDisplays(ctx.database.pool) }));
    route(app, LIVE_API.create, async ({ body }, request, reply) => reply.status(201).send(await createDisplay(ctx, body, staffOf(request).userId)));
    route(app, LIVE_API.revoke, async ({ params }, request) => {
      const display = await revoke(ctx, params.id, staffOf(request).userId);
      // This server closes the streams at once; the others when the bus delivers the revocation.
      hub.closeDisplay(params.id);
      return display;
    });
  };
