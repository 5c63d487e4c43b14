import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, entryFor } from '@server/app';
import { startTestApp, type TestApp } from '@tests/support/test-app';

describe('the survey entry', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp('embedded', { seed: false });
    dir = mkdtempSync(join(tmpdir(), 'cc-static-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(join(dir, 'survey.html'), '<!doctype html><meta name="support-phone" content="%SUPPORT_PHONE%" /><title>survey</title>');
    app = await buildApp({ ...t.ctx, config: { ...t.config, staticDir: dir, supportPhone: '1-800 "555" <0199>' } }, { logger: false, serveStatic: true });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('maps /survey and /survey/... to survey.html, everything else to index.html', () => {
    expect(entryFor('/survey')).toBe('survey.html');
    expect(entryFor('/survey/1/abc')).toBe('survey.html');
    expect(entryFor('/survey.html')).toBe('survey.html');
    expect(entryFor('/surveys')).toBe('index.html');
    expect(entryFor('/report/surveys')).toBe('index.html');
    expect(entryFor('/home')).toBe('index.html');
  });

  it('answers survey paths with survey.html carrying the configured phone, escaped', async () => {
    for (const url of ['/survey/1/some-key', '/survey?kind=0&ticket=k', '/survey/-1/x']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.body).toContain('<title>survey</title>');
      expect(res.body).toContain('content="1-800 &quot;555&quot; &lt;0199&gt;"');
    }
  });

  it('answers /survey.html opened directly filled in too, never with the placeholder', async () => {
    for (const url of ['/survey.html', '/survey.html?kind=1&ticket=k']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>survey</title>');
      expect(res.body).not.toContain('%SUPPORT_PHONE%');
      expect(res.body).toContain('content="1-800 &quot;555&quot; &lt;0199&gt;"');
    }
  });

  it('keeps answering portal paths with index.html', async () => {
    const res = await app.inject({ method: 'GET', url: '/client/login' });
    expect(res.body).toContain('<title>portal</title>');
  });
});
