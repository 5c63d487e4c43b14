/**
 * Ended sessions on the event bus (docs/adr/0259). Whatever ends a session (sign-out, a password changed or
 * reset, a disabled account) publishes `auth.sessions-ended` with the sessions' ids in its transaction; every
 * app server then ends the open event streams held by those sessions the moment it hears it. The ids are
 * not secrets (the token is never in the event: it is not even stored). A server that misses the event
 * still ends the streams at their next recheck (docs/adr/0249).
 */
import { z } from '@contracts/common/zod';
import { defineTopic, publish, type EventBus } from '@server/platform/events';
import { StreamHolders } from '@server/platform/http/sse';
import type { Queryable } from '@server/platform/sql';

/** Ids named by one event: well under NOTIFY's 8000 bytes; more sessions make more events. */
export const SESSION_IDS_PER_EVENT = 400;

export const sessionsEnded = defineTopic('auth.sessions-ended', z.object({ sessionIds: z.array(z.number().int().positive()).min(1).max(SESSION_IDS_PER_EVENT) }));

/** Names ended sessions on the bus, inside the caller's transaction (delivered if and when it commits). */
export async function publishSessionsEnded(db: Queryable, sessionIds: readonly number[]): Promise<void> {
  for (let i = 0; i < sessionIds.length; i += SESSION_IDS_PER_EVENT) {
    await publish(db, sessionsEnded, { sessionIds: sessionIds.slice(i, i + SESSION_IDS_PER_EVENT) });
  }
}

/** The app (its context: what holds its event bus) whose streams these are. */
type App = { events: Pick<EventBus, 'subscribe'> };

const holders = new WeakMap<App, StreamHolders>();

/**
 * The open streams of each session in this app, ended when the bus names their session: a stream opened
 * with a session is held here by that session's id (`sessionStreams(ctx).hold(sessionId, stream)`).
 */
export function sessionStreams(ctx: App): StreamHolders {
  let held = holders.get(ctx);
  if (!held) {
    const created = new StreamHolders();
    ctx.events.subscribe(sessionsEnded, ({ sessionIds }) => {
      created.end(sessionIds);
    });
    holders.set(ctx, created);
    held = created;
  }
  return held;
}
