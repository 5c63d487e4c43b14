/**
 * Public: the client's page of a sent quote, reached only by the key in the emailed link. A wrong,
 * replaced or expired key answers the same 404; every call counts against the address's limit.
 */
import { quoteAcceptSchema, quoteDeclineSchema, quoteKeyParamsSchema, QUOTE_KEY_PATTERN } from '@contracts/quotes';
import { Counter } from '@server/platform/auth/limits';
import { inTransaction } from '@server/platform/db/database';
import { notFound, parseInput } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { decideByKey, ownerEmailOf, publicQuote, quoteByKey } from './quotes.repo';
import { queueEmail, deliverLater } from '@server/platform/mail/outbox';

/** Calls per address per window on the quote links (opening, accepting, declining). */
export const QUOTE_LINK_LIMIT = { perAddress: 60, windowMs: 10 * 60_000 } as const;
const NOT_VALID = 'This link is not valid';

export const publicQuoteRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  const limit = new Counter(pool, 'quote-link-address', QUOTE_LINK_LIMIT.perAddress, QUOTE_LINK_LIMIT.windowMs);
  const keyOf = (params: unknown) => {
    const { key } = parseInput(quoteKeyParamsSchema, params, 'path');
    if (!QUOTE_KEY_PATTERN.test(key)) throw notFound(NOT_VALID);
    return key;
  };

  app.get('/api/v2/public/quotes/:key', async (request) => {
    await limit.hit(request.ip);
    const found = await quoteByKey(pool, keyOf(request.params));
    if (!found) throw notFound(NOT_VALID);
    return publicQuote(pool, found);
  });

  const decided = async (quoteId: number, what: string, name: string) => {
    const owner = await ownerEmailOf(pool, quoteId);
    if (!owner) return [];
    return [await queueEmail(pool, { to: owner.email, kind: 'quote', subject: `Quote ${owner.number} ${what} by ${name}`, body: `${name} ${what} quote ${owner.number}.` })];
  };

  app.post('/api/v2/public/quotes/:key/accept', async (request) => {
    await limit.hit(request.ip);
    const key = keyOf(request.params);
    const input = parseInput(quoteAcceptSchema, request.body);
    const decision = await inTransaction(pool, (db) => decideByKey(db, key, { decision: 'accepted', name: input.name, reason: '', address: request.ip, chosenLineIds: input.chosenLineIds, expectedTotalCents: input.expectedTotalCents }));
    const found = await quoteByKey(pool, key);
    if (found) deliverLater(ctx, request.log, await decided(found.quote.id, 'accepted', input.name));
    return { decision: { decision: decision.decision, name: decision.name, decidedAt: decision.decidedAt, totalCents: decision.totalCents } };
  });

  app.post('/api/v2/public/quotes/:key/decline', async (request) => {
    await limit.hit(request.ip);
    const key = keyOf(request.params);
    const input = parseInput(quoteDeclineSchema, request.body);
    const decision = await inTransaction(pool, (db) => decideByKey(db, key, { decision: 'declined', name: input.name, reason: input.reason, address: request.ip, chosenLineIds: [] }));
    const found = await quoteByKey(pool, key);
    if (found) deliverLater(ctx, request.log, await decided(found.quote.id, 'declined', input.name));
    return { decision: { decision: decision.decision, name: decision.name, decidedAt: decision.decidedAt, totalCents: decision.totalCents } };
  });
};
