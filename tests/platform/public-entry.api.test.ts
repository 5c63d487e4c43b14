import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicPagePath } from '@contracts/common/public-pages';
import { buildApp, entryFor } from '@server/app';
import { startTestApp, type TestApp } from '@tests/support/test-app';

const PUBLIC_PATHS = ['/', '/client/login', '/client/signup', '/client/forgot-password', '/client/set-password/abc', '/client/reset-password/abc'];

describe('the public pages entry', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp('embedded', { seed: false });
    dir = mkdtempSync(join(tmpdir(), 'cc-static-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(join(dir, 'public.html'), '<!doctype html><title>public</title>');
    app = await buildApp({ ...t.ctx, config: { ...t.config, staticDir: dir } }, { logger: false, serveStatic: true });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('maps the six public paths to public.html', () => {
    for (const path of PUBLIC_PATHS) expect(entryFor(path)).toBe('public.html');
  });

  it('keeps the portal entry for signed-in paths and the survey its own', () => {
    for (const path of ['/home', '/client', '/client/tickets', '/client/set-password', '/client/set-password/a/b', '/client/portal/users', '/login']) {
      expect(isPublicPagePath(path)).toBe(false);
      expect(entryFor(path)).toBe('index.html');
    }
    expect(entryFor('/survey/1/k')).toBe('survey.html');
  });

  it('answers the public paths with the light entry and portal paths with the portal', async () => {
    for (const url of [...PUBLIC_PATHS, '/client/login?next=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>public</title>');
    }
    for (const url of ['/home', '/client', '/client/tickets']) {
      expect((await app.inject({ method: 'GET', url })).body).toContain('<title>portal</title>');
    }
  });
});
