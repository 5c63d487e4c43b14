/**
 * Every server-mode search (tickets, companies, projects, quotes, the catalog) ignores accents and
 * case, on both sides: "MÉTER" finds what "meter" finds, "societe" finds "Société".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldedLike } from '@server/platform/sql';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

type Page = { rows: { id: number }[]; total: number };

describe.each(BACKENDS)('accent- and case-blind searches on %s', (backend) => {
  let t: TestApp;
  let admin: Api;
  const ids = { ticket: 0, company: 0, project: 0, quote: 0, item: 0 };
  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await apiAs(t, 'admin');
    const sql = sqlOf(t);
    const owner = (await sql.one<{ id: number }>(`SELECT id FROM staff_users WHERE email = 'admin@demo.test'`)).id;
    ids.company = (await sql.one<{ id: number }>(`INSERT INTO companies (name, account_number) VALUES ('Société Générale d''Éclairage', 'SGE-ÉTÉ-9') RETURNING id`)).id;
    ids.ticket = (
      await sql.one<{ id: number }>(`INSERT INTO tickets (title, description, company_id) VALUES ('Compteur électrique muet', 'Le relevé ne remonte plus', $1) RETURNING id`, [ids.company])
    ).id;
    await sql.rows(`INSERT INTO ticket_notes (ticket_id, body) VALUES ($1, 'Rappel de Mme Bjørnstrøm')`, [ids.ticket]);
    ids.project = (
      await sql.one<{ id: number }>(`INSERT INTO projects (name, company_id, owner_id) VALUES ('Déménagement du siège', $1, $2) RETURNING id`, [ids.company, owner])
    ).id;
    ids.quote = (
      await sql.one<{ id: number }>(
        `INSERT INTO quotes (number, company_id, type, title, valid_until, tax_rate_bp, owner_id) VALUES ('Q-ÀÉ-1', $1, 'hardware', 'Machines à café crème', current_date + 30, 0, $2) RETURNING id`,
        [ids.company, owner],
      )
    ).id;
    ids.item = (await sql.one<{ id: number }>(`INSERT INTO catalog_items (sku, name, category) VALUES ('CRÈME-01', 'Crème brûlée toner', 'Paper') RETURNING id`)).id;
  });
  afterAll(() => t?.close());

  const found = async (url: string, q: string) => {
    const res = await admin.get(`${url}?q=${encodeURIComponent(q)}&size=100`);
    expect(res.statusCode, `${url} ${q}: ${res.body}`).toBe(200);
    return (res.json() as Page).rows.map((r) => r.id);
  };

  it('finds the same tickets for "meter" and "MÉTER"', async () => {
    const res = await Promise.all(['meter', 'MÉTER', 'Méter'].map((q) => admin.get(`/api/v2/tickets?q=${encodeURIComponent(q)}&size=100`)));
    const [plain, upper, mixed] = res.map((r) => r.json() as Page);
    expect(plain!.rows.length).toBeGreaterThan(0);
    expect(upper).toEqual(plain);
    expect(mixed).toEqual(plain);
  });

  it('finds a ticket by its words and its notes whatever their accents', async () => {
    for (const q of ['electrique', 'ÉLECTRIQUE', 'Électrique', 'releve', 'bjornstrom', 'BJØRNSTRØM']) {
      expect(await found('/api/v2/tickets', q), q).toContain(ids.ticket);
    }
  });

  it('finds companies, projects, quotes and catalog items whatever the accents and case', async () => {
    const cases: [string, number, string[]][] = [
      ['/api/v2/companies', ids.company, ['societe generale', 'SOCIÉTÉ', 'eclairage', 'sge-ete']],
      ['/api/v2/projects', ids.project, ['demenagement', 'DÉMÉNAGEMENT', 'siege']],
      ['/api/v2/quotes', ids.quote, ['machines a cafe', 'CAFÉ CRÈME', 'q-ae', 'societe']],
      ['/api/v2/catalog', ids.item, ['creme brulee', 'CRÈME BRÛLÉE', 'creme-01']],
    ];
    for (const [url, id, queries] of cases) {
      for (const q of queries) expect(await found(url, q), `${url} ${q}`).toContain(id);
    }
  });

  it('keeps each folded match indexed: the searches write the expression the trigram indexes hold', async () => {
    const cases: [string, string, string][] = [
      ['companies c', 'c.name', 'companies_name_unaccent_idx'],
      ['companies c', 'c.account_number', 'companies_account_unaccent_idx'],
      ['contacts k', 'k.name', 'contacts_name_unaccent_idx'],
      ['contacts k', 'k.email', 'contacts_email_unaccent_idx'],
      ['projects p', 'p.name', 'projects_name_unaccent_idx'],
      ['quotes q', 'q.number', 'quotes_number_unaccent_idx'],
      ['quotes q', 'q.title', 'quotes_title_unaccent_idx'],
      ['quotes q', 'q.client_name', 'quotes_client_name_unaccent_idx'],
      ['catalog_items i', 'i.name', 'catalog_items_name_unaccent_idx'],
      ['catalog_items i', 'i.sku', 'catalog_items_sku_unaccent_idx'],
      ['catalog_items i', 'i.description', 'catalog_items_description_unaccent_idx'],
    ];
    const client = await t.ctx.database.pool.connect();
    try {
      await client.query('BEGIN');
      // The demo tables are small enough that a scan is cheaper; leave the planner only bitmap
      // scans (how a GIN index is read) to see whether the trigram index can serve the match.
      for (const setting of ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan']) await client.query(`SET LOCAL ${setting} = off`);
      for (const [from, column, index] of cases) {
        const { rows } = await client.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} WHERE ${foldedLike(column, '$1')}`, ['%cafe%']);
        expect(JSON.stringify(rows[0]['QUERY PLAN']), column).toContain(`"Index Name":"${index}"`);
      }
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
