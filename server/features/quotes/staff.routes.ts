/** Staff: the catalog, quotes (drafts, revisions, sending, decisions), their PDFs and the pipeline. */
import { QUOTES } from '@contracts/quotes';
import { staffActor } from '@server/platform/audit';
import { staffOf } from '@server/platform/auth/guards';
import { route } from '@server/platform/http/endpoints';
import { notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { createOnce } from '@server/platform/idempotency';
import type { Queryable } from '@server/platform/sql';
import type { FastifyRequest } from 'fastify';
import { catalogCsv } from './catalog-csv';
import { allItems, searchCatalog } from './catalog.repo';
import { renderQuotePdf } from './pdf';
import * as commands from './quotes.commands';
import { loadQuoteView, quotePipeline, searchQuotes } from './quotes.repo';
import { sampleQuote } from './sample';

/** The staff user a request comes from, as commands take them. */
const callerOf = (request: FastifyRequest): commands.StaffCaller => {
  const { userId } = staffOf(request);
  return { actor: staffActor(userId), userId };
};

export const staffQuoteRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  /** A quote as staff see it; 404 when there is none. */
  const view = async (id: number, db: Queryable = pool) => {
    const found = await loadQuoteView(db, id);
    if (!found) throw notFound('No such quote');
    return found;
  };

  // ---------------------------------------------------------------- catalog
  route(app, QUOTES.catalogSearch, async ({ query }) => searchCatalog(pool, query));

  route(app, QUOTES.catalogExport, async (_parts, _request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="catalog.csv"')
      .send(await ctx.exports.run(async () => catalogCsv(await allItems(pool)))),
  );

  route(app, QUOTES.catalogImport, async ({ body }, request) => commands.importCatalog(ctx, body, callerOf(request)));

  route(app, QUOTES.catalogCreate, async ({ body }, request, reply) =>
    createOnce(request, reply, pool, async (db) => ({ status: 201, body: await commands.createCatalogItem(db, body, callerOf(request)) })),
  );

  route(app, QUOTES.catalogUpdate, async ({ params, body }, request) => commands.updateCatalogItem(ctx, params.id, body, callerOf(request)));

  route(app, QUOTES.catalogDelete, async ({ params }, request) => {
    await commands.deleteCatalogItem(ctx, params.id, callerOf(request));
    return { ok: true as const };
  });

  // ---------------------------------------------------------------- quotes
  route(app, QUOTES.search, async ({ query }) => searchQuotes(pool, query));

  route(app, QUOTES.pipeline, async () => quotePipeline(pool));

  route(app, QUOTES.samplePdf, async ({ query }, _request, reply) => {
    const pdf = await renderQuotePdf(sampleQuote(query.type));
    return reply.header('content-type', 'application/pdf').header('content-disposition', 'inline; filename="quote-sample.pdf"').send(pdf);
  });

  route(app, QUOTES.sample, async ({ query }) => ({ ...sampleQuote(query.type), decision: null }));

  route(app, QUOTES.create, async ({ body }, request, reply) => {
    const { keep, ...draft } = body;
    return createOnce(request, reply, pool, async (db) => ({ status: 201, body: await view(await commands.createQuote(db, draft, keep, callerOf(request)), db) }));
  });

  route(app, QUOTES.view, async ({ params }) => view(params.id));

  route(app, QUOTES.save, async ({ params, body }, request) => {
    const { baseVersion, keep, ...draft } = body;
    await commands.saveQuote(ctx, params.id, draft, baseVersion, keep, callerOf(request));
    return view(params.id);
  });

  route(app, QUOTES.discard, async ({ params }, request) => {
    await commands.discardQuote(ctx, params.id, callerOf(request));
    return { ok: true as const };
  });

  route(app, QUOTES.send, async ({ params, body }, request) => {
    await commands.sendQuote(ctx, params.id, body.version, callerOf(request), request.log);
    return view(params.id);
  });

  route(app, QUOTES.revise, async ({ params }, request, reply) =>
    createOnce(request, reply, pool, async (db) => ({ status: 201, body: await view(await commands.reviseQuote(db, params.id, callerOf(request)), db) })),
  );

  route(app, QUOTES.decide, async ({ params, body }, request) => {
    await commands.recordDecision(ctx, params.id, body, callerOf(request));
    return view(params.id);
  });

  route(app, QUOTES.pdf, async ({ params }, _request, reply) => {
    const found = await view(params.id);
    const q = found.quote;
    const pdf = await renderQuotePdf({
      number: q.number,
      type: q.type,
      status: q.status,
      title: q.title,
      companyName: q.companyName,
      contactName: q.contactName,
      validUntil: q.validUntil,
      notes: q.notes,
      terms: q.terms,
      taxRatePercent: q.taxRatePercent,
      lines: found.lines,
      totals: found.totals,
      decision: found.decision,
      generatedAt: new Date(),
      seller: 'Client Care',
    });
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="quote-${q.number || 'draft'}.pdf"`).send(pdf);
  });
};
