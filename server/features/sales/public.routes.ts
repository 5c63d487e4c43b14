/**
 * Public: "How did you hear about us?" (/dtc/huhy/submit). No sign-in; every call counts against the
 * address's limit before anything else, so floods get 429 whatever they send. A filled honeypot
 * answers like a success and stores nothing.
 */
import { HUHY_HONEYPOT, SALES_LIMITS, huhyInputSchema } from '@contracts/sales';
import { Counter } from '@server/platform/auth/limits';
import { inTransaction } from '@server/platform/db/database';
import { parseInput } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { offeredChannels, submitHuhy } from './sales.repo';

export const publicSalesRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  const limit = new Counter(pool, 'huhy-address', SALES_LIMITS.huhyPerAddress, SALES_LIMITS.huhyWindowMinutes * 60_000);

  app.get('/api/v2/public/huhy/channels', async () => ({ channels: await offeredChannels(pool) }));

  app.post('/api/v2/public/huhy', async (request, reply) => {
    await limit.hit(request.ip);
    const input = parseInput(huhyInputSchema, request.body);
    if (input[HUHY_HONEYPOT]) {
      request.log.info({ honeypot: true }, 'huhy answer dropped');
      return reply.status(201).send({ ok: true });
    }
    await inTransaction(pool, (db) => submitHuhy(db, input));
    return reply.status(201).send({ ok: true });
  });
};
