/** Travel expenses' own routes: the rates, receipts (upload and download), and the exports of approved claims. Claims themselves go through the engine's endpoints. */
import { EXPENSES, type StoredExpensePayload } from '@contracts/expenses';
import { UPLOAD_PARTS } from '@contracts/common/uploads';
import { viewRequest } from '@server/features/approvals';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import { ApiError, conflict, notFound } from '@server/platform/http/errors';
import { ERROR_CODES } from '@contracts/common/errors';
import type { Routes } from '@server/platform/http/plugins';
import { sendStoredFile, withUploads } from '@server/platform/uploads';
import { expenseClaimPdf, expensesCsv } from './expense-export';
import { approvedLines, expenseRates, insertReceipts, receiptFile, receiptsById, requestsWithReceipt } from './expenses.repo';

const NOT_FOUND = 'No such receipt';

export const staffExpenseRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  route(app, EXPENSES.rates, async () => expenseRates(pool));

  route(app, EXPENSES.upload, async (_parts, request, reply) => {
    const me = staffOf(request).userId;
    return withUploads(request, async (files, keep) => {
      if (!files.length) throw new ApiError(400, ERROR_CODES.invalidInput, 'Attach a receipt file (an image or a PDF)', { [UPLOAD_PARTS.files]: 'Attach a receipt file (an image or a PDF)' });
      const receipts = await inTransaction(pool, (db) => insertReceipts(db, me, files, ctx.now()));
      keep();
      return reply.status(201).send({ receipts });
    });
  });

  // A receipt is its uploader's, and of whoever may see a claim it is attached to; anyone else gets 404.
  route(app, EXPENSES.receipt, async ({ params, query }, request, reply) => {
    const me = staffOf(request);
    const file = await receiptFile(pool, params.id);
    if (!file) throw notFound(NOT_FOUND);
    if (file.uploaderId !== me.userId) {
      let visible = false;
      for (const id of await requestsWithReceipt(pool, params.id)) {
        visible = await viewRequest(pool, me, id).then(
          () => true,
          () => false,
        );
        if (visible) break;
      }
      if (!visible) throw notFound(NOT_FOUND);
    }
    return sendStoredFile(reply, ctx.uploads, file, query.variant);
  });

  route(app, EXPENSES.csv, async ({ query }, request, reply) => {
    const lines = await ctx.exports.run(async () => approvedLines(pool, staffOf(request), query));
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="travel-expenses.csv"').send(expensesCsv(lines));
  });

  route(app, EXPENSES.pdf, async ({ params }, request, reply) => {
    const me = staffOf(request);
    const claim = await viewRequest(pool, me, params.id);
    if (claim.formType !== 'expense') throw notFound('No such travel expense claim');
    if (claim.state !== 'applied') throw conflict('Only an approved claim exports as a PDF; this one is not approved yet');
    const lines = await approvedLines(pool, { userId: me.userId, role: 'admin' }, { requestId: claim.id });
    const receipts = await receiptsById(pool, lines.flatMap((l) => l.receiptIds));
    const p = claim.payload as unknown as StoredExpensePayload;
    const pdf = await expenseClaimPdf({ id: claim.id, title: claim.title, requester: claim.requester, startDate: p.startDate, endDate: p.endDate }, lines, receipts, ctx.uploads, ctx.now());
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="expense-claim-${claim.id}.pdf"`).send(pdf);
  });
};
