/** Public: respondents are identified only by the survey key in their link (spec 6). */
import { SURVEY_TEXT_MAX } from '@contracts/common/constants';
import { SURVEYS } from '@contracts/surveys';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import { invalidField } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { storeSubmission, surveyKeyStatus } from './surveys.repo';

/** A submission is at most eight answers of 1500 characters (up to 4 bytes each) and some framing. */
const SUBMIT_BODY_LIMIT = 8 * SURVEY_TEXT_MAX * 4 + 4096;

export const publicSurveyRoutes: Routes = (app, ctx) => {
  // Every call counts against the address's limit, before anything of it is read.
  route(
    app,
    SURVEYS.submit,
    async ({ body }, request) => {
      const stored = await inTransaction(ctx.database.pool, (db) => storeSubmission(db, body, ctx.now()));
      if (!stored) throw invalidField('ticket', 'Unknown survey link');
      request.log.info({ type: body.type }, 'survey response stored');
      return { ok: true as const };
    },
    { bodyLimit: SUBMIT_BODY_LIMIT, onRequest: async (request) => ctx.limits.surveyByAddress.hit(request.ip) },
  );

  // Opening a link asks first whether its key is valid, so a bad link says so before any answer is typed.
  route(
    app,
    SURVEYS.checkKey,
    async ({ params, query }, _request, reply) => {
      const status = await surveyKeyStatus(ctx.database.pool, params.key, query.type);
      // The answer changes as soon as someone answers: never from a cache.
      reply.header('cache-control', 'no-store');
      return status;
    },
    { onRequest: async (request) => ctx.limits.surveyCheckByAddress.hit(request.ip) },
  );
};
