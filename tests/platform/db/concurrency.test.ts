/**
 * Concurrency is part of correctness: for a fixed time, about twenty requests are always in
 * flight over HTTP (readers and transactional writers of two client companies and of staff), and
 * every answer is checked against who asked and what was written. No answer may carry another
 * request's data, no write may answer 5xx, no request may hang, and every acknowledged write
 * must be stored exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type DemoAccount, type TestApp } from '@tests/support/test-app';

const DURATION_MS = Number(process.env.CONCURRENCY_TEST_MS ?? 10_000);
const IN_FLIGHT = 20;
const REQUEST_TIMEOUT_MS = 10_000;

type Tally = { answers: number; wrong: string[]; errors5xx: number; hangs: number; byKind: Record<string, number> };

describe.each(BACKENDS)('concurrent requests on %s', (backend) => {
  let t: TestApp;
  let base: string;
  const tokens = {} as Record<DemoAccount, string>;
  type Client = 'acme' | 'globex';
  const company = {} as Record<Client, { id: number; ticketId: number; ticketTitle: string; email: string }>;
  let agent: { id: number; name: string };

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    for (const who of ['acme', 'globex', 'agent', 'manager'] as const) tokens[who] = await t.tokenFor(who);
    const pool = t.ctx.database.pool;
    for (const [who, account] of [
      ['acme', 'ACME-001'],
      ['globex', 'GLOBEX-002'],
    ] as const) {
      const { rows } = await pool.query(
        `SELECT c.id, t.id AS ticket_id, t.title, u.email FROM companies c
           JOIN tickets t ON t.company_id = c.id JOIN client_users u ON u.company_id = c.id
          WHERE c.account_number = $1 AND u.email LIKE 'client@%' ORDER BY t.id LIMIT 1`,
        [account],
      );
      company[who] = { id: rows[0].id, ticketId: rows[0].ticket_id, ticketTitle: rows[0].title, email: rows[0].email };
    }
    const { rows } = await pool.query(`SELECT id, name FROM staff_users WHERE email = 'agent@demo.test'`);
    agent = rows[0];
  });
  afterAll(() => t?.close());

  it(`answers every request right with ${IN_FLIGHT} in flight, and stores every acknowledged write once`, async () => {
    const tally: Tally = { answers: 0, wrong: [], errors5xx: 0, hangs: 0, byKind: {} };
    const created: { company: number; title: string; id: number }[] = [];
    const replies: { ticketId: number; body: string }[] = [];
    const notes: { ticketId: number; body: string }[] = [];
    let serial = 0;
    const unique = (what: string) => `${what} ${backend} ${process.pid} ${++serial}`;

    const call = async (kind: string, who: DemoAccount, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${tokens[who]}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }).catch((error: Error) => {
        if (error.name === 'TimeoutError') tally.hangs++;
        throw error;
      });
      tally.answers++;
      tally.byKind[kind] = (tally.byKind[kind] ?? 0) + 1;
      if (res.status >= 500) tally.errors5xx++;
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : undefined };
    };
    const check = (ok: boolean, what: string) => {
      if (!ok && tally.wrong.length < 50) tally.wrong.push(what);
      else if (!ok) tally.wrong.push('…');
    };

    const other = (c: Client): Client => (c === 'acme' ? 'globex' : 'acme');
    const operations: ((c: Client) => Promise<void>)[] = [
      async (c) => {
        const r = await call('client identity', c, 'POST', '/api/v2/client/verify-token');
        check(r.status === 200 && r.json.user.email === company[c].email && r.json.user.companyId === company[c].id, `${c} verify-token answered ${JSON.stringify(r.json)}`);
      },
      async (c) => {
        const r = await call('client reads own ticket', c, 'GET', `/api/v2/client/tickets/${company[c].ticketId}`);
        check(r.status === 200 && r.json.id === company[c].ticketId && r.json.title === company[c].ticketTitle, `${c} own ticket answered ${r.status} ${r.json?.id}`);
      },
      async (c) => {
        const r = await call("client asks for another company's ticket", c, 'GET', `/api/v2/client/tickets/${company[other(c)].ticketId}`);
        check(r.status === 404, `${c} got ${r.status} for ${other(c)}'s ticket ${company[other(c)].ticketId}`);
      },
      async (c) => {
        const r = await call('client lists tickets', c, 'GET', '/api/v2/client/tickets?pageSize=5');
        check(r.status === 200 && r.json.items.length > 0, `${c} ticket list answered ${r.status}`);
        if (r.status === 200) {
          const foreign = (r.json.items as { id: number }[]).filter((i) => created.some((x) => x.id === i.id && x.company !== company[c].id));
          check(foreign.length === 0, `${c} list holds other companies' tickets ${foreign.map((f) => f.id).join(',')}`);
        }
      },
      async (c) => {
        const title = unique(`Portal ticket of ${c}`);
        const r = await call('client creates a ticket', c, 'POST', '/api/v2/client/tickets', { title, description: 'Raised under load', severity: 'M' });
        check(r.status === 201 && Number.isInteger(r.json.id), `${c} ticket creation answered ${r.status}`);
        if (r.status !== 201) return;
        created.push({ company: company[c].id, title, id: r.json.id });
        const back = await call('client reads its new ticket', c, 'GET', `/api/v2/client/tickets/${r.json.id}`);
        check(back.status === 200 && back.json.title === title, `${c} new ticket ${r.json.id} read back as ${back.status} ${back.json?.title}`);
      },
      async (c) => {
        const body = unique(`Reply of ${c}`);
        const r = await call('client replies', c, 'POST', `/api/v2/client/tickets/${company[c].ticketId}/replies`, { body });
        check(r.status === 201, `${c} reply answered ${r.status}`);
        if (r.status === 201) replies.push({ ticketId: company[c].ticketId, body });
      },
      async (c) => {
        const title = unique(`Staff ticket for ${c}`);
        const r = await call('staff creates a ticket', 'agent', 'POST', '/api/v2/tickets', {
          title,
          description: 'Logged by phone under load',
          company_id: company[c].id,
          severity: 'H',
          queue: 'Support',
        });
        check(r.status === 201 && r.json.ticket.title === title && r.json.ticket.company_id === company[c].id, `staff ticket creation answered ${r.status} ${r.json?.ticket?.title}`);
        if (r.status === 201) created.push({ company: company[c].id, title, id: r.json.ticket.id });
      },
      async (c) => {
        const body = unique(`Internal note on ${c}`);
        const r = await call('staff adds a note', 'agent', 'POST', `/api/v2/tickets/${company[c].ticketId}/notes`, { body, internal: true });
        check(
          r.status === 201 && r.json.ticket.id === company[c].ticketId && r.json.thread.some((e: { body?: string }) => e.body === body),
          `staff note on ${company[c].ticketId} answered ${r.status} for ticket ${r.json?.ticket?.id}`,
        );
        if (r.status === 201) notes.push({ ticketId: company[c].ticketId, body });
      },
      async (c) => {
        const r = await call('staff reads a ticket', 'agent', 'GET', `/api/v2/tickets/${company[c].ticketId}`);
        check(r.status === 200 && r.json.ticket.id === company[c].ticketId && r.json.ticket.company_id === company[c].id, `staff ticket view answered ${r.status} ${r.json?.ticket?.id}`);
      },
      async () => {
        const r = await call('staff identity', 'agent', 'POST', '/api/v2/profile/me', { user: agent.id });
        check(r.status === 200 && r.json.name === agent.name, `profile/me answered ${r.status} ${r.json?.name}`);
      },
      async () => {
        const r = await call('manager reads survey results', 'manager', 'GET', '/api/v2/surveys/results');
        check(r.status === 200 && typeof r.json === 'object', `survey results answered ${r.status}`);
      },
    ];

    const deadline = Date.now() + DURATION_MS;
    let n = 0;
    const worker = async (w: number) => {
      while (Date.now() < deadline) {
        const c: Client = (w + n) % 2 ? 'acme' : 'globex';
        const op = operations[n++ % operations.length]!;
        await op(c).catch((error: Error) => check(false, `request failed: ${error.message}`));
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, (_, w) => worker(w)));

    // Every acknowledged write is stored, once, where it belongs.
    const pool = t.ctx.database.pool;
    const titles = created.map((x) => x.title);
    const { rows: stored } = await pool.query<{ id: number; title: string; company_id: number }>(
      'SELECT id, title, company_id FROM tickets WHERE title = ANY($1)',
      [titles],
    );
    const { rows: storedNotes } = await pool.query<{ ticket_id: number; body: string }>(
      'SELECT ticket_id, body FROM ticket_notes WHERE body = ANY($1)',
      [[...replies, ...notes].map((x) => x.body)],
    );
    for (const x of created) {
      const rows = stored.filter((s) => s.title === x.title);
      check(rows.length === 1 && rows[0]!.id === x.id && rows[0]!.company_id === x.company, `ticket "${x.title}" stored as ${JSON.stringify(rows)}`);
    }
    for (const x of [...replies, ...notes]) {
      const rows = storedNotes.filter((s) => s.body === x.body);
      check(rows.length === 1 && rows[0]!.ticket_id === x.ticketId, `note "${x.body}" stored ${rows.length} times`);
    }

    console.info(
      `${backend}: ${tally.answers} answers in ${DURATION_MS / 1000} s with ${IN_FLIGHT} in flight; ` +
        `${tally.wrong.length} wrong, ${tally.errors5xx} × 5xx, ${tally.hangs} hangs; ` +
        `${created.length} tickets, ${replies.length} replies and ${notes.length} notes written`,
    );
    expect(tally.answers).toBeGreaterThan(IN_FLIGHT * 10);
    expect(created.length).toBeGreaterThan(0);
    expect({ wrong: tally.wrong, errors5xx: tally.errors5xx, hangs: tally.hangs }).toEqual({ wrong: [], errors5xx: 0, hangs: 0 });
  }, DURATION_MS + 60_000);
});
