/**
 * An open event stream is held to its caller's right (docs/adr/0249): the check runs again while it is
 * open, a refusal ends it, and the many streams of one caller (same key) share one check a period
 * instead of one each. A Fastify route opens the streams as the live boards do; readers on loopback.
 */
import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '@server/platform/http/sse';

/** The check's period here (short, so the test is quick). */
const PERIOD_MS = 300;
const STREAMS = 20;

describe('an open event stream rechecked while open', () => {
  const app = Fastify();
  let allowed = true;
  let checks = 0;
  let port = 0;
  const responses: IncomingMessage[] = [];

  beforeAll(async () => {
    app.get('/stream', (_request, reply) => {
      openEventStream(reply, {
        retryMs: 1_000,
        recheck: {
          everyMs: PERIOD_MS,
          key: 'one caller',
          allowed: async () => {
            checks += 1;
            return allowed;
          },
        },
      });
      return reply;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const r of responses) r.destroy();
    await app.close();
  });

  const open = () =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/stream', agent: false }, (res) => {
        res.resume();
        responses.push(res);
        resolve(res);
      });
      req.on('error', reject);
      req.end();
    });

  it("shares one check a period among one caller's streams, and a refusal ends them all within two periods", async () => {
    const opened = Date.now();
    const streams = await Promise.all(Array.from({ length: STREAMS }, open));
    // Every stream has asked at least once after one period; unshared, that alone is STREAMS checks.
    await new Promise((r) => setTimeout(r, 2 * PERIOD_MS));
    const elapsed = Date.now() - opened;
    expect(checks).toBeGreaterThanOrEqual(1);
    // Shared: at most one check per half period since the first stream opened.
    expect(checks).toBeLessThanOrEqual(Math.ceil(elapsed / (PERIOD_MS / 2)) + 1);
    expect(checks).toBeLessThan(STREAMS);

    allowed = false;
    const refusedAt = Date.now();
    await Promise.all(streams.map((s) => new Promise<void>((resolve) => (s.readableEnded ? resolve() : s.once('end', () => resolve())))));
    expect(Date.now() - refusedAt).toBeLessThan(2 * PERIOD_MS + 1_000);
  });
});
