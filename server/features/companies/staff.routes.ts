/** Companies and their contacts, for staff: create, search, view, edit; contacts add, edit, remove. */
import { COMPANIES, type CompanyView } from '@contracts/companies';
import { staffActor } from '@server/platform/audit';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import { notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { createOnce } from '@server/platform/idempotency';
import { addContact, assertAccountManager, insertCompany, loadCompany, removeContact, searchCompanies, uniqueAccountNumber, updateCompany, updateContact } from './companies.repo';

/** A create answers what createOnce answers: the record, or on a retry the first answer again. */
export const staffCompanyRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  const me = (request: Parameters<typeof staffOf>[0]) => staffActor(staffOf(request).userId);
  /** A company's page at the app's clock (its overdue count). */
  const pageOf = async (db: Parameters<typeof loadCompany>[0], id: number): Promise<CompanyView> => {
    const view = await loadCompany(db, id, ctx.now());
    if (!view) throw notFound('No such company');
    return view;
  };

  route(app, COMPANIES.search, async ({ query }) => searchCompanies(pool, query));

  route(app, COMPANIES.create, async ({ body }, request, reply) => {
    await assertAccountManager(pool, body.account_manager_id);
    return uniqueAccountNumber(() =>
      createOnce(request, reply, pool, async (db) => {
        const id = await insertCompany(db, body, me(request));
        return { status: 201, body: await pageOf(db, id) };
      }),
    );
  });

  route(app, COMPANIES.view, async ({ params }) => pageOf(pool, params.id));

  route(app, COMPANIES.update, async ({ params, body }, request) => {
    await assertAccountManager(pool, body.account_manager_id);
    await uniqueAccountNumber(() => inTransaction(pool, (db) => updateCompany(db, params.id, body, me(request))));
    return pageOf(pool, params.id);
  });

  route(app, COMPANIES.addContact, async ({ params, body }, request, reply) =>
    createOnce(request, reply, pool, async (db) => ({ status: 201, body: await addContact(db, params.id, body, me(request)) })),
  );

  route(app, COMPANIES.updateContact, async ({ params, body }, request) => inTransaction(pool, (db) => updateContact(db, params.id, body, me(request))));

  route(app, COMPANIES.removeContact, async ({ params }, request) => {
    await inTransaction(pool, (db) => removeContact(db, params.id, me(request)));
    return { ok: true as const };
  });
};
