/** The staff stream of ticket changes: ids of tickets created or changed, as they happen (docs/adr/0220). */
import { TICKET_CHANGES, TICKET_CHANGES_LIMITS, TICKET_CHANGES_NOW, TICKET_CHANGES_TIMING } from '@contracts/tickets-changes';
import { bearerToken, requireStaff, staffOf } from '@server/platform/auth/guards';
import { sessionStreams } from '@server/platform/auth/session-ends';
import { hashToken } from '@server/platform/auth/tokens';
import { route } from '@server/platform/http/endpoints';
import { invalidInputError } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { guardRecheck, openEventStream } from '@server/platform/http/sse';
import type { TicketChangesHub } from './changes-hub';
import { latestChange } from './changes.repo';

export const ticketChangesRoutes =
  (hub: TicketChangesHub): Routes =>
  (app, ctx) => {
    route(app, TICKET_CHANGES.stream, async ({ query }, request, reply) => {
      const after = query.after === TICKET_CHANGES_NOW ? null : Number(query.after);
      // A change the log has not written yet was never told to anyone.
      if (after !== null && after > (await latestChange(ctx.database.pool))) {
        throw invalidInputError([{ path: ['after'], message: 'Start after names a change that has not happened' }], 'query');
      }
      const stream = openEventStream(reply, {
        heartbeatMs: TICKET_CHANGES_TIMING.heartbeatMs,
        retryMs: TICKET_CHANGES_TIMING.retryMs,
        maxBufferedBytes: TICKET_CHANGES_LIMITS.maxBufferedBytes,
        // Held to the staff session it was opened with (docs/adr/0249).
        recheck: { everyMs: ctx.config.streamSessionCheckMs, allowed: guardRecheck(requireStaff(ctx), request, reply), key: `ticket-changes:${hashToken(bearerToken(request) ?? '')}` },
      });
      // Ended the moment its session ends, on every app server (docs/adr/0259).
      sessionStreams(ctx).hold(staffOf(request).sessionId, stream);
      await hub.attach(stream, after);
      return reply;
    });
  };
