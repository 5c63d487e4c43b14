/**
 * Public: the client's page of a sent quote, reached only by the key in the emailed link. A wrong,
 * replaced or expired key answers the same 404; every call counts against the address's limit.
 */
import { QUOTES, QUOTE_KEY_PATTERN } from '@contracts/quotes';
import { Counter } from '@server/platform/auth/limits';
import { route } from '@server/platform/http/endpoints';
import { notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { LINK_NOT_VALID, decideByLink, quoteByKey } from './quotes.commands';
import { publicQuote } from './quotes.repo';

/** Calls per address per window on the quote links (opening, accepting, declining). */
export const QUOTE_LINK_LIMIT = { perAddress: 60, windowMs: 10 * 60_000 } as const;

/** A key that cannot be one (the shape of every key issued) opens nothing, as a wrong one. */
const keyOf = (params: { key: string }) => {
  if (!QUOTE_KEY_PATTERN.test(params.key)) throw notFound(LINK_NOT_VALID);
  return params.key;
};

export const publicQuoteRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  const limit = new Counter(pool, 'quote-link-address', QUOTE_LINK_LIMIT.perAddress, QUOTE_LINK_LIMIT.windowMs);
  // Every call on a link counts, before its input is looked at (these routes only: this plugin holds them alone).
  app.addHook('onRequest', async (request) => limit.hit(request.ip));

  route(app, QUOTES.publicView, async ({ params }) => {
    const found = await quoteByKey(pool, keyOf(params));
    if (!found) throw notFound(LINK_NOT_VALID);
    return publicQuote(pool, found);
  });

  const decided = (d: { decision: 'accepted' | 'declined'; name: string; decidedAt: string; totalCents: number }) => ({
    decision: { decision: d.decision, name: d.name, decidedAt: d.decidedAt, totalCents: d.totalCents },
  });

  route(app, QUOTES.publicAccept, async ({ params, body }, request) => {
    const key = keyOf(params);
    const decision = await decideByLink(ctx, key, { decision: 'accepted', name: body.name, reason: '', address: request.ip, chosenLineIds: body.chosenLineIds, expectedTotalCents: body.expectedTotalCents }, request.log);
    return decided(decision);
  });

  route(app, QUOTES.publicDecline, async ({ params, body }, request) => {
    const key = keyOf(params);
    const decision = await decideByLink(ctx, key, { decision: 'declined', name: body.name, reason: body.reason, address: request.ip, chosenLineIds: [] }, request.log);
    return decided(decision);
  });
};
