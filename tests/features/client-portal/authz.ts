import type { Pool } from 'pg';
import { all, type Audience, type MatrixIds, type Row } from '@tests/support/authz';

/**
 * The client portal's routes (the rows of its tickets are the tickets feature's). The client
 * audience is client@acme.demo.test (Acme Utilities); the EXTRA_CASES reach Globex Water's objects
 * by id, which answers 404 to an Acme user.
 */
const clientOnly = (ok = 200): Record<Audience, number> => ({ anonymous: 401, client: ok, user: 401, manager: 401, admin: 401 });
const x = (key: string) => ({ extra }: MatrixIds) => extra[key]!;

export async function prepare(pool: Pool): Promise<Record<string, number>> {
  const one = async (sql: string, params: unknown[] = []) => Number((await pool.query(sql, params)).rows[0]!.id);
  const company = (email: string) => one('SELECT company_id AS id FROM client_users WHERE email = $1', [email]);
  const acme = await company('client@acme.demo.test');
  const globex = await company('client@globex.demo.test');
  const firstOf = (table: string, companyId: number) => one(`SELECT id FROM ${table} WHERE company_id = $1 ORDER BY id LIMIT 1`, [companyId]);
  return {
    ownOrder: await firstOf('paper_orders', acme),
    otherOrder: await firstOf('paper_orders', globex),
    ownScr: await firstOf('software_change_requests', acme),
    otherScr: await firstOf('software_change_requests', globex),
    publishedArticle: await one('SELECT id FROM knowledge_articles WHERE published ORDER BY id LIMIT 1'),
    draftArticle: await one('SELECT id FROM knowledge_articles WHERE NOT published ORDER BY id LIMIT 1'),
    paperProduct: await one(`SELECT id FROM catalog_items WHERE category = 'paper' ORDER BY id LIMIT 1`),
  };
}

const NEW_PASSWORD = 'a long enough passphrase';

export const ROWS: Record<string, Row> = {
  // Public account endpoints answer everyone the same (an unknown account number too).
  'POST /api/v2/client/signup': {
    body: { accountNumber: 'NO-SUCH-999', name: 'Nobody', email: 'nobody@example.test', password: NEW_PASSWORD },
    expect: all(202),
  },
  'POST /api/v2/client/forgot-password': { body: { email: 'nobody@example.test' }, expect: all(202) },
  'POST /api/v2/client/set-password': { body: { token: 'not-a-real-token', password: NEW_PASSWORD }, expect: all(400) },
  'POST /api/v2/client/reset-password': { body: { token: 'not-a-real-token', password: NEW_PASSWORD }, expect: all(400) },

  'GET /api/v2/client/dashboard': { expect: clientOnly() },
  'GET /api/v2/client/support-info': { expect: clientOnly() },
  'POST /api/v2/client/contact-support': { body: { subject: 'Printer', message: 'The bill printer jams.' }, expect: clientOnly(201) },
  'GET /api/v2/client/paper/products': { expect: clientOnly() },
  'GET /api/v2/client/paper/orders': { expect: clientOnly() },
  'POST /api/v2/client/paper/orders': {
    body: (ids: MatrixIds) => ({ productId: x('paperProduct')(ids), quantity: 2, shipTo: '1 Main Street' }),
    expect: clientOnly(201),
  },
  'GET /api/v2/client/paper/orders/:id': { url: (ids: MatrixIds) => `/api/v2/client/paper/orders/${x('ownOrder')(ids)}`, expect: clientOnly() },
  'GET /api/v2/client/articles': { expect: clientOnly() },
  'GET /api/v2/client/articles/:id': { url: (ids: MatrixIds) => `/api/v2/client/articles/${x('publishedArticle')(ids)}`, expect: clientOnly() },
  'GET /api/v2/client/scrs': { expect: clientOnly() },
  'POST /api/v2/client/scrs': { body: { title: 'New report', description: 'A report of late fees.' }, expect: clientOnly(201) },
  'GET /api/v2/client/scrs/:id': { url: (ids: MatrixIds) => `/api/v2/client/scrs/${x('ownScr')(ids)}`, expect: clientOnly() },

};

/** Another company's objects (and an unpublished article) answer 404 to a client user. */
const otherCompany = (route: string, url: (ids: MatrixIds) => string, body?: unknown) => ({
  route,
  label: 'another company',
  row: { url, ...(body === undefined ? {} : { body }), expect: clientOnly(404) },
});
export const EXTRA_CASES: { route: string; label: string; row: Row }[] = [
  otherCompany('GET /api/v2/client/paper/orders/:id', (ids) => `/api/v2/client/paper/orders/${x('otherOrder')(ids)}`),
  otherCompany('GET /api/v2/client/scrs/:id', (ids) => `/api/v2/client/scrs/${x('otherScr')(ids)}`),
  { route: 'GET /api/v2/client/articles/:id', label: 'a draft', row: { url: (ids) => `/api/v2/client/articles/${x('draftArticle')(ids)}`, expect: clientOnly(404) } },
];
