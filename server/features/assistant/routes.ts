/** The assistant's routes, staff and client: ask (a stream), conversations, feedback, handover, suggestions. */
import { ASSISTANT, ASSISTANT_API, sourceHref } from '@contracts/assistant';
import { clientOf, staffOf } from '@server/platform/auth/guards';
import { route } from '@server/platform/http/endpoints';
import { notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { openEventStream } from '@server/platform/http/sse';
import { handOver, startAsking, streamAnswer } from './assistant.commands';
import { articleById, listConversations, loadConversation, rateMessage, type Owner } from './assistant.repo';
import { searchTerms } from './answer';
import { searchPassages } from './passages.repo';

export const staffAssistantRoutes: Routes = (app, ctx) => {
  const ownerOf = (request: Parameters<typeof staffOf>[0]): Owner => ({ audience: 'staff', userId: staffOf(request).userId });
  route(app, ASSISTANT_API.staffAsk, async ({ body }, request, reply) => {
    const conversationId = await startAsking(ctx, ownerOf(request), body);
    const stream = openEventStream(reply);
    void streamAnswer(ctx, request.log, ctx.config, { audience: 'staff' }, conversationId, body.question, stream)
      .catch((error: unknown) => request.log.error({ err: error }, 'the assistant failed to answer'))
      .finally(() => stream.close());
    return reply;
  });
  route(app, ASSISTANT_API.staffConversations, async (_, request) => ({ items: await listConversations(ctx.database.pool, ownerOf(request), ASSISTANT.conversationsMax) }));
  route(app, ASSISTANT_API.staffConversation, async ({ params }, request) => {
    const c = await loadConversation(ctx.database.pool, ownerOf(request), params.id);
    if (!c) throw notFound();
    return c;
  });
  route(app, ASSISTANT_API.staffFeedback, async ({ params, body }, request, reply) => {
    if (!(await rateMessage(ctx.database.pool, ownerOf(request), params.id, body.rating, body.comment))) throw notFound();
    return reply.status(204).send();
  });
  route(app, ASSISTANT_API.staffArticle, async ({ params }) => {
    const article = await articleById(ctx.database.pool, params.id);
    if (!article) throw notFound();
    return article;
  });
};

export const clientAssistantRoutes: Routes = (app, ctx) => {
  const ownerOf = (request: Parameters<typeof clientOf>[0]): Owner & { audience: 'client' } => {
    const c = clientOf(request);
    return { audience: 'client', userId: c.userId, companyId: c.companyId };
  };
  route(app, ASSISTANT_API.clientAsk, async ({ body }, request, reply) => {
    const owner = ownerOf(request);
    const conversationId = await startAsking(ctx, owner, body);
    const stream = openEventStream(reply);
    void streamAnswer(ctx, request.log, ctx.config, { audience: 'client', companyId: owner.companyId }, conversationId, body.question, stream)
      .catch((error: unknown) => request.log.error({ err: error }, 'the assistant failed to answer'))
      .finally(() => stream.close());
    return reply;
  });
  route(app, ASSISTANT_API.clientConversations, async (_, request) => ({ items: await listConversations(ctx.database.pool, ownerOf(request), ASSISTANT.conversationsMax) }));
  route(app, ASSISTANT_API.clientConversation, async ({ params }, request) => {
    const c = await loadConversation(ctx.database.pool, ownerOf(request), params.id);
    if (!c) throw notFound();
    return c;
  });
  route(app, ASSISTANT_API.clientFeedback, async ({ params, body }, request, reply) => {
    if (!(await rateMessage(ctx.database.pool, ownerOf(request), params.id, body.rating, body.comment))) throw notFound();
    return reply.status(204).send();
  });
  route(app, ASSISTANT_API.clientHandover, async ({ body }, request) => {
    const c = clientOf(request);
    return handOver(ctx, ownerOf(request), { name: c.name, email: c.email }, body.conversationId);
  });
  route(app, ASSISTANT_API.clientSuggest, async ({ query }, request) => {
    const terms = searchTerms(query.q);
    if (terms.length < ASSISTANT.suggestMinChars) return { items: [] };
    const found = await searchPassages(ctx.database.pool, { audience: 'client', companyId: ownerOf(request).companyId }, terms, ASSISTANT.suggestMax * 3, ['article']);
    const seen = new Map<number, string>();
    for (const hit of found.hits) if (!seen.has(hit.sourceId) && seen.size < ASSISTANT.suggestMax) seen.set(hit.sourceId, hit.title);
    return { items: [...seen].map(([id, title]) => ({ id, title, href: sourceHref('client', 'article', id) })) };
  });
};
