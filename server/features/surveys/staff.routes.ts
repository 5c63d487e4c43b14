import type { FastifyInstance } from 'fastify';
import { SURVEY_TEXT_MAX } from '@contracts/common/constants';
import { ERROR_CODES } from '@contracts/common/errors';
import {
  sendClientCareSurveySchema,
  sendSupportSurveySchema,
  surveyResultsQuerySchema,
  surveySubmissionSchema,
} from '@contracts/surveys';
import { MANAGER_ROLES, requireStaff, staffOf } from '@server/platform/auth/guards';
import type { AppContext } from '@server/context';
import { inTransaction } from '@server/platform/db/database';
import { ApiError, notFound, parseInput } from '@server/platform/http/errors';
import { queueClientCareSurveys, queueSupportSurvey } from './keys';
import { storeSubmission, surveyResults, surveyResultsCsv } from './surveys.repo';

/** A submission is at most eight answers of 1500 characters (up to 4 bytes each) and some framing. */
const SUBMIT_BODY_LIMIT = 8 * SURVEY_TEXT_MAX * 4 + 4096;

export function registerSurveyRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** Public: respondents are identified only by the survey key in their link (spec 6). */
  app.post('/api/submitsurvey', { bodyLimit: SUBMIT_BODY_LIMIT }, async (request, reply) => {
    await ctx.limits.surveyByAddress.hit(request.ip);
    const input = parseInput(surveySubmissionSchema, request.body);
    const stored = await inTransaction(ctx.database.pool, (client) => storeSubmission(client, input));
    if (!stored) {
      throw new ApiError(400, ERROR_CODES.invalidInput, 'Invalid body: ticket (Unknown survey link)', {
        ticket: 'Unknown survey link',
      });
    }
    request.log.info({ type: input.type }, 'survey response stored');
    return reply.status(201).send({ ok: true });
  });

  app.post('/api/v2/surveys/client-care/send', { preHandler: requireStaff(ctx, MANAGER_ROLES) }, async (request) => {
    const { companyId } = parseInput(sendClientCareSurveySchema, request.body);
    const staff = staffOf(request);
    const queued = await inTransaction(ctx.database.pool, async (client) => {
      const exists = await client.query('SELECT 1 FROM companies WHERE id = $1', [companyId]);
      if (!exists.rowCount) throw notFound('No such company');
      const sent = await queueClientCareSurveys(client, companyId, ctx.config);
      await client.query(
        `INSERT INTO audit_log (actor_type, actor_id, entity, entity_id, action, detail) VALUES ('staff', $1, 'company', $2, 'survey.send', $3)`,
        [staff.userId, companyId, JSON.stringify({ type: 'CSS', queued: sent.length })],
      );
      return sent.length;
    });
    return { queued };
  });

  app.post('/api/v2/surveys/support/send', { preHandler: requireStaff(ctx) }, async (request) => {
    const { ticketId } = parseInput(sendSupportSurveySchema, request.body);
    const staff = staffOf(request);
    const queued = await inTransaction(ctx.database.pool, async (client) => {
      const { rows } = await client.query<{ status: string }>('SELECT status FROM tickets WHERE id = $1', [ticketId]);
      if (!rows[0]) throw notFound('No such ticket');
      if (rows[0].status !== 'C') throw new ApiError(409, ERROR_CODES.conflict, 'Only a closed ticket has a support survey');
      const sent = await queueSupportSurvey(client, ticketId, ctx.config, { resend: true });
      if (sent) {
        await client.query(
          `INSERT INTO audit_log (actor_type, actor_id, entity, entity_id, action, detail) VALUES ('staff', $1, 'ticket', $2, 'survey.send', $3)`,
          [staff.userId, ticketId, JSON.stringify({ type: 'TCS' })],
        );
      }
      return sent ? 1 : 0;
    });
    return { queued };
  });

  app.get('/api/v2/surveys/results', { preHandler: requireStaff(ctx) }, async (request) => {
    const q = parseInput(surveyResultsQuerySchema, request.query, 'query');
    return surveyResults(ctx.database.pool, q);
  });

  app.get('/api/v2/surveys/results/export', { preHandler: requireStaff(ctx) }, async (request, reply) => {
    const q = parseInput(surveyResultsQuerySchema, request.query, 'query');
    const csv = await surveyResultsCsv(ctx.database.pool, q);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="survey_results.csv"')
      .send(csv);
  });
}
