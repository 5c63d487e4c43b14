/**
 * The optional OpenAI-compatible endpoint, played by a fake server on loopback: it phrases the
 * answer from the cited passages only (what it is sent is checked), streamed; when it fails, or
 * stalls past its time limit before or during its answer, the extractive answer stands.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reindex } from '@server/features/assistant';
import { inTransaction } from '@server/platform/db/database';
import { apiAs, type Api } from '@tests/support/api';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';
import { ask } from './support';

type Mode = 'ok' | 'fail' | 'stall-before' | 'stall-during';
const TIMEOUT_MS = 600;

describe.each(BACKENDS)('the assistant with a model endpoint on %s', (backend) => {
  let t: TestApp;
  let acme: Api;
  let fake: Server;
  let mode: Mode = 'ok';
  const received: { url: string; auth: string | undefined; body: { model: string; stream: boolean; messages: { role: string; content: string }[] } }[] = [];
  const readBody = (req: IncomingMessage) => new Promise<string>((done) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => done(text));
  });
  beforeAll(async () => {
    fake = createServer(async (req, res) => {
      received.push({ url: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(await readBody(req)) });
      const chunk = (text: string) => `data: ${JSON.stringify({ choices: [{ delta: { content: text } }] })}\n\n`;
      if (mode === 'fail') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"overloaded"}');
      if (mode === 'stall-before') return; // never answers
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk('The reset link '));
      if (mode === 'stall-during') return; // starts, then never finishes
      res.write(chunk('works for 60 minutes [1].'));
      res.end('data: [DONE]\n\n');
    });
    await new Promise<void>((done) => fake.listen(0, '127.0.0.1', done));
    const port = (fake.address() as AddressInfo).port;
    t = await startTestApp(backend, { env: { ASSISTANT_LLM_URL: `http://127.0.0.1:${port}/v1`, ASSISTANT_LLM_KEY: 'test-key', ASSISTANT_LLM_MODEL: 'tiny', ASSISTANT_LLM_TIMEOUT_MS: String(TIMEOUT_MS) } });
    acme = await apiAs(t, 'acme');
    await inTransaction(t.ctx.database.pool, (db) => reindex(db));
  });
  afterAll(async () => {
    await t?.close();
    fake?.closeAllConnections();
    await new Promise((done) => fake?.close(done));
  });

  it('streams the model’s phrasing after the sources, having sent it only the cited passages', async () => {
    mode = 'ok';
    received.length = 0;
    const a = await ask(acme, 'client', 'How long is the password reset link valid?');
    expect(a.frames.map((f) => f.event)).toEqual(['sources', 'delta', 'delta', 'done']);
    expect(a.done).toMatchObject({ phrasedBy: 'model', answer: 'The reset link works for 60 minutes [1].' });
    expect(received).toHaveLength(1);
    expect(received[0]!.url).toBe('/v1/chat/completions');
    expect(received[0]!.auth).toBe('Bearer test-key');
    expect(received[0]!.body).toMatchObject({ model: 'tiny', stream: true });
    const prompt = received[0]!.body.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('How to reset your password');
    expect(prompt).toContain('Question: How long is the password reset link valid?');
    // Only the cited passages: nothing the sources frame did not name.
    for (const s of a.sources.sources) expect(prompt).toContain(s.title);
    expect(prompt.match(/^\[\d+\]/gm)).toHaveLength(a.sources.sources.length);
  });

  it('keeps the extractive answer when the endpoint fails', async () => {
    mode = 'fail';
    const a = await ask(acme, 'client', 'How long is the password reset link valid?');
    expect(a.done).toMatchObject({ phrasedBy: 'extract' });
    expect(a.answer).toContain('60 minutes');
    expect(a.frames.some((f) => f.event === 'reset')).toBe(false);
  });

  it('keeps the extractive answer when the endpoint does not answer within its time limit', async () => {
    mode = 'stall-before';
    const started = Date.now();
    const a = await ask(acme, 'client', 'How long is the password reset link valid?');
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3000);
    expect(a.done).toMatchObject({ phrasedBy: 'extract' });
    expect(a.answer).toContain('60 minutes');
  });

  it('drops a half-said phrasing that stalls, with a reset frame, then the extractive answer', async () => {
    mode = 'stall-during';
    const a = await ask(acme, 'client', 'How long is the password reset link valid?');
    const events = a.frames.map((f) => f.event);
    expect(events.slice(0, 3)).toEqual(['sources', 'delta', 'reset']);
    expect(events.at(-1)).toBe('done');
    expect(a.done).toMatchObject({ phrasedBy: 'extract' });
    expect(a.answer).toContain('60 minutes');
  });

  it('does not ask the model when nothing answers the question (the handover is the code’s)', async () => {
    mode = 'ok';
    received.length = 0;
    const a = await ask(acme, 'client', 'Who won the football world cup in 1998?');
    expect(received).toHaveLength(0);
    expect(a.handover).toMatchObject({ kind: 'ticket', reason: 'low-confidence' });
  });
});
