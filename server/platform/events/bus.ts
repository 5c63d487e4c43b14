/**
 * The event bus: PostgreSQL LISTEN/NOTIFY, fanned out in the process.
 *
 * - `publish(client, topic, payload)` runs `SELECT pg_notify(…)` on the caller's connection.
 *   Inside a transaction PostgreSQL delivers the event when, and only if, the transaction
 *   commits; a rollback publishes nothing.
 * - Each process keeps one dedicated listening connection (not from the request pool) and hands
 *   every event to the in-process subscribers of its topic. Every app server on the database
 *   receives every event.
 * - When that connection drops (the embedded server restarted, a network blip, an administrator
 *   ended it) the bus reconnects with growing delays and tells `onReconnect` subscribers, which
 *   may have missed events meanwhile and should re-read what they show.
 */
import pg from 'pg';
import type { z } from 'zod';
import { silentLogger, type PlatformLogger } from '@server/platform/pool-connection';
import { encodeEvent, EVENT_CHANNEL, topicNamed, type Topic } from './topics';

/** A connection, a client inside a transaction, or a pool (then the event goes out at once). */
export type Queryable = { query: (text: string, values?: unknown[]) => Promise<unknown> };

/** Publishes an event on the caller's connection: inside a transaction, delivered on commit. */
export async function publish<S extends z.ZodType>(client: Queryable, topic: Topic<S>, payload: z.input<S>): Promise<void> {
  await client.query('SELECT pg_notify($1, $2)', [EVENT_CHANNEL, encodeEvent(topic, payload)]);
}

export type EventMeta = { topic: string; receivedAt: Date };
export type EventHandler<S extends z.ZodType> = (payload: z.output<S>, meta: EventMeta) => void | Promise<void>;

export type EventBusOptions = {
  logger?: PlatformLogger;
  /** Waits before each reconnection attempt, the last repeated (ms). */
  reconnectDelaysMs?: number[];
};

/** Told of each event this process received for a subscriber: its topic and how long after publishing it arrived. */
export type DeliveryObserver = (topic: string, lagMs: number) => void;

export type EventBus = {
  /** Watches deliveries (the metrics' event-bus lag). */
  observe(observer: DeliveryObserver): () => void;
  subscribe<S extends z.ZodType>(topic: Topic<S>, handler: EventHandler<S>): () => void;
  /** Called after the listening connection came back: events published meanwhile were missed. */
  onReconnect(handler: () => void): () => void;
  publish: typeof publish;
  /** Opens the listening connection (throws if the first attempt fails). */
  start(logger?: PlatformLogger): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once the bus is listening (at once when it is). */
  whenListening(): Promise<void>;
  readonly listening: boolean;
};

export const RECONNECT_DELAYS_MS = [100, 250, 500, 1_000, 2_000, 5_000];

export function createEventBus(source: { connection: pg.ClientConfig }, options: EventBusOptions = {}): EventBus {
  let logger = options.logger ?? silentLogger;
  const delays = options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS;
  const handlers = new Map<string, Set<EventHandler<z.ZodType>>>();
  const reconnectHandlers = new Set<() => void>();
  const observers = new Set<DeliveryObserver>();
  let client: pg.Client | undefined;
  let listening = false;
  let stopped = true;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  const waiters: (() => void)[] = [];
  let everListened = false;

  const deliver = (message: pg.Notification) => {
    if (message.channel !== EVENT_CHANNEL || !message.payload) return;
    let envelope: { topic?: unknown; payload?: unknown; at?: unknown };
    try {
      envelope = JSON.parse(message.payload) as typeof envelope;
    } catch {
      logger.warn({ payload: message.payload.slice(0, 200) }, 'event is not JSON; ignored');
      return;
    }
    const name = typeof envelope.topic === 'string' ? envelope.topic : '';
    const subscribers = handlers.get(name);
    if (!subscribers?.size) return;
    const topic = topicNamed(name);
    const parsed = topic?.schema.safeParse(envelope.payload);
    if (!parsed?.success) {
      logger.warn({ topic: name, issues: parsed?.error.issues }, 'event payload does not match its topic; ignored');
      return;
    }
    const meta = { topic: name, receivedAt: new Date() };
    if (typeof envelope.at === 'number') for (const observer of observers) observer(name, Math.max(0, meta.receivedAt.getTime() - envelope.at));
    for (const handler of [...subscribers]) {
      try {
        Promise.resolve(handler(parsed.data, meta)).catch((error: unknown) => logger.error({ err: error, topic: name }, 'event handler failed'));
      } catch (error) {
        logger.error({ err: error, topic: name }, 'event handler failed');
      }
    }
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ application_name: 'client-care-events', ...source.connection, keepAlive: true });
    next.on('notification', deliver);
    next.on('error', (error) => {
      logger.warn({ err: error }, 'event bus connection error');
      dropped(next);
    });
    next.on('end', () => dropped(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENT_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners('end');
      next.on('error', () => undefined);
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    const wasReconnect = everListened;
    everListened = true;
    client = next;
    listening = true;
    attempt = 0;
    for (const resolve of waiters.splice(0)) resolve();
    if (wasReconnect) {
      logger.info({}, 'event bus listening again');
      for (const handler of [...reconnectHandlers]) {
        try {
          handler();
        } catch (error) {
          logger.error({ err: error }, 'event bus reconnect handler failed');
        }
      }
    }
  };

  const scheduleReconnect = () => {
    if (stopped || timer) return;
    const delay = delays[Math.min(attempt, delays.length - 1)] ?? 1_000;
    attempt++;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch((error: unknown) => {
        logger.warn({ err: error, attempt }, 'event bus reconnect failed');
        scheduleReconnect();
      });
    }, delay);
  };

  function dropped(which: pg.Client) {
    if (client !== which) return;
    client = undefined;
    listening = false;
    which.removeAllListeners('notification');
    which.end().catch(() => undefined);
    if (stopped) return;
    logger.warn({}, 'event bus connection lost; reconnecting');
    scheduleReconnect();
  }

  return {
    publish,
    get listening() {
      return listening;
    },
    subscribe(topic, handler) {
      const set = handlers.get(topic.name) ?? new Set();
      handlers.set(topic.name, set);
      set.add(handler as EventHandler<z.ZodType>);
      return () => {
        set.delete(handler as EventHandler<z.ZodType>);
      };
    },
    observe(observer) {
      observers.add(observer);
      return () => {
        observers.delete(observer);
      };
    },
    onReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => {
        reconnectHandlers.delete(handler);
      };
    },
    async start(startLogger) {
      if (startLogger) logger = startLogger;
      if (!stopped) return this.whenListening();
      stopped = false;
      attempt = 0;
      everListened = false;
      try {
        await connect();
      } catch (error) {
        stopped = true;
        throw error;
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const current = client;
      client = undefined;
      listening = false;
      if (current) {
        current.removeAllListeners('end');
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
    whenListening() {
      if (listening) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
