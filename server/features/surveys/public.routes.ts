/** Public: respondents are identified only by the survey key in their link (spec 6). */
import { SURVEY_TEXT_MAX } from '@contracts/common/constants';
import { surveySubmissionSchema } from '@contracts/surveys';
import { inTransaction } from '@server/platform/db/database';
import { invalidField, parseInput } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { storeSubmission } from './surveys.repo';

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
};
