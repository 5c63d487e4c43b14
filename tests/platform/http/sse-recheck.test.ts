/**
 * An open event stream is held to its caller's right (docs/adr/0249): the check runs again while it is
 * open, a refusal ends it, and the many streams of one caller (same key) share one check a period
 * instead of one each; streams held by a session end at once when it is named ended (docs/adr/0259).
 * A Fastify route opens the streams as the live boards do; readers on loopback.
 */
import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, StreamHolders } from '@server/platform/http/sse';

/** The check's period here (short, so the test is quick). */
const PERIOD_MS = 300;
const STREAMS = 20;

describe('an open event stream rechecked while open', () => {
  const app = Fastify();
  let allowed = true;
  let checks = 0;
  let port = 0;
  const responses: IncomingMessage[] = [];
  const holders = new StreamHolders();

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
    app.get<{ Querystring: { holder: string } }>('/held', (request, reply) => {
      // Checked again only after the test: what ends these streams is `holders.end`.
      const stream = openEventStream(reply, { retryMs: 1_000, recheck: { everyMs: 600_000, allowed: async () => true } });
      holders.hold(Number(request.query.holder), stream);
      return reply;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const r of responses) r.destroy();
    await app.close();
  });

  const open = (path = '/stream') =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        res.resume();
        responses.push(res);
        resolve(res);
      });
      req.on('error', reject);
      req.end();
    });

  it("shares one check a period among one caller's streams, and a refusal ends them all within two periods", async () => {
    const opened = Date.now();
    const streams = await Promise.all(Array.from({ length: STREAMS }, () => open()));
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

  it('ends at once the streams of the holders named, leaves the others open, and lets go of a stream once it ended', async () => {
    const ended = (r: IncomingMessage) => new Promise<void>((resolve) => (r.readableEnded ? resolve() : r.once('end', () => resolve())));
    const [first, second, other] = [await open('/held?holder=1'), await open('/held?holder=1'), await open('/held?holder=2')];
    expect(holders.size).toBe(2);
    expect(holders.end([1, 3])).toBe(2);
    await Promise.all([ended(first), ended(second)]);
    // Holder 1's streams ended here are let go of; holder 2's stream is still held and open.
    expect(holders.size).toBe(1);
    expect(other.readableEnded).toBe(false);
    expect(holders.end([2])).toBe(1);
    await ended(other);
    expect(holders.size).toBe(0);
  });
});
