/** Staff: survey results and their export; the client care survey's recipients and its send to those a manager confirmed; a ticket's support survey again. */
import { ERROR_CODES } from '@contracts/common/errors';
import { SURVEYS } from '@contracts/surveys';
import { staffActor, audit } from '@server/platform/audit';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import { ApiError, invalidField, notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { queueClientCareSurveys, queueSupportSurvey } from './keys';
import { clientCareRecipients, companyExists, surveyResults, surveyResultsCsv, ticketStatus } from './surveys.repo';

export const staffSurveyRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  route(app, SURVEYS.clientCareRecipients, async ({ query }) => {
    if (!(await companyExists(pool, query.companyId))) throw notFound('No such company');
    return { rows: await clientCareRecipients(pool, query.companyId) };
  });

  route(app, SURVEYS.sendClientCare, async ({ body }, request) => {
    const { companyId, contactIds } = body;
    const staff = staffOf(request);
    const now = ctx.now();
    const queued = await inTransaction(pool, async (db) => {
      if (!(await companyExists(db, companyId))) throw notFound('No such company');
      // Only the contacts the manager confirmed, each a contact of this company with an address; otherwise nothing is sent.
      const eligible = new Set((await clientCareRecipients(db, companyId)).map((c) => c.id));
      const stranger = contactIds.find((contactId) => !eligible.has(contactId));
      if (stranger !== undefined) throw invalidField('contactIds', `Contact ${stranger} is not a contact of this company with an email address`);
      const sent = await queueClientCareSurveys(db, companyId, contactIds, ctx.config, now);
      await audit(db, { actor: staffActor(staff.userId), entity: 'company', entityId: companyId, action: 'survey.send', detail: { type: 'CSS', queued: sent.length } });
      return sent.length;
    });
    return { queued };
  });

  route(app, SURVEYS.sendSupport, async ({ body }, request) => {
    const { ticketId } = body;
    const staff = staffOf(request);
    const now = ctx.now();
    const queued = await inTransaction(pool, async (db) => {
      const status = await ticketStatus(db, ticketId);
      if (status === null) throw notFound('No such ticket');
      if (status !== 'C') throw new ApiError(409, ERROR_CODES.conflict, 'Only a closed ticket has a support survey');
      const sent = await queueSupportSurvey(db, ticketId, ctx.config, { resend: true, now });
      if (sent) await audit(db, { actor: staffActor(staff.userId), entity: 'ticket', entityId: ticketId, action: 'survey.send', detail: { type: 'TCS' } });
      return sent ? 1 : 0;
    });
    return { queued };
  });

  route(app, SURVEYS.results, async ({ query }) => surveyResults(pool, query));

  route(app, SURVEYS.exportCsv, async ({ query }, _request, reply) => {
    const csv = await ctx.exports.run(() => surveyResultsCsv(pool, query));
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="survey_results.csv"').send(csv);
  });
};
