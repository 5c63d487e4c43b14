import { CLIENT_PORTAL } from '@contracts/client-portal';
import { endpointKey } from '@contracts/common/endpoint';
import { clientOnly, endpointRows, type MatrixIds, type Row } from '@tests/support/authz';
import { sqlOf, type Queryable } from '@tests/support/sql';

/**
 * The client portal's routes (the rows of its tickets are the tickets feature's). The client
 * audience is client@acme.demo.test (Acme Utilities); the EXTRA_CASES reach Globex Water's objects
 * by id, which answers 404 to an Acme user.
 */
const x = (key: string) => ({ extra }: MatrixIds) => extra[key]!;

export async function prepare(pool: Queryable): Promise<Record<string, number>> {
  const sql = sqlOf(pool);
  const one = async (text: string, values: unknown[] = []) => Number((await sql.one(text, values)).id);
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

/** The portal's own endpoints. */
const PORTAL_ROWS = endpointRows([
  [CLIENT_PORTAL.dashboard, { expect: clientOnly() }],
  [CLIENT_PORTAL.supportInfo, { expect: clientOnly() }],
  [CLIENT_PORTAL.contactSupport, { body: { subject: 'Printer', message: 'The bill printer jams.' }, expect: clientOnly(201) }],
  [CLIENT_PORTAL.paperProducts, { expect: clientOnly() }],
  [CLIENT_PORTAL.paperOrders, { expect: clientOnly() }],
  [
    CLIENT_PORTAL.orderPaper,
    { body: (ids: MatrixIds) => ({ productId: x('paperProduct')(ids), quantity: 2, shipTo: '1 Main Street' }), expect: clientOnly(201) },
  ],
  [CLIENT_PORTAL.paperOrder, { url: (ids: MatrixIds) => `/api/v2/client/paper/orders/${x('ownOrder')(ids)}`, expect: clientOnly() }],
  [CLIENT_PORTAL.articles, { expect: clientOnly() }],
  [CLIENT_PORTAL.article, { url: (ids: MatrixIds) => `/api/v2/client/articles/${x('publishedArticle')(ids)}`, expect: clientOnly() }],
  [CLIENT_PORTAL.scrs, { expect: clientOnly() }],
  [CLIENT_PORTAL.createScr, { body: { title: 'New report', description: 'A report of late fees.' }, expect: clientOnly(201) }],
  [CLIENT_PORTAL.scr, { url: (ids: MatrixIds) => `/api/v2/client/scrs/${x('ownScr')(ids)}`, expect: clientOnly() }],
]);

export const ROWS: Record<string, Row> = {
  ...PORTAL_ROWS,
};

/** Another company's objects (and an unpublished article) answer 404 to a client user. */
const otherCompany = (route: string, url: (ids: MatrixIds) => string, body?: unknown) => ({
  route,
  label: 'another company',
  row: { url, ...(body === undefined ? {} : { body }), expect: clientOnly(404) },
});
export const EXTRA_CASES: { route: string; label: string; row: Row }[] = [
  otherCompany(endpointKey(CLIENT_PORTAL.paperOrder), (ids) => `/api/v2/client/paper/orders/${x('otherOrder')(ids)}`),
  otherCompany(endpointKey(CLIENT_PORTAL.scr), (ids) => `/api/v2/client/scrs/${x('otherScr')(ids)}`),
  { route: endpointKey(CLIENT_PORTAL.article), label: 'a draft', row: { url: (ids) => `/api/v2/client/articles/${x('draftArticle')(ids)}`, expect: clientOnly(404) } },
];
