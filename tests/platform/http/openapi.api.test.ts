/**
 * The API describes itself from its endpoint definitions: /api/openapi.json is a valid OpenAPI 3.1
 * document listing every route the app registers with its request and answer schemas, /api/docs
 * renders it for people, and no route is registered without a definition.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApiRoutes, listEndpointlessRoutes } from '@server/app';
import { startTestApp, type TestApp } from '@tests/support/test-app';

type Doc = { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { in: string }[]; responses?: Record<string, unknown> }>> };

/** "GET /api/v2/tickets/:id" as OpenAPI writes it: "get /api/v2/tickets/{id}". */
const openApiKey = (route: string) => {
  const [method, path] = route.split(' ') as [string, string];
  return `${method.toLowerCase()} ${path.replace(/:(\w+)/g, '{$1}')}`;
};

describe('the API reference', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await startTestApp('embedded', { seed: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t?.close());

  it('serves a document that validates as OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('registers no route without an endpoint definition', () => {
    expect(listEndpointlessRoutes(t.app)).toEqual([]);
  });

  it('lists every route the app registers, with its answer and what it takes', () => {
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    const routes = listApiRoutes(t.app).map(openApiKey);
    expect(routes.filter((r) => !listed.includes(r))).toEqual([]);
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(Object.keys(op.responses ?? {}), `${method} ${path}`).not.toEqual([]);
        const pathParams = [...path.matchAll(/\{(\w+)\}/g)].length;
        expect((op.parameters ?? []).filter((p) => p.in === 'path').length, `${method} ${path} path parameters`).toBe(pathParams);
      }
    }
  });

  it('renders a readable reference page with every endpoint and its own stylesheet', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain('<code>/api/health</code>');
    expect((res.body.match(/class="op"/g) ?? []).length).toBe(listApiRoutes(t.app).length);
    const css = await t.app.inject({ method: 'GET', url: '/api/docs/reference.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });
});
