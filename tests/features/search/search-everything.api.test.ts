/**
 * Search everything: one query finds tickets by number, title and text, companies, contacts,
 * projects and quotes, accent- and case-blind, a few of each; only staff may ask, and each group
 * follows the rule of the screen it comes from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDefinition } from '@contracts/common/endpoint';
import { SEARCH_EVERYTHING, SEARCH_GROUPS, type SearchEverything, type SearchGroup } from '@contracts/search';
import { GROUP_SOURCE, groupsFor } from '@server/features/search/staff.routes';
import { apiAs, apiWith, type Api } from '@tests/support/api';
import { sqlOf } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('search everything on %s', (backend) => {
  let t: TestApp;
  let agent: Api;
  const ids = { ticket: 0, company: 0, contact: 0, project: 0, quote: 0 };
  beforeAll(async () => {
    t = await startTestApp(backend);
    agent = await apiAs(t, 'agent');
    const sql = sqlOf(t);
    const owner = (await sql.one<{ id: number }>(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`)).id;
    ids.company = (await sql.one<{ id: number }>(`INSERT INTO companies (name, account_number) VALUES ('Zéphyrine Logistique', 'ZEPH-1') RETURNING id`)).id;
    ids.contact = (await sql.one<{ id: number }>(`INSERT INTO contacts (company_id, name, email) VALUES ($1, 'Zoé Zéphyr', 'zoe@zephyrine.test') RETURNING id`, [ids.company])).id;
    ids.ticket = (await sql.one<{ id: number }>(`INSERT INTO tickets (title, description, company_id) VALUES ('Zéphyr scanner offline', 'Since Monday', $1) RETURNING id`, [ids.company])).id;
    ids.project = (await sql.one<{ id: number }>(`INSERT INTO projects (name, company_id, owner_id) VALUES ('Zéphyr rollout', $1, $2) RETURNING id`, [ids.company, owner])).id;
    ids.quote = (
      await sql.one<{ id: number }>(
        `INSERT INTO quotes (number, company_id, type, title, valid_until, tax_rate_bp, owner_id, status) VALUES ('Q-90001', $1, 'hardware', 'Zéphyr scanners', current_date + 30, 0, $2, 'sent') RETURNING id`,
        [ids.company, owner],
      )
    ).id;
  });
  afterAll(() => t?.close());

  const search = async (q: string, api = agent) => {
    const res = await api.get(`/api/v2/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchEverything;
  };
  const idsOf = (answer: SearchEverything, group: SearchGroup) => answer.groups.find((g) => g.group === group)!.hits.map((h) => h.id);

  it('finds each kind of record, grouped in the palette order, whatever the accents and case', async () => {
    for (const q of ['zephyr', 'ZÉPHYR', 'Zéphyr']) {
      const answer = await search(q);
      expect(answer.groups.map((g) => g.group)).toEqual([...SEARCH_GROUPS]);
      expect(idsOf(answer, 'tickets'), q).toContain(ids.ticket);
      expect(idsOf(answer, 'contacts'), q).toContain(ids.contact);
      expect(idsOf(answer, 'projects'), q).toContain(ids.project);
      expect(idsOf(answer, 'quotes'), q).toContain(ids.quote);
    }
    expect(idsOf(await search('zephyrine'), 'companies')).toEqual([ids.company]);
  });

  it('describes each hit: a ticket by number and title with its status and company, a contact with its company', async () => {
    const answer = await search('zephyr');
    const ticket = answer.groups[0]!.hits.find((h) => h.id === ids.ticket);
    expect(ticket).toEqual({ id: ids.ticket, title: `#${ids.ticket} Zéphyr scanner offline`, detail: 'Active · Zéphyrine Logistique', companyId: ids.company });
    const contact = answer.groups.find((g) => g.group === 'contacts')!.hits[0];
    expect(contact).toEqual({ id: ids.contact, title: 'Zoé Zéphyr', detail: 'zoe@zephyrine.test · Zéphyrine Logistique', companyId: ids.company });
    const quote = answer.groups.find((g) => g.group === 'quotes')!.hits[0];
    expect(quote).toEqual({ id: ids.quote, title: 'Q-90001 Zéphyr scanners', detail: 'Zéphyrine Logistique · Sent', companyId: ids.company });
  });

  it('finds a ticket by its number, with or without #', async () => {
    expect(idsOf(await search(String(ids.ticket)), 'tickets')).toContain(ids.ticket);
    expect(idsOf(await search(`#${ids.ticket}`), 'tickets')).toContain(ids.ticket);
  });

  it('answers a few hits of each group at most', async () => {
    const answer = await search('a');
    for (const g of answer.groups) expect(g.hits.length, g.group).toBeLessThanOrEqual(SEARCH_EVERYTHING.perGroup);
    expect(answer.groups.find((g) => g.group === 'companies')!.hits.length).toBe(SEARCH_EVERYTHING.perGroup);
  });

  it('refuses an empty or too long query naming q, and callers who are not staff', async () => {
    for (const q of ['', '%20%20', 'x'.repeat(SEARCH_EVERYTHING.queryMax + 1)]) {
      const res = await agent.get(`/api/v2/search?q=${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.body).toContain('q must');
    }
    expect((await apiWith(t, null).get('/api/v2/search?q=zephyr')).statusCode).toBe(401);
    expect((await (await apiAs(t, 'acme')).get('/api/v2/search?q=zephyr')).statusCode).toBe(401);
  });

  it('shows a role only the groups whose screens it may read', () => {
    expect(groupsFor('user')).toEqual([...SEARCH_GROUPS]);
    const managersOnlyQuotes: Record<SearchGroup, EndpointDefinition> = { ...GROUP_SOURCE, quotes: { ...GROUP_SOURCE.quotes, roles: ['manager', 'admin'] } };
    expect(groupsFor('user', managersOnlyQuotes)).toEqual(SEARCH_GROUPS.filter((g) => g !== 'quotes'));
    expect(groupsFor('manager', managersOnlyQuotes)).toEqual([...SEARCH_GROUPS]);
  });
});
