/**
 * Keyset paging of the ticket search: a page asked with `after` (the id of the last ticket of the
 * page before) continues right after that ticket in the sort, so tickets created between two page
 * loads never make a page repeat or skip a row, whatever the sort (nullable columns, mixed
 * directions, a computed key). `page` then only numbers the page, and may go deeper than offset
 * paging allows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_SEARCH } from '@contracts/common/constants';
import { TICKET_SEARCH_AFTER_GONE, type TicketSearchResponse } from '@contracts/tickets';
import { apiAs, type Api } from '@tests/support/api';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const SEVERITIES = ['C', 'H', 'M', 'L'] as const;
const TITLES = ['Badge reader', 'Archive job', 'Mailbox full', 'VPN drops'] as const;

describe.each(BACKENDS)('ticket search pages by keyset on %s', (backend) => {
  let t: TestApp;
  let agent: Api;
  let companyId: number;
  let made = 0;
  /** A ticket of the test's company; its sort values vary with n (a third have no due date). */
  const insert = async (n: number) =>
    (
      await t.ctx.database.pool.query<{ id: number }>(
        `INSERT INTO tickets (title, description, company_id, severity, duedate)
         VALUES ($1, 'Keyset paging check', $2, $3, CASE WHEN $4::int % 3 = 0 THEN NULL ELSE now() + make_interval(days => $4::int % 5) END) RETURNING id`,
        [TITLES[n % TITLES.length], companyId, SEVERITIES[n % SEVERITIES.length], n],
      )
    ).rows[0]!.id;

  beforeAll(async () => {
    t = await startTestApp(backend);
    agent = await apiAs(t, 'agent');
    companyId = (await t.ctx.database.pool.query(`INSERT INTO companies (name, account_number) VALUES ('Keyset Paging Ltd', 'KP-1') RETURNING id`)).rows[0].id;
    for (; made < 23; made++) await insert(made);
  });
  afterAll(() => t?.close());

  const search = async (qs: string) => {
    const res = await agent.get(`/api/v2/tickets?company=${companyId}&${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TicketSearchResponse;
  };

  it.each([['(default: newest first)', ''], ['severity:asc', 'severity:asc'], ['duedate:asc', 'duedate:asc'], ['duedate:desc,title:asc', 'duedate:desc,title:asc']])(
    'sorted by %s, Next pages neither repeat nor skip a ticket while tickets are created between the loads',
    async (_label, sort) => {
      const sortParam = sort ? `&sort=${sort}` : '';
      const before = (await search(`size=100${sortParam}`)).rows.map((r) => r.id);
      const seen: number[] = [];
      let after: number | undefined;
      let ended = false;
      for (let page = 1; page <= 40 && !ended; page++) {
        const answer = await search(`size=5&page=${page}${sortParam}${after ? `&after=${after}` : ''}`);
        expect(answer.page).toBe(page);
        seen.push(...answer.rows.map((r) => r.id));
        ended = answer.rows.length < 5;
        after = answer.rows.at(-1)?.id ?? after;
        await insert(made++);
        await insert(made++);
      }
      expect(ended).toBe(true);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of before) expect(seen).toContain(id);
      // The pages read in the sort's order: every ticket there before keeps its place among them.
      expect(seen.filter((id) => before.includes(id))).toEqual(before);
    },
  );

  it('a page after the last ticket is empty, and the total counts the pages before it', async () => {
    const last = (await search('size=1&sort=id:desc')).rows[0]!.id;
    const answer = await search(`size=5&page=3&sort=id:asc&after=${last}`);
    expect(answer.rows).toEqual([]);
    expect(answer.total).toBe(10);
    expect(answer.totalExact).toBe(true);
  });

  it('keyset pages may go deeper than offset paging; offset paging still stops there', async () => {
    const first = (await search('size=5')).rows;
    const deep = Math.floor(TICKET_SEARCH.offsetMax / 5) + 2;
    expect((await search(`size=5&page=${deep}&after=${first.at(-1)!.id}`)).rows.length).toBeGreaterThan(0);
    const offset = await agent.get(`/api/v2/tickets?company=${companyId}&size=5&page=${deep}`);
    expect(offset.statusCode).toBe(400);
  });

  it('refuses an after that is not a ticket id, naming it; a ticket that no longer exists is a 409', async () => {
    const bad = await agent.get(`/api/v2/tickets?company=${companyId}&after=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('after must be a number');
    const gone = await agent.get(`/api/v2/tickets?company=${companyId}&page=2&after=2000000000`);
    expect(gone.statusCode, gone.body).toBe(409);
    expect(gone.json().error.message).toBe(TICKET_SEARCH_AFTER_GONE);
  });
});
