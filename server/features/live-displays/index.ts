/**
 * Live displays: five wall boards (Support, Managed services, Development, Quality assurance,
 * Sales) pushed as server-sent events within a second of a change, to staff from the sidebar and
 * to TVs paired by an admin (docs/adr/0184–0188). Changes reach the boards through the change-log
 * triggers of migration 0040 and the one event bus; the log is pruned by a job.
 */
import { LIVE_LIMITS } from '@contracts/live-displays';
import type { AppContext } from '@server/context';
import { publicRoutes, staffRoutes, type Feature } from '@server/platform/http/plugins';
import { LiveHub } from './hub';
import { pruneEvents } from './live-displays.repo';
import { PRUNE_CRON, pruneLiveEvents } from './jobs';
import { adminDisplayRoutes, liveRoutes, pairingRoutes } from './routes';

const hubs = new WeakMap<AppContext, LiveHub>();

/** The hub of an app (its open streams and snapshot counts). */
export const liveHubOf = (ctx: AppContext): LiveHub | undefined => hubs.get(ctx);

export const liveDisplays: Feature = {
  name: 'live-displays',
  async register(app, ctx) {
    const hub = new LiveHub(ctx);
    hubs.set(ctx, hub);
    app.addHook('onClose', async () => hub.stop());
    await ctx.jobs.define(pruneLiveEvents, async () => {
      await pruneEvents(ctx.database.pool, LIVE_LIMITS.keepEventsHours, ctx.now());
    }, { policy: 'singleton' });
    app.addHook('onReady', async () => {
      if (!ctx.jobs.started) return;
      await ctx.jobs.schedule(pruneLiveEvents, PRUNE_CRON, {});
    });
    await publicRoutes(app, ctx, liveRoutes(hub));
    await publicRoutes(app, ctx, pairingRoutes);
    await staffRoutes(app, ctx, adminDisplayRoutes(hub));
  },
};

export { computeBoard } from './hub';
/** The change log's event: a write to a table the triggers of migration 0040 watch (its log id and table). */
export { liveChanged } from './topics';
