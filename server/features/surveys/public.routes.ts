/** Public: respondents are identified only by the survey key in their link (spec 6). */
import { SURVEY_TEXT_MAX } from '@contracts/common/constants';
import { SURVEY_KEY_CHECK_PATH } from '@contracts/common/constants';
import { surveyKeyParamsSchema, surveyKeyQuerySchema, surveySubmissionSchema } from '@contracts/surveys';
import { inTransaction } from '@server/platform/db/database';
import { invalidField, parseInput } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { storeSubmission, surveyKeyStatus } from './surveys.repo';

/** A submission is at most eight answers of 1500 characters (up to 4 bytes each) and some framing. */
const SUBMIT_BODY_LIMIT = 8 * SURVEY_TEXT_MAX * 4 + 4096;

export const publicSurveyRoutes: Routes = (app, ctx) => {
  app.post('/api/submitsurvey', { bodyLimit: SUBMIT_BODY_LIMIT }, async (request, reply) => {
    await ctx.limits.surveyByAddress.hit(request.ip);
    const input = parseInput(surveySubmissionSchema, request.body);
    const stored = await inTransaction(ctx.database.pool, (db) => storeSubmission(db, input));
    if (!stored) throw invalidField('ticket', 'Unknown survey link');
    request.log.info({ type: input.type }, 'survey response stored');
    return reply.status(201).send({ ok: true });
  });

  // Opening a link asks first whether its key is valid, so a bad link says so before any answer is typed.
  app.get(`${SURVEY_KEY_CHECK_PATH}/:key`, async (request, reply) => {
    await ctx.limits.surveyCheckByAddress.hit(request.ip);
    const { key } = parseInput(surveyKeyParamsSchema, request.params);
    const { type } = parseInput(surveyKeyQuerySchema, request.query);
    const status = await surveyKeyStatus(ctx.database.pool, key, type);
    // The answer changes as soon as someone answers: never from a cache.
    return reply.header('cache-control', 'no-store').send(status);
  });
};
