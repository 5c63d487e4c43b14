import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '@contracts/common/uploads';
import { RECEIVED_BYTES_PER_COLLECTION } from '@server/platform/uploads/collect';
import type { ClientTicketDetail } from '@contracts/client-portal';
import type { TicketView } from '@contracts/tickets';
import { apiAs, type Api } from '@tests/support/api';
import { multipart, type UploadFile } from '@tests/support/multipart';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
/** A JPEG from a phone: camera make and a GPS position in its EXIF. */
const jpegWithGps = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 10, b: 10 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Pocket 9' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
    .toBuffer();
/** The EXIF GPS pointer tag (0x8825) in either byte order. */
const hasGpsTag = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

describe.each(BACKENDS)('ticket attachments on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let acme: Api;
  let globex: Api;
  let acmeTicket: number;
  let globexTicket: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
    acme = await apiAs(t, 'acme');
    globex = await apiAs(t, 'globex');
    const firstTicketOf = async (email: string) =>
      Number((await sql.one('SELECT min(t.id) AS id FROM tickets t JOIN client_users u ON u.company_id = t.company_id WHERE u.email = $1', [email])).id);
    acmeTicket = await firstTicketOf('client@acme.demo.test');
    globexTicket = await firstTicketOf('client@globex.demo.test');
  });
  afterAll(() => t?.close());

  const filesDir = () => join(t.config.uploadDir, 'files');
  const tmpDir = () => join(t.config.uploadDir, 'tmp');
  /** Every stored file (and thumbnail) under the upload folder. */
  const storedFiles = () => (existsSync(filesDir()) ? readdirSync(filesDir(), { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length : 0);
  const tempFiles = () => readdirSync(tmpDir()).length;

  const note = (files: UploadFile[], payload: object = { body: 'Logs attached', internal: false }, ticket = acmeTicket, headers: Record<string, string> = {}) => {
    const m = multipart(payload, files);
    return agent.post(`/api/v2/tickets/${ticket}/notes`, m.body, { headers: { ...m.headers, ...headers } });
  };
  const lastNote = (view: TicketView) => view.thread.at(-1)!;

  /** Counts of rows and files, to show that a refused upload left nothing behind. */
  const footprint = async () => ({ notes: await sql.count('ticket_notes'), rows: await sql.count('ticket_attachments'), files: storedFiles(), temps: tempFiles() });

  it("has the spent socket buffers collected as a file arrives (a young-generation collection after each MB), so memory does not grow with the file's size", async () => {
    const collections: unknown[] = [];
    const previous = (globalThis as { gc?: unknown }).gc;
    (globalThis as { gc?: unknown }).gc = (options?: unknown) => void collections.push(options);
    try {
      const bytes = Buffer.from('2030-01-01 09:00 meter sync ok\n'.repeat(Math.ceil((3.5 * RECEIVED_BYTES_PER_COLLECTION) / 31)));
      const small = await note([{ name: 'short.log', bytes: 'one line\n'.repeat(1000), type: 'text/plain' }]);
      expect(small.statusCode).toBe(201);
      expect(collections).toEqual([]);
      const res = await note([{ name: 'long.log', bytes, type: 'text/plain' }]);
      expect(res.statusCode).toBe(201);
      // Young-generation collections only (cheap), at least one once a MB has arrived, at most one per MB.
      expect(collections.length).toBeGreaterThanOrEqual(1);
      expect(collections.length).toBeLessThanOrEqual(Math.floor(bytes.length / RECEIVED_BYTES_PER_COLLECTION));
      expect(new Set(collections.map((c) => JSON.stringify(c)))).toEqual(new Set([JSON.stringify({ type: 'minor' })]));
    } finally {
      (globalThis as { gc?: unknown }).gc = previous;
    }
  });
  it('stores a file with its note: the row keeps its size, type from the bytes and SHA-256; the download is the same bytes', async () => {
    const bytes = Buffer.from('2030-01-01 09:00 sync failed: timeout\n');
    const res = await note([{ name: 'sync.log', bytes, type: 'application/octet-stream' }]);
    expect(res.statusCode, res.body).toBe(201);
    const [file] = lastNote(res.json()).attachments;
    expect(file).toMatchObject({ name: 'sync.log', mime_type: 'text/plain', size_bytes: bytes.length, sha256: sha256(bytes), image: false });
    const row = await sql.one('SELECT size_bytes::int AS size, mime_type, sha256 FROM ticket_attachments WHERE id = $1', [file!.id]);
    expect(row).toEqual({ size: bytes.length, mime_type: 'text/plain', sha256: sha256(bytes) });
    const download = await agent.get(`/api/v2/tickets/${acmeTicket}/attachments/${file!.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="sync.log"; filename*=UTF-8''sync.log`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  it('judges the type from the bytes: a PDF named .png and declared image/png is a PDF, downloaded as an attachment', async () => {
    const res = await note([{ name: 'screenshot.png', bytes: PDF, type: 'image/png' }]);
    expect(res.statusCode, res.body).toBe(201);
    const [file] = lastNote(res.json()).attachments;
    expect(file).toMatchObject({ mime_type: 'application/pdf', image: false });
    const download = await agent.get(`/api/v2/tickets/${acmeTicket}/attachments/${file!.id}`);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses an HTML file with 415 naming it, whatever it is called, and keeps nothing', async () => {
    const before = await footprint();
    for (const name of ['page.html', 'readme.txt']) {
      const res = await note([{ name, bytes: '<!doctype html><html><script>alert(document.cookie)</script></html>', type: 'text/plain' }]);
      expect(res.statusCode).toBe(415);
      expect(res.json().error.message).toContain(name);
      expect(res.json().error.fields.files).toContain(name);
    }
    expect(await footprint()).toEqual(before);
  });

  it('refuses a program (an .exe named .pdf) with 415 naming its type', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200, 1)]);
    exe.writeUInt32LE(64, 60);
    const res = await note([{ name: 'invoice.pdf', bytes: exe }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toMatch(/invoice\.pdf is a .+ file, which cannot be attached/);
  });

  it('strips EXIF and GPS from a JPEG, stores the re-encoded image and makes a thumbnail', async () => {
    const original = await jpegWithGps();
    const exif = (await sharp(original).metadata()).exif!;
    expect(hasGpsTag(exif)).toBe(true);
    const res = await note([{ name: 'site photo.jpg', bytes: original, type: 'image/jpeg' }]);
    expect(res.statusCode, res.body).toBe(201);
    const [file] = lastNote(res.json()).attachments;
    expect(file).toMatchObject({ mime_type: 'image/jpeg', image: true });
    const download = await agent.get(`/api/v2/tickets/${acmeTicket}/attachments/${file!.id}`);
    expect(download.headers['content-disposition']).toMatch(/^inline;/);
    const stored = download.rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect([meta.width, meta.height]).toEqual([640, 480]);
    expect(file!.sha256).toBe(sha256(stored));
    expect(file!.size_bytes).toBe(stored.length);
    const thumb = await agent.get(`/api/v2/tickets/${acmeTicket}/attachments/${file!.id}?variant=thumbnail`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const t = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(t.width!, t.height!)).toBe(UPLOAD_LIMITS.thumbnailPixels);
  });

  it('keeps the first frame of a GIF and shows PNG images inline', async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 4, background: '#ff0000' } }).gif().toBuffer();
    const res = await note([
      { name: 'spinner.gif', bytes: gif },
      { name: 'chart.png', bytes: await png() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(lastNote(res.json()).attachments.map((a) => [a.name, a.mime_type, a.image])).toEqual([
      ['spinner.gif', 'image/gif', true],
      ['chart.png', 'image/png', true],
    ]);
  });

  it('refuses a file over the limit with 413 naming it, and leaves no row and no file', async () => {
    const before = await footprint();
    const res = await note([
      { name: 'small.txt', bytes: 'fine\n' },
      { name: 'huge.log', bytes: Buffer.alloc(UPLOAD_LIMITS.fileBytes + 1, 'a') },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('huge.log is larger than 10 MB');
    expect(await footprint()).toEqual(before);
  });

  it('takes a file of exactly the limit', async () => {
    const res = await note([{ name: 'exact.txt', bytes: Buffer.alloc(UPLOAD_LIMITS.fileBytes, 'b') }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(lastNote(res.json()).attachments[0]!.size_bytes).toBe(UPLOAD_LIMITS.fileBytes);
  });

  it('refuses one file too many with 413 naming it, and an empty file with 400 naming it', async () => {
    const before = await footprint();
    const many = Array.from({ length: UPLOAD_LIMITS.filesPerNote + 1 }, (_, i) => ({ name: `part-${i + 1}.txt`, bytes: `line ${i}\n` }));
    const tooMany = await note(many);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error.message).toContain(`part-${UPLOAD_LIMITS.filesPerNote + 1}.txt`);
    const empty = await note([{ name: 'blank.txt', bytes: Buffer.alloc(0) }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({ message: 'blank.txt is empty', fields: { files: 'blank.txt is empty' } });
    expect(await footprint()).toEqual(before);
  });

  it('writes nothing when the note itself is refused (bad payload, unknown ticket)', async () => {
    const before = await footprint();
    const bad = await note([{ name: 'a.txt', bytes: 'a\n' }], { body: '', internal: false });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('body');
    const missing = await note([{ name: 'a.txt', bytes: 'a\n' }], { body: 'Hello' }, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(await footprint()).toEqual(before);
  });

  it('answers a retry with the same Idempotency-Key once: one note, one row, one stored file', async () => {
    const files = [{ name: 'once.txt', bytes: 'only once\n' }];
    const first = await note(files, { body: 'Once' }, acmeTicket, { 'idempotency-key': 'attach-once-1' });
    expect(first.statusCode, first.body).toBe(201);
    const after = await footprint();
    const again = await note(files, { body: 'Once' }, acmeTicket, { 'idempotency-key': 'attach-once-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await footprint()).toEqual(after);
    const otherFile = await note([{ name: 'once.txt', bytes: 'another file\n' }], { body: 'Once' }, acmeTicket, { 'idempotency-key': 'attach-once-1' });
    expect(otherFile.statusCode).toBe(422);
    expect(await footprint()).toEqual(after);
  });

  it('keeps a safe name and sends it back with RFC 5987 filename*', async () => {
    const res = await note([{ name: '../../etc/Résumé <final>\u202Efdp.exe.txt', bytes: 'cv\n' }]);
    expect(res.statusCode, res.body).toBe(201);
    const [file] = lastNote(res.json()).attachments;
    expect(file!.name).toBe('Résumé _final_fdp.exe.txt');
    const download = await agent.get(`/api/v2/tickets/${acmeTicket}/attachments/${file!.id}`);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="R_sum_ _final_fdp.exe.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20_final_fdp.exe.txt`);
  });

  it('refuses a multipart body on an endpoint that takes no files (415)', async () => {
    const m = multipart({ minutes: 5 }, [{ name: 'a.txt', bytes: 'a' }]);
    const res = await agent.post(`/api/v2/tickets/${acmeTicket}/time`, m.body, { headers: m.headers });
    expect(res.statusCode).toBe(415);
  });

  describe('client users', () => {
    it("attach files to a reply, which staff and the company's other client users can download", async () => {
      const m = multipart({ body: 'Here is the error screen' }, [{ name: 'error.png', bytes: await png(), type: 'image/png' }]);
      const res = await acme.post(`/api/v2/client/tickets/${acmeTicket}/replies`, m.body, { headers: m.headers });
      expect(res.statusCode, res.body).toBe(201);
      const detail = (await acme.get(`/api/v2/client/tickets/${acmeTicket}`)).json() as ClientTicketDetail;
      const reply = detail.notes.find((n) => n.id === res.json().id)!;
      expect(reply.attachments).toEqual([expect.objectContaining({ name: 'error.png', mime_type: 'image/png', image: true })]);
      const id = reply.attachments[0]!.id;
      expect((await acme.get(`/api/v2/client/tickets/${acmeTicket}/attachments/${id}`)).statusCode).toBe(200);
      expect((await agent.get(`/api/v2/tickets/${acmeTicket}/attachments/${id}`)).statusCode).toBe(200);
    });

    it("see a public note's file, never an internal note's (404), and another company's file is 404", async () => {
      const pub = (await note([{ name: 'public.txt', bytes: 'for you\n' }], { body: 'Fixed, see the log', internal: false })).json() as TicketView;
      const internal = (await note([{ name: 'internal.txt', bytes: 'for us\n' }], { body: 'Root cause', internal: true })).json() as TicketView;
      const publicFile = lastNote(pub).attachments[0]!.id;
      const internalFile = lastNote(internal).attachments[0]!.id;
      const detail = (await acme.get(`/api/v2/client/tickets/${acmeTicket}`)).json() as ClientTicketDetail;
      const listed = detail.notes.flatMap((n) => n.attachments.map((a) => a.id));
      expect(listed).toContain(publicFile);
      expect(listed).not.toContain(internalFile);
      const got = await acme.get(`/api/v2/client/tickets/${acmeTicket}/attachments/${publicFile}`);
      expect(got.statusCode).toBe(200);
      expect(got.body).toBe('for you\n');
      expect((await acme.get(`/api/v2/client/tickets/${acmeTicket}/attachments/${internalFile}`)).statusCode).toBe(404);
      // Globex: not through Acme's ticket, not through its own.
      expect((await globex.get(`/api/v2/client/tickets/${acmeTicket}/attachments/${publicFile}`)).statusCode).toBe(404);
      expect((await globex.get(`/api/v2/client/tickets/${globexTicket}/attachments/${publicFile}`)).statusCode).toBe(404);
    });
  });
});
