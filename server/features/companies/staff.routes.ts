/** Companies and their contacts, for staff: create, search, view, edit; contacts add, edit, remove. */
import { contactSchema, companySearchQuerySchema, createCompanySchema, updateCompanySchema, updateContactSchema } from '@contracts/companies';
import { idParamsSchema } from '@contracts/common/input';
import { staffActor } from '@server/platform/audit';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { notFound, parseInput } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { createOnce } from '@server/platform/idempotency';
import { addContact, assertAccountManager, insertCompany, loadCompany, removeContact, searchCompanies, uniqueAccountNumber, updateCompany, updateContact } from './companies.repo';

export const staffCompanyRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  const me = (request: Parameters<typeof staffOf>[0]) => staffActor(staffOf(request).userId);

  app.get('/api/v2/companies', async (request) => searchCompanies(pool, parseInput(companySearchQuerySchema, request.query, 'query')));

  app.post('/api/v2/companies', async (request, reply) => {
    const input = parseInput(createCompanySchema, request.body);
    await assertAccountManager(pool, input.account_manager_id);
    return uniqueAccountNumber(() =>
      createOnce(request, reply, pool, async (db) => {
        const id = await insertCompany(db, input, me(request));
        return { status: 201, body: await loadCompany(db, id) };
      }),
    );
  });

  app.get('/api/v2/companies/:id', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const view = await loadCompany(pool, id);
    if (!view) throw notFound('No such company');
    return view;
  });

  app.patch('/api/v2/companies/:id', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const input = parseInput(updateCompanySchema, request.body);
    await assertAccountManager(pool, input.account_manager_id);
    await uniqueAccountNumber(() => inTransaction(pool, (db) => updateCompany(db, id, input, me(request))));
    return loadCompany(pool, id);
  });

  app.post('/api/v2/companies/:id/contacts', async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const input = parseInput(contactSchema, request.body);
    return createOnce(request, reply, pool, async (db) => ({ status: 201, body: await addContact(db, id, input, me(request)) }));
  });

  app.patch('/api/v2/contacts/:id', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const input = parseInput(updateContactSchema, request.body);
    return inTransaction(pool, (db) => updateContact(db, id, input, me(request)));
  });

  app.delete('/api/v2/contacts/:id', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    await inTransaction(pool, (db) => removeContact(db, id, me(request)));
    return { ok: true };
  });
};
