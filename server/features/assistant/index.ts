/**
 * The assistant: answers from the knowledge articles (and, for staff, the ticket history) with
 * its sources, offline by default (PostgreSQL full-text search), with an optional model that
 * phrases the answers. The index follows the articles and tickets through a job every minute.
 */
import { ASSISTANT } from '@contracts/assistant';
import { clientRoutes, staffRoutes, type Feature } from '@server/platform/http/plugins';
import { inTransaction } from '@server/platform/db/database';
import { reindexAssistant } from './jobs';
import { reindex } from './passages.repo';
import { clientAssistantRoutes, staffAssistantRoutes } from './routes';

export const assistant: Feature = {
  name: 'assistant',
  async register(app, ctx) {
    await ctx.jobs.define(reindexAssistant, async () => {
      await inTransaction(ctx.database.pool, async (db) => {
        await reindex(db);
      });
    }, { policy: 'singleton' });
    // Every minute, and once when the server starts (a fresh demo database is indexed at once).
    app.addHook('onReady', async () => {
      if (!ctx.jobs.started) return;
      await ctx.jobs.schedule(reindexAssistant, ASSISTANT.reindexCron, {});
      await ctx.jobs.send(reindexAssistant, {});
    });
    await staffRoutes(app, ctx, staffAssistantRoutes);
    await clientRoutes(app, ctx, clientAssistantRoutes);
  },
};

export { reindex } from './passages.repo';
