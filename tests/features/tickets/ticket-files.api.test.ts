import { existsSync, readdirSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '@contracts/common/uploads';
import type { ClientTicketDetail } from '@contracts/client-portal';
import type { TicketView } from '@contracts/tickets';
import { UNREFERENCED_FILE_MS } from '@server/platform/uploads';
import { apiAs, type Api } from '@tests/support/api';
import { multipart, type UploadFile } from '@tests/support/multipart';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const png = () => sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
const HTML = '<!doctype html><script>alert(1)</script>';

/** Files chosen in a create form, and the upload sweep of files no ticket names. */
describe.each(BACKENDS)('files of a new ticket on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let acme: Api;
  let globex: Api;
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
    acme = await apiAs(t, 'acme');
    globex = await apiAs(t, 'globex');
  });
  afterAll(() => t?.close());

  const filesDir = () => join(t.config.uploadDir, 'files');
  const storedFiles = () => (existsSync(filesDir()) ? readdirSync(filesDir(), { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length : 0);
  const attach = (api: Api, url: string, files: UploadFile[]) => {
    const m = multipart({}, files);
    return api.post(url, m.body, { headers: m.headers });
  };

  it('staff: the ticket is created, then each chosen file is attached; a refused file says which and why, and the ticket keeps the others', async () => {
    const created = await agent.post('/api/v2/tickets', { title: 'Scanner jams', description: 'Photos attached', company_id: 1, severity: 'M', queue: 'Support' });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as TicketView).ticket.id;
    const url = `/api/v2/tickets/${id}/attachments`;

    const photo = await attach(agent, url, [{ name: 'jam.png', bytes: await png(), type: 'image/png' }]);
    expect(photo.statusCode, photo.body).toBe(201);
    expect(photo.json().attachments).toEqual([expect.objectContaining({ name: 'jam.png', mime_type: 'image/png', image: true })]);
    const before = { rows: await sql.count('ticket_attachments'), files: storedFiles() };
    const refused = await attach(agent, url, [{ name: 'page.html', bytes: HTML, type: 'text/html' }]);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error.fields.files).toMatch(/^page\.html is a HTML or other markup file/);
    expect({ rows: await sql.count('ticket_attachments'), files: storedFiles() }).toEqual(before);
    const manual = await attach(agent, url, [{ name: 'manual.pdf', bytes: PDF }]);
    expect(manual.statusCode, manual.body).toBe(201);

    const view = (await agent.get(`/api/v2/tickets/${id}`)).json() as TicketView;
    expect(view.ticket.title).toBe('Scanner jams');
    expect(view.attachments.map((a) => a.name)).toEqual(['jam.png', 'manual.pdf']);
    expect(view.thread.flatMap((n) => n.attachments)).toEqual([]);
    const audit = await sql.one(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'ticket' AND entity_id = $1 AND action = 'attach'`, [id]);
    expect(audit.n).toBe(2);
  });

  it('client: files of a new ticket are theirs to see, thumbnail included; another company gets 404 and cannot attach', async () => {
    const created = await acme.post('/api/v2/client/tickets', { title: 'Meter photo', description: 'See the photo', severity: 'L' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const res = await attach(acme, `/api/v2/client/tickets/${id}/attachments`, [{ name: 'meter.png', bytes: await png(), type: 'image/png' }]);
    expect(res.statusCode, res.body).toBe(201);
    const [file] = res.json().attachments;

    const detail = (await acme.get(`/api/v2/client/tickets/${id}`)).json() as ClientTicketDetail;
    expect(detail.attachments.map((a) => a.name)).toEqual(['meter.png']);
    const thumb = await acme.get(`/api/v2/client/tickets/${id}/attachments/${file.id}?variant=thumbnail`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(Math.max((await sharp(thumb.rawPayload).metadata()).width!, 0)).toBe(UPLOAD_LIMITS.thumbnailPixels);
    expect((await agent.get(`/api/v2/tickets/${id}`)).json().attachments).toHaveLength(1);

    expect((await globex.get(`/api/v2/client/tickets/${id}/attachments/${file.id}?variant=thumbnail`)).statusCode).toBe(404);
    const before = { rows: await sql.count('ticket_attachments'), files: storedFiles() };
    const intruder = await attach(globex, `/api/v2/client/tickets/${id}/attachments`, [{ name: 'x.txt', bytes: 'x\n' }]);
    expect(intruder.statusCode).toBe(404);
    expect({ rows: await sql.count('ticket_attachments'), files: storedFiles() }).toEqual(before);
  });

  it('a ticket keeps at most the per-note number of files of its own; the one too many is named', async () => {
    const created = await agent.post('/api/v2/tickets', { title: 'Many files', description: 'Logs', company_id: 1, severity: 'L', queue: 'Support' });
    const url = `/api/v2/tickets/${(created.json() as TicketView).ticket.id}/attachments`;
    for (let i = 1; i <= UPLOAD_LIMITS.filesPerNote; i++) expect((await attach(agent, url, [{ name: `log-${i}.txt`, bytes: `line ${i}\n` }])).statusCode).toBe(201);
    const over = await attach(agent, url, [{ name: 'one-more.txt', bytes: 'more\n' }]);
    expect(over.statusCode).toBe(413);
    expect(over.json().error.fields.files).toContain('one-more.txt');
  });

  it('the sweep removes stored files no ticket names once older than a day, and keeps named and recent ones', async () => {
    const created = await agent.post('/api/v2/tickets', { title: 'Kept file', description: 'Log', company_id: 1, severity: 'L', queue: 'Support' });
    const id = (created.json() as TicketView).ticket.id;
    const kept = (await attach(agent, `/api/v2/tickets/${id}/attachments`, [{ name: 'kept.png', bytes: await png() }])).json().attachments[0];
    const row = await sql.one('SELECT storage_key, thumbnail_key FROM ticket_attachments WHERE id = $1', [kept.id]);
    const store = t.ctx.uploads;
    const orphan = store.newKey().key;
    const recentOrphan = store.newKey().key;
    for (const key of [orphan, recentOrphan]) {
      mkdirSync(dirname(store.pathOf(key)), { recursive: true });
      writeFileSync(store.pathOf(key), 'left by a stopped process\n');
    }
    const old = (Date.now() - UNREFERENCED_FILE_MS - 60_000) / 1000;
    for (const key of [orphan, row.storage_key, row.thumbnail_key]) utimesSync(store.pathOf(key), old, old);

    expect(await store.sweep()).toBeGreaterThanOrEqual(1);
    expect(existsSync(store.pathOf(orphan))).toBe(false);
    expect(existsSync(store.pathOf(recentOrphan))).toBe(true);
    expect(existsSync(store.pathOf(row.storage_key))).toBe(true);
    expect(existsSync(store.pathOf(row.thumbnail_key))).toBe(true);
    expect((await agent.get(`/api/v2/tickets/${id}/attachments/${kept.id}`)).statusCode).toBe(200);
  });
});
