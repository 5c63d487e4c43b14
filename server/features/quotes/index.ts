/**
 * Quotes and the item catalog. Staff routes (catalog, quotes, PDFs, pipeline), the client's
 * public page by link key, and the expiry job on the one job queue. Sales reads the pipeline and
 * accepted quotes through `quotePipeline` and `acceptedQuotesOf`.
 */
import { publicRoutes, staffRoutes, type Feature } from '@server/platform/http/plugins';
import { expireQuoteJob } from './jobs';
import { publicQuoteRoutes } from './public.routes';
import { expireQuote } from './quotes.commands';
import { staffQuoteRoutes } from './staff.routes';

export const quotes: Feature = {
  name: 'quotes',
  register: async (app, ctx) => {
    await ctx.jobs.define(expireQuoteJob, async ({ quoteId }) => void (await expireQuote(ctx, quoteId)), { policy: 'short' });
    await staffRoutes(app, ctx, staffQuoteRoutes);
    await publicRoutes(app, ctx, publicQuoteRoutes);
  },
};

export { acceptedQuotesOf, loadQuoteView, quotePipeline } from './quotes.repo';
export { expireQuoteJob } from './jobs';
/** Approved billable travel expenses become a kept draft quote for their company. */
export { createQuote, quoteBilledExpenses, type StaffCaller } from './quotes.commands';
