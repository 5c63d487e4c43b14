/**
 * The assistant over the API: sources first then the answer, in a stream; "I do not know" and a
 * handover below the confidence threshold or when a person is asked for; the client's handover
 * opens one ticket; conversations and ratings are their asker's own; the index follows edits and
 * deletions through its job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT, ASSISTANT_TEXTS } from '@contracts/assistant';
import { reindexAssistant } from '@server/features/assistant/jobs';
import { refreshCommonLexemes } from '@server/features/assistant/passages.repo';
import { inTransaction } from '@server/platform/db/database';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';
import { ask } from './support';

describe.each(BACKENDS)('the assistant on %s', (backend) => {
  let t: TestApp;
  let acme: Api;
  let globex: Api;
  let agent: Api;
  let manager: Api;
  let resetArticle: number;
  /** The re-index job, run now (in the app it runs every minute). */
  const reindexNow = async () => {
    await t.ctx.jobs.send(reindexAssistant, {});
    await t.ctx.jobs.runDue();
  };
  beforeAll(async () => {
    t = await startTestApp(backend, { jobs: 'manual' });
    [acme, globex, agent, manager] = await Promise.all([apiAs(t, 'acme'), apiAs(t, 'globex'), apiAs(t, 'agent'), apiAs(t, 'manager')]);
    resetArticle = (await sqlOf(t).one<{ id: number }>(`SELECT id FROM knowledge_articles WHERE title = 'How to reset your password'`)).id;
    await reindexNow();
  });
  afterAll(() => t?.close());

  it('answers a client from a published article: sources first, with a link the client opens, then the answer, then done', async () => {
    const a = await ask(acme, 'client', 'How long is the password reset link valid?');
    expect(a.frames[0]!.event).toBe('sources');
    expect(a.sources.sources[0]).toMatchObject({ kind: 'article', id: resetArticle, title: 'How to reset your password', href: `/client/help/resources?article=${resetArticle}` });
    expect(a.frames.at(-1)!.event).toBe('done');
    expect(a.frames.filter((f) => f.event === 'delta').map((f) => (f.data as { text: string }).text).join('')).toBe(a.answer);
    expect(a.answer).toContain('60 minutes');
    expect(a.handover).toBeUndefined();
    expect(a.done!.phrasedBy).toBe('extract');
  });

  it('says it does not know and offers a ticket when nothing answers the question', async () => {
    const a = await ask(acme, 'client', 'What will the weather be like in Lisbon tomorrow?');
    expect(a.sources.sources).toEqual([]);
    expect(a.answer).toBe(ASSISTANT_TEXTS.dontKnow);
    expect(a.handover).toMatchObject({ kind: 'ticket', reason: 'low-confidence' });
  });

  it('hands over when the person asks for one, whatever the answer says, and the click opens one ticket with the transcript', async () => {
    const first = await ask(acme, 'client', 'How do I order pre-printed bill paper?');
    expect(first.sources.sources[0]?.title).toBe('Ordering pre-printed bill paper');
    const a = await ask(acme, 'client', 'I would like to talk to a real person please', first.sources.conversationId);
    expect(a.handover).toMatchObject({ kind: 'ticket', reason: 'asked' });
    const res = await acme.post('/api/client/assistant/handover', { conversationId: first.sources.conversationId });
    expect(res.statusCode, res.body).toBe(201);
    const { ticketId, href } = res.json() as { ticketId: number; href: string };
    expect(href).toBe(`/client/tickets?id=${ticketId}`);
    const ticket = await sqlOf(t).one<{ title: string; description: string; company_id: number; source: string }>('SELECT title, description, company_id, source FROM tickets WHERE id = $1', [ticketId]);
    expect(ticket.title).toBe('Assistant: How do I order pre-printed bill paper?');
    expect(ticket.description).toContain('How do I order pre-printed bill paper?');
    expect(ticket.description).toContain('I would like to talk to a real person please');
    expect(ticket.description).toMatch(/Articles the assistant cited:\n- Ordering pre-printed bill paper \(\/client\/help\/resources\?article=\d+\)/);
    expect(ticket.source).toBe('portal');
    const again = await acme.post('/api/client/assistant/handover', { conversationId: first.sources.conversationId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain(`#${ticketId}`);
    // Another company's client cannot hand over (or read) this conversation.
    expect((await globex.post('/api/client/assistant/handover', { conversationId: first.sources.conversationId })).statusCode).toBe(404);
    expect((await globex.get(`/api/client/assistant/conversations/${first.sources.conversationId}`)).statusCode).toBe(404);
  });

  it('gives staff a ticket search with the terms instead of a ticket', async () => {
    const a = await ask(agent, 'staff', 'Can I speak to someone about the quarterly gardening schedule?');
    expect(a.handover).toMatchObject({ kind: 'search', reason: 'asked' });
    expect(a.handover && 'href' in a.handover && a.handover.href).toMatch(/^\/ticket\/search\?search=/);
  });

  it('cites a resolved ticket to staff, with the staff ticket page as its link', async () => {
    const sql = sqlOf(t);
    const ticket = await sql.one<{ id: number }>(
      `INSERT INTO tickets (title, description, status, company_id, closed_at) VALUES ('Kiosk receipt shows Zanzibar currency', 'The kiosk prints receipts in Tanzanian shillings after the locale update.', 'C', (SELECT company_id FROM client_users WHERE email = 'client@acme.demo.test'), now()) RETURNING id`,
    );
    await sql.rows(`INSERT INTO ticket_notes (ticket_id, body, internal) VALUES ($1, 'Internal: the kiosk locale was reset to en-US and the receipts reprinted.', true)`, [ticket.id]);
    await reindexNow();
    const a = await ask(agent, 'staff', 'Why did the kiosk receipt show Tanzanian shillings and how was the locale fixed?');
    expect(a.sources.sources.map((s) => s.href)).toContain(`/ticket/${ticket.id}`);
    expect(a.answer).toMatch(/en-US|shillings/);
  });

  it('says each sentence once when several resolved tickets share it', async () => {
    const a = await ask(agent, 'staff', 'Which tickets had the billing run stall at about 60% with record locked?');
    expect(a.sources.sources.filter((s) => s.kind === 'ticket').length).toBeGreaterThan(1);
    const sentences = a.answer.split(/(?<=[.!?])\s+/).map((s) => s.trim().toLowerCase());
    expect(sentences.length).toBeGreaterThan(0);
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('shows source excerpts as plain sentences: no headings, list marks or quote marks of the article', async () => {
    const a = await ask(acme, 'client', 'The billing run stopped with record locked, how do I continue?');
    const excerpt = a.sources.sources.find((s) => s.title === 'Running a billing cycle')!.excerpt;
    expect(excerpt).toContain('Import meter reads');
    expect(excerpt).not.toMatch(/(^|\s)(#{1,6}|[-*+>]|\d+\.)\s/);
  });

  it('keeps each conversation and rating with its asker', async () => {
    const a = await ask(manager, 'staff', 'How do I take a card payment at the counter?');
    const mine = (await manager.get('/api/v2/assistant/conversations')).json() as { items: { id: number; title: string }[] };
    expect(mine.items[0]).toMatchObject({ id: a.sources.conversationId, title: 'How do I take a card payment at the counter?' });
    expect((await agent.get(`/api/v2/assistant/conversations/${a.sources.conversationId}`)).statusCode).toBe(404);
    expect((await agent.put(`/api/v2/assistant/messages/${a.done!.messageId}/feedback`, { rating: 'up' })).statusCode).toBe(404);
    const rated = await manager.put(`/api/v2/assistant/messages/${a.done!.messageId}/feedback`, { rating: 'down', comment: 'Needed the refund steps' });
    expect(rated.statusCode, rated.body).toBe(204);
    const conversation = (await manager.get(`/api/v2/assistant/conversations/${a.sources.conversationId}`)).json() as { messages: { role: string; rating: string | null; comment: string | null }[] };
    expect(conversation.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(conversation.messages[1]).toMatchObject({ rating: 'down', comment: 'Needed the refund steps' });
  });

  it('refuses a bad question or rating naming the field, and writes nothing', async () => {
    const before = await sqlOf(t).one<{ n: number }>('SELECT count(*)::int AS n FROM assistant_messages');
    for (const body of [{}, { question: '   ' }, { question: 'x'.repeat(ASSISTANT.questionMax + 1) }, { question: 'hi', conversationId: 'seven' }]) {
      const res = await acme.post('/api/client/assistant/ask', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatch(/question|conversationId/);
    }
    const res = await agent.put('/api/v2/assistant/messages/1/feedback', { rating: 'meh' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('rating must be up or down');
    expect((await sqlOf(t).one<{ n: number }>('SELECT count(*)::int AS n FROM assistant_messages')).n).toBe(before.n);
    expect((await acme.post('/api/client/assistant/ask', { question: 'hello', conversationId: 999999 })).statusCode).toBe(404);
  });

  it('follows an edited and a deleted article at the next run of its job', async () => {
    const sql = sqlOf(t);
    const id = (await sql.one<{ id: number }>(`INSERT INTO knowledge_articles (title, category, body, published) VALUES ('Quokka meter seals', 'Billing', 'Quokka seals are replaced every 18 months.', true) RETURNING id`)).id;
    await reindexNow();
    expect((await ask(acme, 'client', 'How often are quokka seals replaced?')).answer).toContain('18 months');
    await sql.rows(`UPDATE knowledge_articles SET body = 'Quokka seals are replaced every 24 months since the spring.' WHERE id = $1`, [id]);
    await reindexNow();
    const edited = await ask(acme, 'client', 'How often are quokka seals replaced?');
    expect(edited.answer).toContain('24 months');
    expect(edited.answer).not.toContain('18 months');
    await sql.rows('DELETE FROM knowledge_articles WHERE id = $1', [id]);
    await reindexNow();
    const gone = await ask(acme, 'client', 'How often are quokka seals replaced?');
    expect(gone.sources.sources.map((s) => s.id)).not.toContain(id);
    expect(gone.body).not.toContain('24 months');
  });

  it('suggests published articles for a new ticket title, and nothing for a few letters', async () => {
    const res = await acme.get('/api/client/assistant/suggest?q=reset%20my%20password');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { items: { title: string; href: string }[] }).items[0]).toMatchObject({ title: 'How to reset your password', href: `/client/help/resources?article=${resetArticle}` });
    expect(((await acme.get('/api/client/assistant/suggest?q=ab')).json() as { items: unknown[] }).items).toEqual([]);
    const drafts = ((await acme.get('/api/client/assistant/suggest?q=draft%20release%20notes')).json() as { items: { title: string }[] }).items;
    expect(drafts.map((d) => d.title)).not.toContain('Draft: new release notes');
  });
  it('finds the passage holding all the question\'s words even when many others hold two of them closer together', async () => {
    const sql = sqlOf(t);
    await sql.rows(
      `INSERT INTO knowledge_articles (title, category, body, published)
       SELECT 'Zephyr marimba drill ' || g, 'Reference', repeat('Zephyr marimba. ', 12), true FROM generate_series(1, ${ASSISTANT.candidates + 5}) g`,
    );
    const whole = (
      await sql.one<{ id: number }>(
        `INSERT INTO knowledge_articles (title, category, body, published)
         VALUES ('Cold weather kit', 'Reference', 'Pack the zephyr first. ' || repeat('Keep every strap dry and folded before the trip. ', 5) || 'The marimba travels in its case. ' || repeat('Count the crates at each stop. ', 5) || 'Tundra boots and the walrus coat go last.', true) RETURNING id`,
      )
    ).id;
    await reindexNow();
    const a = await ask(acme, 'client', 'zephyr marimba tundra walrus');
    expect(a.sources.sources[0]).toMatchObject({ kind: 'article', id: whole });
    expect(a.answer).toContain('walrus coat');
  });
  it('prefers a passage holding a rarer word of the question to those holding as many of its common words, and falls back to the common words alone', async () => {
    const sql = sqlOf(t);
    await sql.rows(`INSERT INTO knowledge_articles (title, category, body, published) SELECT 'Quasar fennel drill ' || g, 'Reference', repeat('Quasar fennel. ', 12), true FROM generate_series(1, 5) g`);
    const rarer = (await sql.one<{ id: number }>(`INSERT INTO knowledge_articles (title, category, body, published) VALUES ('Night sky notes', 'Reference', 'The quasar was faint tonight. Yodel practice ran late.', true) RETURNING id`)).id;
    await reindexNow();
    // As the re-index would record them in an index where most passages hold these two words.
    await sql.rows(`INSERT INTO assistant_common_lexemes (lexeme, passages) VALUES ('quasar', 5000), ('fennel', 5000)`);
    const a = await ask(acme, 'client', 'quasar fennel yodel');
    expect(a.sources.sources[0]).toMatchObject({ kind: 'article', id: rarer });
    const fallback = await ask(acme, 'client', 'quasar fennel tamarind');
    expect(fallback.answer).not.toBe(ASSISTANT_TEXTS.dontKnow);
    expect(fallback.sources.sources[0]!.title).toMatch(/^Quasar fennel drill/);
  });

  it('records as common the words at least the bound of passages hold, at the re-index', async () => {
    const sql = sqlOf(t);
    await sql.rows(`INSERT INTO knowledge_articles (title, category, body, published) SELECT 'Kumquat crate ' || g, 'Reference', 'Kumquat crates stack five high.', true FROM generate_series(1, 4) g`);
    await reindexNow();
    await inTransaction(t.ctx.database.pool, (db) => refreshCommonLexemes(db, true, 4));
    const common = (await sql.rows<{ lexeme: string; passages: number }>(`SELECT lexeme, passages FROM assistant_common_lexemes WHERE lexeme IN ('kumquat', 'password')`));
    expect(common).toContainEqual({ lexeme: 'kumquat', passages: 4 });
    await inTransaction(t.ctx.database.pool, (db) => refreshCommonLexemes(db, true));
    expect(await sql.rows(`SELECT lexeme FROM assistant_common_lexemes WHERE lexeme = 'kumquat'`)).toEqual([]);
  });
  it('leaves no new passage in the text index\'s pending list after a re-index that wrote some', async () => {
    const sql = sqlOf(t);
    await sql.rows(`INSERT INTO knowledge_articles (title, category, body, published) SELECT 'Loquat tray ' || g, 'Reference', 'Loquat trays dry in the shade.', true FROM generate_series(1, 3) g`);
    await reindexNow();
    expect((await sql.one<{ pages: number }>(`SELECT gin_clean_pending_list('assistant_passages_search_idx'::regclass)::int AS pages`)).pages).toBe(0);
  });
});
