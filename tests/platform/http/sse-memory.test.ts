/**
 * One board stream kept open for 10,000 frames holds no more memory after them than after the first
 * 1,000: the stream's state (its buffer, listeners, timers) does not grow with what it delivered.
 * A Fastify route opens the stream as the live boards do (heartbeat, retry hint, buffer limit); a
 * reader on loopback takes every frame; frames about the size of a Support board snapshot go out
 * as fast as the reader takes them. The heap is measured after a full collection at 1,000 and at
 * 10,000 frames.
 */
import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_LIMITS, LIVE_TIMING } from '@contracts/live-displays';
import { openEventStream, openEventStreamCount, type EventStream } from '@server/platform/http/sse';

const FIRST = 1_000;
const TOTAL = 10_000;
/** Heap growth allowed between 1,000 and 10,000 frames (bytes): about 110 bytes a frame, against the ~1.2 KB a kept frame would cost. */
const MAX_GROWTH_BYTES = 1_000_000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapAfterGc = async () => {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setImmediate(r));
  }
  return process.memoryUsage().heapUsed;
};

/** A frame's data about the size of a Support board snapshot (~1 KB), new for every frame. */
const snapshotLike = (n: number) => ({
  at: new Date(1_800_000_000_000 + n * 1_000).toISOString(),
  build: 'memory-test',
  data: {
    board: 'support',
    openBySeverity: { C: n % 50, H: 28, M: 67, L: 59 },
    load: Array.from({ length: 12 }, (_, i) => ({ name: `Technician ${i} of frame ${n}`, open: (n + i) % 90, critical: i % 4 })),
    onCall: Array.from({ length: 4 }, (_, i) => ({ team: `Team ${i}`, name: `On call ${n}`, until: new Date(1_800_000_000_000 + i).toISOString() })),
  },
});

describe('an open event stream over 10,000 frames', () => {
  const app = Fastify();
  let stream: EventStream | undefined;
  const opened = new Promise<EventStream>((resolve) => {
    app.get('/stream', (_request, reply) => {
      stream = openEventStream(reply, { heartbeatMs: LIVE_TIMING.heartbeatMs, retryMs: LIVE_TIMING.retryMs, maxBufferedBytes: LIVE_LIMITS.maxBufferedBytes });
      resolve(stream);
      return reply;
    });
  });
  let response: IncomingMessage | undefined;
  let received = 0;

  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    request({ host: '127.0.0.1', port, path: '/stream', agent: false }, (res) => {
      response = res;
      res.on('data', (chunk: Buffer) => (received += chunk.length));
    }).end();
  });
  afterAll(async () => {
    stream?.close();
    response?.destroy();
    await app.close();
  });

  it('holds no more heap after 10,000 frames than after 1,000', async () => {
    const s = await opened;
    let sent = 0;
    /** Sends frames up to `until`, waiting whenever 64 KB are still on their way (the reader sets the pace). */
    const sendUntil = async (until: number) => {
      while (sent < until) {
        if (s.buffered > 65_536) {
          await new Promise((r) => setImmediate(r));
          continue;
        }
        s.send('snapshot', snapshotLike(sent), sent + 1);
        sent++;
      }
      while (s.buffered > 0) await new Promise((r) => setImmediate(r));
    };
    await sendUntil(FIRST);
    const atFirst = await heapAfterGc();
    await sendUntil(TOTAL);
    const atTotal = await heapAfterGc();
    const growth = atTotal - atFirst;
    process.stdout.write(
      `one stream, heap after GC: ${(atFirst / 1_048_576).toFixed(2)} MB at ${FIRST} frames, ${(atTotal / 1_048_576).toFixed(2)} MB at ${TOTAL} (growth ${(growth / 1024).toFixed(1)} KB; ${(received / 1_048_576).toFixed(1)} MB delivered)\n`,
    );
    expect(s.closed).toBe(false);
    expect(openEventStreamCount()).toBe(1);
    expect(received).toBeGreaterThan(TOTAL * 1_000);
    expect(growth).toBeLessThan(MAX_GROWTH_BYTES);
  });
});
