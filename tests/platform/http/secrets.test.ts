/**
 * Secrets stay out of logs and caches: the tokens of password links and survey keys are redacted
 * from logged request URLs, and every API answer says Cache-Control: no-store.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, defaultLogger, listApiRoutes } from '@server/app';
import { redactUrl } from '@server/platform/http/redact';
import { BACKENDS, bearer, startTestApp, type TestApp } from '@tests/support/test-app';

const TOKEN = 'Zx9secretTOKENvalue_0123456789abcdefghijk';
const KEY = 'SurveyKEYsecret_abcdefghijklmnopqrstuv';

describe('redactUrl', () => {
  it('redacts password-link tokens, survey keys and secret query parameters, and nothing else', () => {
    expect(redactUrl(`/client/set-password/${TOKEN}`)).toBe('/client/set-password/[redacted]');
    expect(redactUrl(`/client/reset-password/${TOKEN}?x=1`)).toBe('/client/reset-password/[redacted]?x=1');
    expect(redactUrl(`/Client/Reset-Password/${TOKEN}/more`)).toBe('/Client/Reset-Password/[redacted]');
    expect(redactUrl(`/survey/1/${KEY}`)).toBe('/survey/1/[redacted]');
    expect(redactUrl(`/survey?kind=0&ticket=${KEY}`)).toBe('/survey?kind=0&ticket=[redacted]');
    expect(redactUrl(`/survey.html?ticket=${KEY}&kind=1`)).toBe('/survey.html?ticket=[redacted]&kind=1');
    expect(redactUrl(`/anything?%74oken=${TOKEN}`)).toBe('/anything?%74oken=[redacted]');
    expect(redactUrl('/api/v2/tickets?q=printer&page=2')).toBe('/api/v2/tickets?q=printer&page=2');
    expect(redactUrl('/client/tickets')).toBe('/client/tickets');
  });
});

describe('logged request URLs', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startTestApp('embedded', { seed: false });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp(t.ctx, { logger: { ...defaultLogger('info'), stream }, serveStatic: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('never writes a password-link token or a survey key to the log', async () => {
    for (const url of [
      `/client/set-password/${TOKEN}`,
      `/client/reset-password/${TOKEN}`,
      `/survey/1/${KEY}`,
      `/survey?kind=1&ticket=${KEY}`,
      `/survey.html?kind=0&ticket=${KEY}`,
    ]) {
      await app.inject({ method: 'GET', url });
    }
    const log = lines.join('');
    expect(log).toContain('/client/set-password/[redacted]');
    expect(log).toContain('/survey/1/[redacted]');
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain(KEY);
  });
});

describe.each(BACKENDS)('API answers are never cached, on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  it('says Cache-Control: no-store on every API route, answered or refused, and on /logout', async () => {
    const routes = listApiRoutes(t.app);
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const [method, pattern] = route.split(' ') as ['GET', string];
      const res = await t.app.inject({ method, url: pattern.replace(/:(\w+)/g, '999999') });
      expect(res.headers['cache-control'], `${route} → ${res.statusCode}`).toBe('no-store');
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v2/no/such/route' });
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('says it on the answers that carry a session token or personal data', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { email: 'agent@demo.test', password: 'care-demo-2026' } });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const mine = await t.app.inject({ method: 'GET', url: '/api/v2/tickets/mine', headers: bearer(login.json().token) });
    expect(mine.headers['cache-control']).toBe('no-store');
    const logout = await t.app.inject({ method: 'GET', url: '/logout', headers: bearer(login.json().token) });
    expect(logout.statusCode).toBe(200);
    expect(logout.headers['cache-control']).toBe('no-store');
  });
});
