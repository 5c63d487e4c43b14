/**
 * The content security policy of the pages the server answers: one policy for every page, the PDF
 * layout tester included. The tester hands pdf.js the PDF's bytes (never a blob: address), so it
 * needs nothing beyond `default-src 'self'`; the one blob: source is for images (attachments fetched
 * with the session, docs/adr/0144), and nothing else may come from blob: or data:.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, SECURITY_HEADERS } from '@server/app';
import { startTestApp, type TestApp } from '@tests/support/test-app';

const POLICY = "default-src 'self'; img-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";
/** The policy without its image sources: nothing else may load from blob: or data:. */
const withoutImages = (policy: unknown) => String(policy).replace(/img-src [^;]*;/, '');
const TESTER = '/quote/pdf-organization-tester';

describe('the content security policy', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp('embedded', { seed: false });
    dir = mkdtempSync(join(tmpdir(), 'cc-static-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(join(dir, 'survey.html'), '<!doctype html><title>survey</title>');
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'pdf.worker.min-test.mjs'), 'export {};');
    app = await buildApp({ ...t.ctx, config: { ...t.config, staticDir: dir } }, { logger: false, serveStatic: true });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is the one strict policy', () => {
    expect(SECURITY_HEADERS['content-security-policy']).toBe(POLICY);
  });

  it('answers the PDF layout tester with the strict policy: no blob: or data: source but images is needed or allowed', async () => {
    const res = await app.inject({ method: 'GET', url: TESTER });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBe(POLICY);
    expect(withoutImages(res.headers['content-security-policy'])).not.toMatch(/blob:|data:|unsafe/);
  });

  it('answers another page, the API and the pdf.js worker script with the same policy', async () => {
    for (const url of ['/home', '/ticket/search', '/api/health', '/assets/pdf.worker.min-test.mjs']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe(POLICY);
    }
    // The worker runs as a module script from our own origin, which `default-src 'self'` allows.
    const worker = await app.inject({ method: 'GET', url: '/assets/pdf.worker.min-test.mjs' });
    expect(worker.headers['content-type']).toMatch(/javascript/);
  });
});
