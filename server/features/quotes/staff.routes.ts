/** Staff: the catalog, quotes (drafts, revisions, sending, decisions), their PDFs and the pipeline. */
import { idParamsSchema } from '@contracts/common/input';
import {
  catalogImportSchema,
  catalogItemSchema,
  catalogSearchSchema,
  catalogUpdateSchema,
  isQuoteType,
  quoteDraftSchema,
  quoteSaveSchema,
  quoteSearchSchema,
  quoteSendSchema,
  quoteStatusSchema,
} from '@contracts/quotes';
import { formatMoney } from '@contracts/quote-money';
import { staffActor } from '@server/platform/audit';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { ApiError, notFound, parseInput } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { deliverLater, queueEmail } from '@server/platform/mail/outbox';
import { ERROR_CODES } from '@contracts/common/errors';
import { createItem, deleteItem, exportCatalogCsv, importCatalogCsv, loadItem, searchCatalog, updateItem } from './catalog.repo';
import { expireQuoteJob, expiryTime } from './jobs';
import { renderQuotePdf } from './pdf';
import { createQuote, loadQuoteView, quotePipeline, recordDecision, reviseQuote, saveDraft, searchQuotes, sendQuote } from './quotes.repo';
import { sampleQuote } from './sample';

/** The path of the client's page for a link key. */
export const acceptPath = (key: string) => `/quote/accept/${key}`;

export const staffQuoteRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  const me = (request: Parameters<typeof staffOf>[0]) => staffActor(staffOf(request).userId);

  // ---------------------------------------------------------------- catalog
  app.get('/api/v2/catalog', async (request) => searchCatalog(pool, parseInput(catalogSearchSchema, request.query, 'query')));

  app.get('/api/v2/catalog/export', async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="catalog.csv"')
      .send(await ctx.exports.run(() => exportCatalogCsv(pool))),
  );

  app.post('/api/v2/catalog/import', async (request) => {
    const input = parseInput(catalogImportSchema, request.body);
    const result = await inTransaction(pool, (db) => importCatalogCsv(db, input.csv, input.commit, me(request)));
    if (input.commit && !result.valid) throw new ApiError(400, ERROR_CODES.invalidInput, 'Nothing was imported: fix the rows with errors', { csv: 'Some rows have errors' });
    return result;
  });

  app.post('/api/v2/catalog', async (request, reply) => {
    const input = parseInput(catalogItemSchema, request.body);
    const id = await inTransaction(pool, (db) => createItem(db, input, me(request)));
    return reply.status(201).send(await loadItem(pool, id));
  });

  app.patch('/api/v2/catalog/:id', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const input = parseInput(catalogUpdateSchema, request.body);
    await inTransaction(pool, (db) => updateItem(db, id, input, me(request)));
    return loadItem(pool, id);
  });

  app.delete('/api/v2/catalog/:id', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    await inTransaction(pool, (db) => deleteItem(db, id, me(request)));
    return { ok: true };
  });

  // ---------------------------------------------------------------- quotes
  app.get('/api/v2/quotes', async (request) => searchQuotes(pool, parseInput(quoteSearchSchema, request.query, 'query')));

  app.get('/api/v2/quotes/pipeline', async () => quotePipeline(pool));

  app.get('/api/v2/quotes/sample-pdf', async (request, reply) => {
    const type = (request.query as { type?: string } | undefined)?.type;
    const pdf = await renderQuotePdf(sampleQuote(isQuoteType(type) ? type : 'hardware'));
    return reply.header('content-type', 'application/pdf').header('content-disposition', 'inline; filename="quote-sample.pdf"').send(pdf);
  });

  app.get('/api/v2/quotes/sample', async (request) => {
    const type = (request.query as { type?: string } | undefined)?.type;
    const { generatedAt: _g, ...sample } = sampleQuote(isQuoteType(type) ? type : 'hardware');
    return sample;
  });

  app.post('/api/v2/quotes', async (request, reply) => {
    const draft = parseInput(quoteDraftSchema, request.body);
    const id = await inTransaction(pool, (db) => createQuote(db, draft, staffOf(request).userId, me(request)));
    return reply.status(201).send(await loadQuoteView(pool, id));
  });

  app.get('/api/v2/quotes/:id', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const view = await loadQuoteView(pool, id);
    if (!view) throw notFound('No such quote');
    return view;
  });

  app.put('/api/v2/quotes/:id', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const { baseVersion, ...draft } = parseInput(quoteSaveSchema, request.body);
    await inTransaction(pool, (db) => saveDraft(db, id, draft, baseVersion, me(request)));
    return loadQuoteView(pool, id);
  });

  app.post('/api/v2/quotes/:id/send', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const { version } = parseInput(quoteSendSchema, request.body);
    let outboxId = 0;
    await inTransaction(pool, async (db) => {
      const sent = await sendQuote(db, id, version, me(request));
      const link = `${ctx.config.publicUrl}${acceptPath(sent.key)}`;
      outboxId = await queueEmail(db, {
        to: sent.to,
        kind: 'quote',
        subject: `Quote ${sent.number} from Client Care`,
        body: [
          `Hello,`,
          ``,
          `Your quote ${sent.number} for ${sent.companyName} is ready: ${formatMoney(sent.totalCents)}, valid until ${sent.validUntil}.`,
          `Review it, choose any optional items and accept or decline it here:`,
          link,
          ``,
          `The link works until the quote expires.`,
        ].join('\n'),
      });
      await ctx.jobs.send(expireQuoteJob, { quoteId: id }, { startAfter: expiryTime(sent.validUntil), singletonKey: `quote-${id}`, client: db });
    });
    deliverLater(ctx, request.log, [outboxId]);
    return loadQuoteView(pool, id);
  });

  app.post('/api/v2/quotes/:id/revise', async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const next = await inTransaction(pool, (db) => reviseQuote(db, id, staffOf(request).userId, me(request)));
    return reply.status(201).send(await loadQuoteView(pool, next));
  });

  app.post('/api/v2/quotes/:id/status', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const input = parseInput(quoteStatusSchema, request.body);
    const { rows } = await pool.query<{ name: string }>('SELECT name FROM staff_users WHERE id = $1', [staffOf(request).userId]);
    await inTransaction(pool, (db) => recordDecision(db, id, input.status, input.note, rows[0]?.name ?? 'staff', me(request)));
    return loadQuoteView(pool, id);
  });

  app.get('/api/v2/quotes/:id/pdf', async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const view = await loadQuoteView(pool, id);
    if (!view) throw notFound('No such quote');
    const q = view.quote;
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
      lines: view.lines,
      totals: view.totals,
      decision: view.decision,
      generatedAt: new Date(),
      seller: 'Client Care',
    });
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="quote-${q.number}.pdf"`).send(pdf);
  });
};
