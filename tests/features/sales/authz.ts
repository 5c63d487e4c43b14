import type { Pool } from 'pg';
import { all, managersOnly, staffOnly, type Row } from '@tests/support/authz';

let n = 0;
const today = () => new Date().toISOString().slice(0, 10);

/** A company to log activities against. */
export async function prepare(pool: Pool): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ id: number }>('SELECT min(id) AS id FROM companies');
  return { salesCompany: rows[0]!.id };
}

/** Sales: staff of every role (reviewing public answers too); settings and territory edits for managers and admins; the public form by itself (bad input: 400 for everyone, nothing stored). */
export const ROWS: Record<string, Row> = {
  'GET /api/v2/sales/dashboard': { expect: staffOnly() },
  'GET /api/v2/sales/reps': { expect: staffOnly() },
  'GET /api/v2/sales/activities': { url: '/api/v2/sales/activities?kind=call&limit=5', expect: staffOnly() },
  'POST /api/v2/sales/activities': { body: (ids: { extra: Record<string, number> }) => ({ kind: 'call', companyId: ids.extra.salesCompany, occurredOn: today() }), expect: staffOnly(201) },
  'GET /api/v2/sales/customers': { url: '/api/v2/sales/customers?q=a', expect: staffOnly() },
  'GET /api/v2/sales/companies/:id': { url: (ids) => `/api/v2/sales/companies/${ids.extra.salesCompany}`, expect: staffOnly() },
  'GET /api/v2/sales/territories': { expect: staffOnly() },
  'POST /api/v2/sales/territories/reassign': { body: { companyIds: [999999], territoryId: null }, expect: staffOnly(400) },
  'POST /api/v2/sales/territories': { body: () => ({ name: `Matrix ${Date.now()}-${n++}`, ownerId: null }), expect: managersOnly(201) },
  'PUT /api/v2/sales/territories/:id': { url: '/api/v2/sales/territories/999999', body: { name: 'Nowhere', ownerId: null }, expect: managersOnly(404) },
  'GET /api/v2/sales/huhy': { expect: staffOnly() },
  'POST /api/v2/sales/huhy/:id/confirm': { url: '/api/v2/sales/huhy/999999/confirm', body: { companyId: null }, expect: staffOnly(404) },
  'POST /api/v2/sales/huhy/:id/discard': { url: '/api/v2/sales/huhy/999999/discard', expect: staffOnly(404) },
  'GET /api/v2/sales/cac': { expect: staffOnly() },
  'GET /api/v2/sales/settings': { expect: staffOnly() },
  'PUT /api/v2/sales/settings/targets': { body: { targets: [] }, expect: managersOnly() },
  'PUT /api/v2/sales/settings/spend': { body: { spend: [] }, expect: managersOnly() },
  'PUT /api/v2/sales/settings/channels': { body: { channels: [] }, expect: managersOnly(400) },
  'PUT /api/v2/sales/settings/probabilities': { body: { draft: 10, sent: 40, accepted: 100, declined: 0, expired: 0 }, expect: managersOnly() },
  'GET /api/v2/public/huhy/channels': { expect: all(200) },
  'POST /api/v2/public/huhy': { body: { company: '' }, expect: all(400) },
};
