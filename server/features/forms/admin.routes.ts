/** What admins keep for the forms: the company values of kudos and the dated expense rates (the rules are in forms-admin.commands.ts). */
import { FORMS_ADMIN } from '@contracts/forms-admin';
import { staffOf } from '@server/platform/auth/guards';
import { route } from '@server/platform/http/endpoints';
import type { Routes } from '@server/platform/http/plugins';
import { adminExpenseRates } from './expenses.repo';
import { addExpenseRate, addKudoValue, changeExpenseRate, changeKudoValue, orderKudoValues } from './forms-admin.commands';
import { allKudoValues } from './forms.repo';

export const staffFormsAdminRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  route(app, FORMS_ADMIN.values, async () => ({ items: await allKudoValues(pool) }));
  route(app, FORMS_ADMIN.addValue, async ({ body }, request, reply) => reply.status(201).send(await addKudoValue(pool, staffOf(request).userId, body.name)));
  route(app, FORMS_ADMIN.changeValue, async ({ params, body }, request) => changeKudoValue(pool, staffOf(request).userId, params.id, body));
  route(app, FORMS_ADMIN.orderValues, async ({ body }, request) => ({ items: await orderKudoValues(pool, staffOf(request).userId, body.ids) }));
  route(app, FORMS_ADMIN.rates, async () => ({ items: await adminExpenseRates(pool) }));
  route(app, FORMS_ADMIN.addRate, async ({ body }, request, reply) => reply.status(201).send(await addExpenseRate(pool, staffOf(request).userId, body)));
  route(app, FORMS_ADMIN.changeRate, async ({ params, body }, request) => changeExpenseRate(pool, staffOf(request).userId, params.id, body.rateMicros));
};
