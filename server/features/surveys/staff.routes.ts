/** Staff: survey results and their export; sending the client care survey (managers) and a ticket's support survey again. */
import { MANAGER_ROLES } from '@contracts/common/constants';
import { ERROR_CODES } from '@contracts/common/errors';
import { sendClientCareSurveySchema, sendSupportSurveySchema, surveyResultsQuerySchema } from '@contracts/surveys';
import { staffActor, audit } from '@server/platform/audit';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { ApiError, notFound, parseInput } from '@server/platform/http/errors';
import { requireRole, type Routes } from '@server/platform/http/plugins';
import { queueClientCareSurveys, queueSupportSurvey } from './keys';
import { companyExists, surveyResults, surveyResultsCsv, ticketStatus } from './surveys.repo';

export const staffSurveyRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  app.post('/api/v2/surveys/client-care/send', requireRole(MANAGER_ROLES), async (request) => {
    const { companyId } = parseInput(sendClientCareSurveySchema, request.body);
    const staff = staffOf(request);
    const queued = await inTransaction(pool, async (db) => {
      if (!(await companyExists(db, companyId))) throw notFound('No such company');
      const sent = await queueClientCareSurveys(db, companyId, ctx.config);
      await audit(db, { actor: staffActor(staff.userId), entity: 'company', entityId: companyId, action: 'survey.send', detail: { type: 'CSS', queued: sent.length } });
      return sent.length;
    });
    return { queued };
  });

  app.post('/api/v2/surveys/support/send', async (request) => {
    const { ticketId } = parseInput(sendSupportSurveySchema, request.body);
    const staff = staffOf(request);
    const queued = await inTransaction(pool, async (db) => {
      const status = await ticketStatus(db, ticketId);
      if (status === null) throw notFound('No such ticket');
      if (status !== 'C') throw new ApiError(409, ERROR_CODES.conflict, 'Only a closed ticket has a support survey');
      const sent = await queueSupportSurvey(db, ticketId, ctx.config, { resend: true });
      if (sent) await audit(db, { actor: staffActor(staff.userId), entity: 'ticket', entityId: ticketId, action: 'survey.send', detail: { type: 'TCS' } });
      return sent ? 1 : 0;
    });
    return { queued };
  });

  app.get('/api/v2/surveys/results', async (request) => surveyResults(pool, parseInput(surveyResultsQuerySchema, request.query, 'query')));

  app.get('/api/v2/surveys/results/export', async (request, reply) => {
    const query = parseInput(surveyResultsQuerySchema, request.query, 'query');
    const csv = await ctx.exports.run(() => surveyResultsCsv(pool, query));
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="survey_results.csv"').send(csv);
  });
};
