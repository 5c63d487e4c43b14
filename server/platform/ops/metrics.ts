/**
 * Prometheus metrics at GET /metrics (prom-client), one registry per app:
 * - requests: `http_requests_total` and `http_request_duration_seconds` per method, route
 *   pattern (never the raw URL: ids and keys stay out of the labels) and status;
 * - the database pool: connections open, in use, and requests waiting for one;
 * - the job queue: jobs due and not started per type, and the age of the oldest;
 * - the event bus: how long events took from publish to this server, whether it listens;
 * - server-sent event streams open in this process;
 * - storage: whether writes find the disk full, and how many did;
 * - Node's own (event loop lag, heap, GC) from collectDefaultMetrics.
 * Readable only from METRICS_ALLOW addresses or with `Authorization: Bearer METRICS_TOKEN`;
 * anyone else gets the same 404 as an unknown address.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ERROR_CODES } from '@contracts/common/errors';
import type { AppContext } from '@server/context';
import { openEventStreamCount } from '@server/platform/http/sse';

export const METRICS_PATH = '/metrics';
/** The route label of a request no route matched (so unknown URLs cannot grow the label set). */
export const UNMATCHED_ROUTE = 'unmatched';
/** Request duration buckets (seconds). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Event-bus lag buckets (seconds). */
const LAG_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** The address rules of METRICS_ALLOW as a BlockList (addresses and CIDR ranges, v4 and v6). */
export function allowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether a request may read the metrics: an allowed address, or the bearer token. */
export function mayReadMetrics(request: FastifyRequest, allowed: BlockList, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (token && header?.startsWith('Bearer ') && timingSafeEqual(digest(header.slice(7)), digest(token))) return true;
  const ip = request.ip.startsWith('::ffff:') ? request.ip.slice(7) : request.ip;
  const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  return isIP(ip) !== 0 && allowed.check(ip, type);
}

/** Registers the metrics' collection hooks and GET /metrics on an app. */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route pattern', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route pattern',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const pool = ctx.database.pool;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections: open (total), in use, idle; and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  // prom-client starts every metric's collect of a scrape at once: both queue gauges wait for one
  // read of the queue, the one under way when they start (a later scrape reads it again).
  let queueRead: Promise<Awaited<ReturnType<typeof ctx.jobs.queueStats>>> | null = null;
  const queueNow = () => {
    queueRead ??= ctx.jobs
      .queueStats()
      .catch(() => [])
      .finally(() => {
        queueRead = null;
      });
    return queueRead;
  };
  const queueGauge = (name: string, help: string, value: (s: { waiting: number; oldestSeconds: number }) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['job'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        if (!ctx.jobs.started) return;
        for (const s of await queueNow()) this.set({ job: s.name }, value(s));
      },
    });
  queueGauge('job_queue_waiting', 'Jobs due and not started, per job type', (s) => s.waiting);
  queueGauge('job_queue_oldest_seconds', 'How long the oldest due job of each type has waited to start', (s) => s.oldestSeconds);

  const lag = new Histogram({
    name: 'event_bus_lag_seconds',
    help: 'Time from publishing an event to its arrival on this server',
    labelNames: ['topic'] as const,
    buckets: LAG_BUCKETS,
    registers: [registry],
  });
  const unobserve = ctx.events.observe((topic, ms) => lag.observe({ topic }, ms / 1000));
  app.addHook('onClose', async () => unobserve());
  new Gauge({
    name: 'event_bus_listening',
    help: '1 when the event bus has its listening connection, else 0',
    registers: [registry],
    collect() {
      this.set(ctx.events.listening ? 1 : 0);
    },
  });

  new Gauge({
    name: 'sse_connections',
    help: 'Server-sent event streams open in this process',
    registers: [registry],
    collect() {
      this.set(openEventStreamCount());
    },
  });

  new Gauge({
    name: 'storage_full',
    help: '1 while writes find the disk under DATA_DIR full (the last within the notice window), else 0',
    registers: [registry],
    collect() {
      this.set(ctx.storage.state(ctx.now()).full ? 1 : 0);
    },
  });
  new Gauge({
    name: 'storage_full_errors',
    help: 'Writes that failed for want of disk space since the server started',
    registers: [registry],
    collect() {
      this.set(ctx.storage.failures);
    },
  });

  const allowed = allowList(ctx.config.metrics.allow);
  app.get(METRICS_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!mayReadMetrics(request, allowed, ctx.config.metrics.token)) {
      return reply.status(404).send({ error: { code: ERROR_CODES.notFound, message: `No route GET ${METRICS_PATH}` } });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return registry;
}
