import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_THUMBNAIL_PX, AVATAR_UPLOAD, type OrgChart, type Profile } from '@contracts/people';
import type { StaffUser } from '@contracts/auth';
import { AVATAR_MAX_AGE_SECONDS } from '@server/features/people/avatar.routes';
import { apiAs, apiWith, type Api } from '@tests/support/api';
import { multipart, type UploadFile } from '@tests/support/multipart';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const URL = '/api/v2/profile/avatar';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
/** A wide picture: its thumbnail must still come out square. */
const png = (r = 10, width = 300, height = 200) => sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 200 } } }).png().toBuffer();
/** A JPEG from a phone: camera make and a GPS position in its EXIF. */
const jpegWithGps = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 10, b: 10 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Pocket 9' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
    .toBuffer();

/** A staff member's own avatar: set, replaced and removed only by them, read by staff, never by client users. */
describe.each(BACKENDS)('staff avatars on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let admin: Api;
  let agentId: number;
  let adminId: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
    admin = await apiAs(t, 'admin');
    agentId = Number((await sql.one(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`)).id);
    adminId = Number((await sql.one(`SELECT id FROM staff_users WHERE email = 'admin@demo.test'`)).id);
  });
  afterAll(() => t?.close());

  const filesDir = () => join(t.config.uploadDir, 'files');
  const storedFiles = () => (existsSync(filesDir()) ? readdirSync(filesDir(), { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length : 0);
  const upload = (who: Api, files: UploadFile[], payload: object = {}) => {
    const m = multipart(payload, files);
    return who.put(URL, m.body, { headers: m.headers });
  };
  const versionOf = async (id: number) => ((await sql.rows<{ version: number }>('SELECT version FROM staff_avatars WHERE staff_id = $1', [id]))[0]?.version ?? null);

  it('stores the uploaded PNG, makes a square WebP thumbnail and names the version on the profile, profile/me and the org chart', async () => {
    const res = await upload(agent, [{ name: 'me.png', bytes: await png(), type: 'image/png' }]);
    expect(res.statusCode, res.body).toBe(200);
    const version = res.json().avatarVersion as number;
    expect(version).toBe(await versionOf(agentId));
    expect(((await agent.get('/api/v2/profile')).json() as Profile).avatarVersion).toBe(version);
    expect(((await agent.post('/api/v2/profile/me', { user: agentId })).json() as StaffUser).avatarVersion).toBe(version);
    const chart = (await agent.get('/api/v2/orgchart')).json() as OrgChart;
    expect(chart.people.find((p) => p.id === agentId)?.avatarVersion).toBe(version);
    expect(chart.people.find((p) => p.id === adminId)?.avatarVersion).toBeNull();

    const small = await admin.get(`/api/v2/people/${agentId}/avatar?v=${version}`);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    const meta = await sharp(small.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', AVATAR_THUMBNAIL_PX, AVATAR_THUMBNAIL_PX]);
    const full = await admin.get(`/api/v2/people/${agentId}/avatar?v=${version}&size=full`);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.headers['content-disposition']).toMatch(/^inline;/);
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect([(await sharp(full.rawPayload).metadata()).width, (await sharp(full.rawPayload).metadata()).height]).toEqual([300, 200]);
  });

  it('lets a browser keep a picture for long only at its current version, per session', async () => {
    const version = (await versionOf(agentId))!;
    const current = await agent.get(`/api/v2/people/${agentId}/avatar?v=${version}`);
    expect(current.headers['cache-control']).toBe(`private, max-age=${AVATAR_MAX_AGE_SECONDS}, immutable`);
    expect(current.headers.vary).toMatch(/Authorization/i);
    const unversioned = await agent.get(`/api/v2/people/${agentId}/avatar`);
    expect(unversioned.headers['cache-control']).toBe('private, no-cache');
    const older = await agent.get(`/api/v2/people/${agentId}/avatar?v=${version + 1000}`);
    expect(older.headers['cache-control']).toBe('private, no-cache');
    const none = await agent.get(`/api/v2/people/${adminId}/avatar?v=1`);
    expect(none.statusCode).toBe(404);
    expect(none.headers['cache-control']).toBe('no-store');
    // Every other API answer stays uncached.
    expect((await agent.get('/api/v2/profile')).headers['cache-control']).toBe('no-store');
  });

  it('strips EXIF and GPS from a photo', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(agent, [{ name: 'holiday.jpg', bytes: original, type: 'image/jpeg' }]);
    expect(res.statusCode, res.body).toBe(200);
    const full = await agent.get(`/api/v2/people/${agentId}/avatar?size=full`);
    expect(full.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(full.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    const small = await sharp((await agent.get(`/api/v2/people/${agentId}/avatar`)).rawPayload).metadata();
    expect([small.width, small.height, small.exif]).toEqual([AVATAR_THUMBNAIL_PX, AVATAR_THUMBNAIL_PX, undefined]);
  });

  it('replaces the picture with a new version and removes the files of the one replaced', async () => {
    const before = (await versionOf(agentId))!;
    const files = storedFiles();
    const res = await upload(agent, [{ name: 'new.webp', bytes: await sharp(await png(90, 64, 64)).webp().toBuffer(), type: 'image/webp' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().avatarVersion).toBeGreaterThan(before);
    expect(storedFiles()).toBe(files);
    const full = await agent.get(`/api/v2/people/${agentId}/avatar?size=full`);
    expect(full.headers['content-type']).toBe('image/webp');
  });

  it.each([
    ['a PDF named .png', 'photo.png', PDF, 415, /photo\.png is a PDF document file; an avatar must be a PNG, JPEG or WebP image/],
    ['an SVG named .png', 'face.png', SVG, 415, /face\.png is a HTML or other markup file; an avatar must be a PNG, JPEG or WebP image/],
    ['a GIF', 'wave.gif', 'gif', 415, /wave\.gif is a GIF image file; an avatar must be/],
    ['a file over the limit', 'huge.png', 'huge', 413, /huge\.png is larger than 5 MB/],
  ] as const)('refuses %s naming the file, and keeps the previous avatar and its files', async (_what, name, kind, status, message) => {
    const version = await versionOf(agentId);
    const files = storedFiles();
    const bytes =
      kind === 'gif'
        ? await sharp({ create: { width: 20, height: 20, channels: 4, background: '#ff0000' } }).gif().toBuffer()
        : kind === 'huge'
          ? Buffer.concat([await png(), Buffer.alloc(AVATAR_UPLOAD.fileBytes)])
          : kind;
    const res = await upload(agent, [{ name, bytes, type: 'image/png' }]);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.fields.files).toMatch(message);
    expect(await versionOf(agentId)).toBe(version);
    expect(storedFiles()).toBe(files);
    expect((await agent.get(`/api/v2/people/${agentId}/avatar?v=${version}`)).statusCode).toBe(200);
  });

  it('refuses two pictures at once and a request without one, naming the files', async () => {
    const version = await versionOf(agentId);
    const two = await upload(agent, [
      { name: 'a.png', bytes: await png() },
      { name: 'b.png', bytes: await png() },
    ]);
    expect(two.statusCode).toBe(413);
    expect(two.json().error.fields.files).toBe('Send one file at a time; b.png is one too many');
    const none = await upload(agent, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.files).toBe('Choose a picture to upload');
    expect(await versionOf(agentId)).toBe(version);
  });

  it("changes only the caller's own avatar: an admin naming someone else is refused and sets nobody's", async () => {
    const version = await versionOf(agentId);
    const named = await upload(admin, [{ name: 'not-yours.png', bytes: await png(250) }], { staffId: agentId });
    expect(named.statusCode).toBe(400);
    expect(await versionOf(agentId)).toBe(version);
    expect(await versionOf(adminId)).toBeNull();
    expect((await admin.request('PUT', `/api/v2/people/${agentId}/avatar`, {})).statusCode).toBe(404);
    expect((await admin.delete(`/api/v2/people/${agentId}/avatar`)).statusCode).toBe(404);
    // The admin's own upload sets the admin's avatar only.
    const own = await upload(admin, [{ name: 'admin.png', bytes: await png(250) }]);
    expect(own.statusCode, own.body).toBe(200);
    expect(await versionOf(agentId)).toBe(version);
    expect(await versionOf(adminId)).toBe(own.json().avatarVersion);
  });

  it('answers client users and callers without a session 401 on every avatar endpoint', async () => {
    const acme = await apiAs(t, 'acme');
    const nobody = apiWith(t, null);
    const m = multipart({}, [{ name: 'x.png', bytes: await png() }]);
    for (const who of [acme, nobody]) {
      expect((await who.get(`/api/v2/people/${agentId}/avatar`)).statusCode).toBe(401);
      expect((await who.put(URL, m.body, { headers: m.headers })).statusCode).toBe(401);
      expect((await who.delete(URL)).statusCode).toBe(401);
    }
  });

  it('removes the avatar and its files; removing again changes nothing', async () => {
    const files = storedFiles();
    const res = await agent.delete(URL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ avatarVersion: null });
    expect(await versionOf(agentId)).toBeNull();
    expect(storedFiles()).toBe(files - 2);
    expect((await agent.get(`/api/v2/people/${agentId}/avatar`)).statusCode).toBe(404);
    expect(((await agent.get('/api/v2/profile')).json() as Profile).avatarVersion).toBeNull();
    expect((await agent.delete(URL)).json()).toEqual({ avatarVersion: null });
    // A new upload after a removal gets a version never used before.
    const again = await upload(agent, [{ name: 'back.png', bytes: await png(30) }]);
    expect(again.json().avatarVersion).toBeGreaterThan(Number((await sql.one(`SELECT max(version) AS v FROM staff_avatars WHERE staff_id = $1`, [adminId])).v));
  });
});
