import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, SECURITY_HEADERS } from '@server/app';
import { LIMITS } from '@contracts/common/constants';
import { startTestApp, type TestApp } from '@tests/support/test-app';

describe('HTTP rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('embedded');
  });
  afterAll(() => t?.close());

  it('puts the security headers on every response, errors included', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers[name]).toBe(value);
    }
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No route POST /api/v2/nothing/here' } });
  });

  it('answers a body that is not JSON with 400 naming the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_input', fields: { body: 'Request body is not valid JSON' } });
  });

  it('answers an oversized body with 413 and an unsupported type with 415', async () => {
    const big = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(LIMITS.bodyBytes) });
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', headers: { 'content-type': 'application/json' }, payload: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
    const xml = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
  });

  it('answers a missing body by naming every required field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(['email', 'password']);
  });

  it('answers a server failure with 500 and no internals', async () => {
    const failing = { query: () => Promise.reject(new Error('secret internal detail at /srv/db.ts:42')) };
    const broken = await buildApp({ ...t.ctx, database: { ...t.ctx.database, pool: failing as never } }, { logger: false, serveStatic: false });
    const res = await broken.inject({ method: 'GET', url: '/api/v2/tickets/mine', headers: { authorization: 'Bearer abc' } });
    await broken.close();
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toEqual({ error: { code: 'internal', message: 'Something went wrong on our side' } });
  });
});
