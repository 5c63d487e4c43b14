/**
 * Server-sent events: an answer that arrives in frames (`event: name`, `data: JSON`). The reply
 * goes through the app's hooks like any other (security headers, no-store, the request log line),
 * and `signal` aborts when the caller goes away, so work for a reader who left stops.
 *
 *   route(app, X.ask, async ({ body }, request, reply) => {
 *     const stream = openEventStream(reply);
 *     void work(stream).finally(() => stream.close());
 *     return reply;
 *   });
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

export type EventStream = {
  /** Sends one frame; nothing once the stream is closed or the caller left. */
  send(event: string, data: unknown): void;
  /** Ends the answer. */
  close(): void;
  /** Aborted when the caller disconnects before the answer ends. */
  readonly signal: AbortSignal;
  readonly closed: boolean;
};

/** Encodes one frame: the event's name, then its JSON data on one line. */
export const encodeFrame = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The streams open in this process: counted for /metrics, ended with a retry hint on shutdown. */
const openStreams = new Set<{ body: PassThrough; close(): void }>();

/** How many event streams this process has open. */
export const openEventStreamCount = (): number => openStreams.size;

/** Ends every open stream, telling browsers to reconnect (to another server) after `retryMs`. */
export function closeEventStreams(retryMs: number): void {
  for (const stream of [...openStreams]) {
    stream.body.write(`retry: ${retryMs}\n\n`);
    stream.close();
  }
}

/** Starts a text/event-stream answer on a reply. */
export function openEventStream(reply: FastifyReply): EventStream {
  const body = new PassThrough();
  const abort = new AbortController();
  let closed = false;
  // The response closes when it ends or when the connection drops; only the second aborts.
  reply.raw.on('close', () => {
    openStreams.delete(entry);
    if (!closed || !reply.raw.writableFinished) abort.abort(new Error('The caller went away'));
  });
  reply.header('content-type', 'text/event-stream; charset=utf-8').header('x-accel-buffering', 'no');
  void reply.send(body);
  const entry = {
    body,
    close() {
      if (closed) return;
      closed = true;
      openStreams.delete(entry);
      body.end();
    },
  };
  openStreams.add(entry);
  return {
    send(event, data) {
      if (closed || abort.signal.aborted) return;
      body.write(encodeFrame(event, data));
    },
    close: entry.close,
    signal: abort.signal,
    get closed() {
      return closed;
    },
  };
}
