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
 *
 * Long-lived streams (live boards) pass options: a heartbeat comment keeps proxies and the
 * browser's stale timer content, `retryMs` tells the browser how soon to reconnect, and a reader
 * that stops reading is dropped once `maxBufferedBytes` wait for it (it reconnects and catches up).
 *
 * A stream lives no longer than its caller's right to it (docs/adr/0249): `recheck` runs the
 * route's own guard again every `everyMs` while the stream is open, and the first refusal (the
 * session signed out here or in another tab, expired, revoked; the user disabled or no longer in
 * a role that may see it) ends the stream. The browser's reconnection is then refused by the same
 * guard. `guardRecheck` turns a route guard into such a check; a `key` shares one check among a caller's streams.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors';

export type EventStream = {
  /** Sends one frame (with an id, for Last-Event-ID); nothing once the stream is closed or the caller left. */
  send(event: string, data: unknown, id?: string | number): void;
  /**
   * Sends a frame already encoded (one encoding written to many streams): give it as bytes
   * (`sharedFrame`), so the streams share them instead of each converting its own copy.
   */
  sendRaw(frame: string | Buffer): void;
  /** Ends the answer. */
  close(): void;
  /**
   * Aborted when the stream ends: the caller disconnected before the answer ended (or was dropped for not
   * reading), or the stream was closed here. Whoever holds the stream lets go of it then.
   */
  readonly signal: AbortSignal;
  readonly closed: boolean;
  /** Bytes written and not yet taken by the caller. */
  readonly buffered: number;
};

export type EventStreamOptions = {
  /** A comment line this often (ms); none when absent. */
  heartbeatMs?: number;
  /** The `retry:` hint sent first (ms). */
  retryMs?: number;
  /** A caller this far behind is dropped (bytes). */
  maxBufferedBytes?: number;
  /** Called once when the stream ends for any reason (closed, caller left, dropped). */
  onClose?: () => void;
  /**
   * While open, `allowed` is asked again every `everyMs`; the stream ends at its first false. Streams with
   * the same `key` (one caller's credential and what it opened: hash any secret in it) share one check
   * running or answered within half a period, so a caller's many streams cost one check a period.
   */
  recheck?: { everyMs: number; allowed: () => Promise<boolean>; key?: string };
};

/** The checks of open streams, by key, while they run and for half a period after they began. */
const sharedChecks = new Map<string, Promise<boolean>>();

/** One check for all the streams of a key within half a period (a stream thus ends within two periods of its right). */
function checkShared(key: string | undefined, everyMs: number, allowed: () => Promise<boolean>): Promise<boolean> {
  if (key === undefined) return allowed();
  const running = sharedChecks.get(key);
  if (running) return running;
  const answer = allowed();
  sharedChecks.set(key, answer);
  setTimeout(() => {
    if (sharedChecks.get(key) === answer) sharedChecks.delete(key);
  }, everyMs / 2).unref();
  return answer;
}

/**
 * Open streams by who holds them (a session's id): `end` closes at once every stream of the holders it is
 * given (their right ended, an event said so). A stream is let go of when it ends.
 */
export class StreamHolders {
  private readonly streams = new Map<number, Set<EventStream>>();

  hold(holder: number, stream: EventStream): void {
    if (stream.closed) return;
    const held = this.streams.get(holder) ?? new Set<EventStream>();
    this.streams.set(holder, held);
    held.add(stream);
    stream.signal.addEventListener(
      'abort',
      () => {
        held.delete(stream);
        if (!held.size && this.streams.get(holder) === held) this.streams.delete(holder);
      },
      { once: true },
    );
  }

  /** Ends the streams of these holders; answers how many were open. */
  end(holders: Iterable<number>): number {
    let ended = 0;
    for (const holder of holders) {
      for (const stream of [...(this.streams.get(holder) ?? [])]) {
        stream.close();
        ended++;
      }
    }
    return ended;
  }

  /** Holders with a stream open. */
  get size(): number {
    return this.streams.size;
  }
}

/** A guard that throws 401/403 when a request may not go on (requireStaff, a display's cookie check…). */
export type StreamGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A route's guard as a stream's recheck: allowed while it passes, not once it refuses (401 or
 * 403). Any other failure (the database briefly away) leaves the stream open until the next check.
 */
export const guardRecheck =
  (guard: StreamGuard, request: FastifyRequest, reply: FastifyReply) =>
  async (): Promise<boolean> => {
    try {
      await guard(request, reply);
      return true;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
      return true;
    }
  };

