/**
 * Public: "How did you hear about us?" (/dtc/huhy/submit). No sign-in; every call counts against the
 * address's limit before anything else, its input included, so floods get 429 whatever they send.
 * A filled honeypot answers like a success and stores nothing.
 */
import { HUHY_HONEYPOT, SALES, SALES_LIMITS } from '@contracts/sales';
import { Counter } from '@server/platform/auth/limits';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import type { Routes } from '@server/platform/http/plugins';
import { offeredChannels, submitHuhy } from './sales.repo';

export const publicSalesRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  const limit = new Counter(pool, 'huhy-address', SALES_LIMITS.huhyPerAddress, SALES_LIMITS.huhyWindowMinutes * 60_000);

  route(app, SALES.huhyChannels, async () => ({ channels: await offeredChannels(pool) }));

  // The limit counts before the body is validated (a hook of a scope of its own, ahead of the schema).
  void app.register(async (scope) => {
    scope.addHook('preValidation', async (request) => limit.hit(request.ip));
    route(scope, SALES.huhySubmit, async ({ body }, request) => {
      if (body[HUHY_HONEYPOT]) {
        request.log.info({ honeypot: true }, 'huhy answer dropped');
        return { ok: true as const };
      }
      await inTransaction(pool, (db) => submitHuhy(db, body));
      return { ok: true as const };
    });
  });
};
