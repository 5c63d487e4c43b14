/**
 * /healthz and /readyz for load balancers, and /metrics for Prometheus: readable only from the
 * configured addresses or with the token, labelled by route pattern.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { closeEventStreams, openEventStream } from '@server/platform/http/sse';
import { defineJob } from '@server/platform/jobs';
import { ticketAssigned } from '@server/features/tickets/events';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const TOKEN = 'metrics-token-for-tests-0123456789';
const queued = defineJob('platform-test.metrics-queued', z.object({ n: z.number().int() }));

/** The value of one sample line of the exposition (`name{labels} value`). */
const sample = (text: string, prefix: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

describe.each(BACKENDS)('health and metrics on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, {
      seed: false,
      jobs: 'manual',
      events: true,
      env: { METRICS_ALLOW: '10.0.0.0/8,fd00::/8', METRICS_TOKEN: TOKEN },
      routes: (app) => {
        app.get('/ops-probe/:id', async () => ({ ok: true }));
        app.get('/ops-probe-stream', async (_request, reply) => {
          const stream = openEventStream(reply);
          stream.send('hello', { n: 1 });
          return reply;
        });
      },
    });
  });
  afterAll(() => t?.close());
  const metrics = async () => (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

  it('answers /healthz while alive, and /readyz ready only when migrated and not draining', async () => {
    const alive = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'alive' });
    expect(alive.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });

    t.ctx.lifecycle.draining = true;
    const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
    t.ctx.lifecycle.draining = false;
    expect(draining.statusCode).toBe(503);
    expect(draining.headers['retry-after']).toBe('1');
    expect(draining.json()).toEqual({ status: 'not ready', reason: 'The server is shutting down' });

    const { rows } = await t.ctx.database.pool.query<{ name: string; applied_at: Date }>('DELETE FROM schema_migrations WHERE name = (SELECT max(name) FROM schema_migrations) RETURNING name, applied_at');
    const missing = await t.app.inject({ method: 'GET', url: '/readyz' });
    await t.ctx.database.pool.query('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)', [rows[0]!.name, rows[0]!.applied_at]);
    expect(missing.statusCode).toBe(503);
    expect(missing.json().reason).toBe('The database has not been migrated yet');
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    // The API's own health answer stays as the spec has it.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'postgres' });
  });

  it('shows /metrics only to allowed addresses or the bearer token; 404 to anyone else', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    expect((await from('127.0.0.1')).statusCode).toBe(404);
    expect((await from('192.168.1.5', { authorization: 'Bearer not-the-token-at-all-000' })).statusCode).toBe(404);
    expect((await from('10.20.30.40')).statusCode).toBe(200);
    expect((await from('fd12::1')).statusCode).toBe(200);
    const withToken = await from('192.168.1.5', { authorization: `Bearer ${TOKEN}` });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('labels requests by route pattern, never the raw URL, and reports pool, queue, bus and streams', async () => {
    await t.app.inject({ method: 'GET', url: '/ops-probe/secret-4711' });
    await t.app.inject({ method: 'GET', url: '/ops-probe/secret-4712' });
    await t.app.inject({ method: 'GET', url: '/no/such/place-4713' });
    await t.ctx.jobs.send(queued, { n: 1 });
    await t.ctx.events.publish(t.ctx.database.pool, ticketAssigned, { ticketId: 1, assigneeId: 2, byId: 3, entry: 'probe' });
    let text = await metrics();
    for (let i = 0; i < 50 && sample(text, 'event_bus_lag_seconds_count{topic="tickets.assigned"}') === undefined; i++) {
      await new Promise((r) => setTimeout(r, 20));
      text = await metrics();
    }
    expect(sample(text, 'http_requests_total{method="GET",route="/ops-probe/:id",status="200"}')).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/ops-probe/:id",status="200"}')).toBe(2);
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(text).not.toMatch(/secret-47|place-4713/);
    expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(sample(text, 'db_pool_connections{state="waiting"}')).toBe(0);
    expect(sample(text, `job_queue_waiting{job="${queued.name}"}`)).toBe(1);
    expect(sample(text, `job_queue_oldest_seconds{job="${queued.name}"}`)).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'event_bus_lag_seconds_count{topic="tickets.assigned"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'event_bus_listening')).toBe(1);
    expect(sample(text, 'sse_connections')).toBe(0);
  });

  it('counts open event streams, and ends them with a reconnect hint when the server drains', async () => {
    const answer = t.app.inject({ method: 'GET', url: '/ops-probe-stream' });
    for (let i = 0; i < 100 && sample(await metrics(), 'sse_connections') !== 1; i++) await new Promise((r) => setTimeout(r, 20));
    expect(sample(await metrics(), 'sse_connections')).toBe(1);
    closeEventStreams(1_000);
    const body = (await answer).body;
    expect(body).toContain('event: hello');
    expect(body.endsWith('retry: 1000\n\n')).toBe(true);
    expect(sample(await metrics(), 'sse_connections')).toBe(0);
  });
});
