import type { Pool } from 'pg';
import { SALES } from '@contracts/sales';
import { all, endpointRows, managersOnly, staffOnly, type MatrixIds } from '@tests/support/authz';

let n = 0;
const today = () => new Date().toISOString().slice(0, 10);

/** A company to log activities against. */
export async function prepare(pool: Pool): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ id: number }>('SELECT min(id) AS id FROM companies');
  return { salesCompany: rows[0]!.id };
}

/** Sales: staff of every role (reviewing public answers too); settings and territory edits for managers and admins; the public form by itself (bad input: 400 for everyone, nothing stored). */
export const ROWS = endpointRows([
  [SALES.dashboard, { expect: staffOnly() }],
  [SALES.reps, { expect: staffOnly() }],
  [SALES.activities, { url: '/api/v2/sales/activities?kind=call&limit=5', expect: staffOnly() }],
  [SALES.log, { body: (ids: MatrixIds) => ({ kind: 'call', companyId: ids.extra.salesCompany, occurredOn: today() }), expect: staffOnly(201) }],
  [SALES.customers, { url: '/api/v2/sales/customers?q=a', expect: staffOnly() }],
  [SALES.company, { url: (ids) => `/api/v2/sales/companies/${ids.extra.salesCompany}`, expect: staffOnly() }],
  [SALES.territories, { expect: staffOnly() }],
  [SALES.reassign, { body: { companyIds: [999999], territoryId: null }, expect: staffOnly(400) }],
  [SALES.createTerritory, { body: () => ({ name: `Matrix ${Date.now()}-${n++}`, ownerId: null }), expect: managersOnly(201) }],
  [SALES.updateTerritory, { url: '/api/v2/sales/territories/999999', body: { name: 'Nowhere', ownerId: null }, expect: managersOnly(404) }],
  [SALES.huhy, { expect: staffOnly() }],
  [SALES.confirmHuhy, { url: '/api/v2/sales/huhy/999999/confirm', body: { companyId: null }, expect: staffOnly(404) }],
  [SALES.discardHuhy, { url: '/api/v2/sales/huhy/999999/discard', expect: staffOnly(404) }],
  [SALES.cac, { expect: staffOnly() }],
  [SALES.settings, { expect: staffOnly() }],
  [SALES.saveTargets, { body: { targets: [] }, expect: managersOnly() }],
  [SALES.saveSpend, { body: { spend: [] }, expect: managersOnly() }],
  [SALES.saveChannels, { body: { channels: [] }, expect: managersOnly(400) }],
  [SALES.saveProbabilities, { body: { draft: 10, sent: 40, accepted: 100, declined: 0, expired: 0 }, expect: managersOnly() }],
  [SALES.huhyChannels, { expect: all(200) }],
  [SALES.huhySubmit, { body: { company: '' }, expect: all(400) }],
]);
