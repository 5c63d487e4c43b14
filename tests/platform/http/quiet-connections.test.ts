/**
 * A server stops while a peer holds a connection open without sending a byte (a browser's
 * speculative connection, a balancer's TCP probe): the drain's close ends that connection instead
 * of waiting for it, and a request in flight still gets its answer.
 */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeApp, trackConnections } from '@server/platform/http/connections';

/** Longer than a close takes here; a close still waiting then waits for the peer. */
const CLOSE_WITHIN_MS = 2_000;

describe('closing a server with a connection that never sent a request', () => {
  it('ends the quiet connection and answers the request in flight', async () => {
    const app = Fastify({ forceCloseConnections: 'idle' });
    const tracker = trackConnections(app.server);
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    let arrived: () => void = () => undefined;
    const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/slow', async () => {
      arrived();
      await slow;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const quiet: Socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => quiet.once('connect', resolve));
    const quietClosed = new Promise((resolve) => quiet.once('close', resolve));
    const answer = fetch(`http://127.0.0.1:${port}/slow`).then(async (res) => ({ status: res.status, body: await res.json() }));
    await slowArrived;

    const closed = closeApp(app, tracker).then(() => 'closed' as const);
    setTimeout(release, 200);
    const outcome = await Promise.race([closed, new Promise((r) => setTimeout(() => r('still waiting'), CLOSE_WITHIN_MS))]);
    quiet.destroy();
    expect(outcome).toBe('closed');
    await quietClosed;
    expect(await answer).toEqual({ status: 200, body: { done: true } });
  });
});
