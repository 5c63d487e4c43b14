/**
 * Every route that takes a body refuses a body that is not JSON (400) and an oversized one
 * (413) with the JSON error shape, before anything else happens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApiRoutes } from '../../server/app';
import { LIMITS } from '../../src/contracts/constants';
import { bearer, startTestApp, type TestApp } from './helpers';

describe('bad bodies on every route', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp('embedded');
    token = await t.tokenFor('admin');
  });
  afterAll(() => t?.close());

  const withBody = () => listApiRoutes(t.app).filter((r) => /^(POST|PUT|PATCH) /.test(r));

  it('has routes with bodies to check', () => {
    expect(withBody().length).toBeGreaterThan(3);
  });

  it('answers 400 invalid_input for a body that is not JSON', async () => {
    for (const route of withBody()) {
      const [method, pattern] = route.split(' ') as ['POST', string];
      const url = pattern.replace(/:(\w+)/g, '1');
      const res = await t.app.inject({ method, url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: '{"title": "unterminated' });
      expect(res.statusCode, route).toBe(400);
      expect(res.json().error, route).toMatchObject({ code: 'invalid_input', fields: { body: 'Request body is not valid JSON' } });
    }
  });

  it('answers 413 payload_too_large for an oversized body', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(LIMITS.bodyBytes + 1) });
    for (const route of withBody()) {
      const [method, pattern] = route.split(' ') as ['POST', string];
      const url = pattern.replace(/:(\w+)/g, '1');
      const res = await t.app.inject({ method, url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: big });
      expect(res.statusCode, route).toBe(413);
      expect(res.json().error.code, route).toBe('payload_too_large');
    }
  });
});