/** Encodes one frame: its id if any, the event's name, then its JSON data on one line. */
export const encodeFrame = (event: string, data: unknown, id?: string | number): string =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * A frame encoded once as bytes for many streams: a string written to a stream is copied into bytes of
 * its own per stream (1,000 copies of a board's first frame while 1,000 TVs reconnect); bytes are passed
 * on to each socket as they are.
 */
export const sharedFrame = (event: string, data: unknown, id?: string | number): Buffer => Buffer.from(encodeFrame(event, data, id));

/** The heartbeat comment, and each `retry:` hint, as bytes shared by every stream. */
const HEARTBEAT = Buffer.from(': heartbeat\n\n');
const retryHints = new Map<number, Buffer>();
const retryHint = (ms: number): Buffer => retryHints.get(ms) ?? retryHints.set(ms, Buffer.from(`retry: ${ms}\n\n`)).get(ms)!;

/** The streams open in this process: counted for /metrics, ended with a retry hint on shutdown. */
const openStreams = new Set<{ body: PassThrough; close(): void }>();

/** How many event streams this process has open. */
export const openEventStreamCount = (): number => openStreams.size;

/** Ends every open stream, telling browsers to reconnect (to another server) after `retryMs`. */
export function closeEventStreams(retryMs: number): void {
  for (const stream of [...openStreams]) {
    stream.body.write(retryHint(retryMs));
    stream.close();
  }
}

/** Starts a text/event-stream answer on a reply. */
export function openEventStream(reply: FastifyReply, options: EventStreamOptions = {}): EventStream {
  const body = new PassThrough();
  const abort = new AbortController();
  let closed = false;
  let heartbeat: NodeJS.Timeout | undefined;
  let recheck: NodeJS.Timeout | undefined;
  const finish = () => {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = undefined;
    if (recheck) clearTimeout(recheck);
    recheck = undefined;
    options.onClose?.();
    options.onClose = undefined;
  };
  // The response closes when it ends or when the connection drops.
  reply.raw.on('close', () => {
    openStreams.delete(entry);
    if (!closed || !reply.raw.writableFinished) abort.abort(new Error('The caller went away'));
    finish();
  });
  reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('x-accel-buffering', 'no')
    .header('cache-control', 'no-store');
  void reply.send(body);
  const bufferedBytes = () => body.writableLength + (reply.raw.writableLength ?? 0);
  const write = (text: string | Buffer) => {
    if (closed || abort.signal.aborted) return;
    if (options.maxBufferedBytes !== undefined && bufferedBytes() + text.length > options.maxBufferedBytes) {
      // A reader this far behind would hold memory for nothing: drop it, it reconnects and resyncs.
      stream.close();
      reply.raw.destroy();
      return;
    }
    body.write(text);
  };
  const stream: EventStream = {
    send(event, data, id) {
      write(encodeFrame(event, data, id));
    },
    sendRaw(frame) {
      write(frame);
    },
    close() {
      if (closed) return;
      closed = true;
      openStreams.delete(entry);
      body.end();
      finish();
      // Those holding the stream (a hub's board, a session's streams) let go of it.
      abort.abort(new Error('The stream ended'));
    },
    signal: abort.signal,
    get closed() {
      return closed || abort.signal.aborted;
    },
    get buffered() {
      return bufferedBytes();
    },
  };
  const entry = { body, close: () => stream.close() };
  openStreams.add(entry);
  if (options.retryMs !== undefined) write(retryHint(options.retryMs));
  if (options.heartbeatMs !== undefined) {
    heartbeat = setInterval(() => write(HEARTBEAT), options.heartbeatMs);
    heartbeat.unref();
  }
  if (options.recheck) {
    const { everyMs, allowed, key } = options.recheck;
    // Each wait is between half and all of the period, so streams opened together (a thousand
    // displays after a restart) do not all ask at the same moment; none waits longer than the period.
    const next = () => {
      recheck = setTimeout(ask, everyMs / 2 + Math.random() * (everyMs / 2));
      recheck.unref();
    };
    const ask = () => {
      if (stream.closed) return;
      checkShared(key, everyMs, allowed)
        .then((ok) => {
          // The browser reconnects, and the same guard refuses it.
          if (!ok) stream.close();
        })
        .catch(() => undefined)
        .finally(() => {
          if (!stream.closed) next();
        });
    };
    next();
  }
  return stream;
}
