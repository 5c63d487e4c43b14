/**
 * Tenant isolation, proven with canaries: unique strings planted in one company's resolved
 * tickets and public notes, in internal notes and in a draft article. Every question of the
 * evaluation set and every adversarial prompt, asked as each client company, shows none of
 * another company's canaries and no internal or draft canary: not in the answer, the sources,
 * any stream frame, the stored conversation or any line the app logs (at its most verbose,
 * request lines with their query strings and errors included). And with the network cut for the whole
 * process, the evaluation set is answered and no outbound connection is attempted.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_TEXTS } from '@contracts/assistant';
import { reindex } from '@server/features/assistant';
import { inTransaction } from '@server/platform/db/database';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';
import { ADVERSARIAL, CLIENT_QUESTIONS, OUT_OF_SCOPE, STAFF_QUESTIONS } from '@tests/bench/assistant-eval';
import { ask } from './support';

const CANARY = {
  acmeTicket: 'CANARYacmeTICKETq7f3',
  acmeNote: 'CANARYacmeNOTEz81k',
  acmeInternal: 'CANARYacmeINTERNALw2p9',
  globexTicket: 'CANARYglobexTICKETm4x6',
  globexNote: 'CANARYglobexNOTEb5r2',
  globexInternal: 'CANARYglobexINTERNALh9c1',
  draft: 'CANARYdraftARTICLEn3v8',
} as const;
const ALL = Object.values(CANARY);
/** What a client of each company may see of the canaries: their own company's ticket and public note. */
const ALLOWED = { acme: [CANARY.acmeTicket, CANARY.acmeNote], globex: [CANARY.globexTicket, CANARY.globexNote] } as const;
const ASK_URL = '/api/client/assistant/ask';
const suggestUrl = (question: string) => `/api/client/assistant/suggest?${new URLSearchParams({ q: question }).toString()}`;
/** The request lines among logged lines: pino's JSON, the one line per request (server/app.ts). */
const requestLines = (lines: readonly string[]) =>
  lines.map((line) => JSON.parse(line) as { msg?: string; url?: string; status?: number }).filter((l) => l.msg === 'request' || l.msg === 'request errored');

describe.each(BACKENDS)('the assistant keeps each company to its own on %s', (backend) => {
  let t: TestApp;
  const clients: Record<'acme' | 'globex', Api> = {} as never;
  /** Every line the app logged, at 'trace'. */
  const logged: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(backend, { logTo: (line) => logged.push(line) });
    clients.acme = await apiAs(t, 'acme');
    clients.globex = await apiAs(t, 'globex');
    const sql = sqlOf(t);
    const plant = async (email: string, ticketCanary: string, noteCanary: string, internalCanary: string) => {
      const ticket = await sql.one<{ id: number }>(
        `INSERT INTO tickets (title, description, status, company_id, closed_at)
         VALUES ('Billing run stopped with record locked', $1, 'C', (SELECT company_id FROM client_users WHERE email = $2), now()) RETURNING id`,
        [`The billing run for the late fee cycle stopped with record locked. Reference ${ticketCanary}. Password reset and paper order also mentioned.`, email],
      );
      await sql.rows(
        `INSERT INTO ticket_notes (ticket_id, body, internal) VALUES
           ($1, $2, false), ($1, $3, true)`,
        [ticket.id, `We cleared the record lock and the billing run finished; late fees and meter reads checked. ${noteCanary}`, `Internal: vendor ticket opened about the record lock and billing run. ${internalCanary}`],
      );
    };
    await plant('client@acme.demo.test', CANARY.acmeTicket, CANARY.acmeNote, CANARY.acmeInternal);
    await plant('client@globex.demo.test', CANARY.globexTicket, CANARY.globexNote, CANARY.globexInternal);
    await sql.rows(`INSERT INTO knowledge_articles (title, category, body, published) VALUES ('Draft: billing run record locked', 'Billing', $1, false)`, [
      `Draft about the billing run, record locked, late fees and password resets. ${CANARY.draft}`,
    ]);
    await inTransaction(t.ctx.database.pool, (db) => reindex(db));
  });
  afterAll(() => t?.close());

  const questions = [
    ...CLIENT_QUESTIONS.map((q) => q.question),
    ...STAFF_QUESTIONS.map((q) => q.question),
    ...OUT_OF_SCOPE.map((q) => q.question),
    ...ADVERSARIAL,
    'Billing run stopped with record locked',
    'Internal vendor ticket record lock',
  ];

  for (const company of ['acme', 'globex'] as const) {
    it(`shows a ${company} client no canary of another company, no internal note and no draft, in ${questions.length} questions`, async () => {
      const forbidden = ALL.filter((c) => !(ALLOWED[company] as readonly string[]).includes(c));
      const logStart = logged.length;
      let ownSeen = 0;
      for (const question of questions) {
        const before = logged.length;
        const a = await ask(clients[company], 'client', question);
        for (const canary of forbidden) expect(a.body, `${company} asked "${question}"`).not.toContain(canary);
        if (ALLOWED[company].some((c) => a.body.includes(c))) ownSeen++;
        // The same words typed as a new ticket's title: the suggestions, asked with the words in the URL.
        const suggested = await clients[company].get(suggestUrl(question));
        expect(suggested.statusCode, `${company} suggestions for "${question}"`).toBe(200);
        for (const canary of forbidden) expect(suggested.body, `${company} suggestions for "${question}"`).not.toContain(canary);
        // The log saw this question's requests: the ask and the suggestions with its query string.
        const seen = requestLines(logged.slice(before)).map((l) => l.url);
        expect(seen, `the log lines of "${question}"`).toEqual(expect.arrayContaining([ASK_URL, suggestUrl(question)]));
      }
      const lines = logged.slice(logStart);
      expect(lines.length).toBeGreaterThanOrEqual(questions.length * 2);
      for (const line of lines) for (const canary of forbidden) expect(line, `a logged line while ${company} asked`).not.toContain(canary);
      // The planted tickets are reachable by their own company (the canaries would prove nothing otherwise).
      expect(ownSeen).toBeGreaterThan(0);
      const stored = await sqlOf(t).rows<{ text: string; sources: unknown }>(
        `SELECT m.text, m.sources FROM assistant_messages m JOIN assistant_conversations c ON c.id = m.conversation_id JOIN client_users u ON u.id = c.client_user_id WHERE u.email = $1`,
        [`client@${company}.demo.test`],
      );
      const storedText = JSON.stringify(stored);
      for (const canary of forbidden) expect(storedText).not.toContain(canary);
    });
  }

  it('lets staff reach internal notes and drafts (the canaries are in the index)', async () => {
    const agent = await apiAs(t, 'agent');
    const a = await ask(agent, 'staff', 'Internal vendor ticket record lock');
    expect(a.body).toMatch(/CANARY(acme|globex)INTERNAL/);
  });

  it('answers the whole evaluation set with the network cut, attempting no outbound connection', async () => {
    const attempts: string[] = [];
    const originalConnect = net.Socket.prototype.connect;
    const originalFetch = globalThis.fetch;
    const isLocal = (host: unknown) => host === undefined || host === 'localhost' || host === '127.0.0.1' || host === '::1';
    net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
      const options = args[0];
      const where = typeof options === 'object' && options !== null ? ((options as { path?: string; host?: string }).path ? 'unix' : (options as { host?: string }).host) : args[1];
      if (where !== 'unix' && !isLocal(where)) {
        attempts.push(String(where));
        throw new Error('The network is cut for this test');
      }
      return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
    } as typeof net.Socket.prototype.connect;
    globalThis.fetch = (async (input: unknown) => {
      attempts.push(`fetch ${String(input)}`);
      throw new Error('The network is cut for this test');
    }) as typeof fetch;
    try {
      const agent = await apiAs(t, 'agent');
      let answered = 0;
      for (const q of [...CLIENT_QUESTIONS, ...STAFF_QUESTIONS]) {
        const a = await ask(q.asker === 'client' ? clients.acme : agent, q.asker, q.question);
        expect(a.done, q.question).toBeDefined();
        if (a.answer !== ASSISTANT_TEXTS.dontKnow) answered++;
      }
      expect(answered).toBeGreaterThanOrEqual(Math.ceil((CLIENT_QUESTIONS.length + STAFF_QUESTIONS.length) * 0.9));
      expect(attempts).toEqual([]);
    } finally {
      net.Socket.prototype.connect = originalConnect;
      globalThis.fetch = originalFetch;
    }
  });
});
