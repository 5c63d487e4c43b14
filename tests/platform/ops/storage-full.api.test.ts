/**
 * The disk under DATA_DIR full. The upload store is made to fail as a full disk does: its rename
 * into place raises the kernel's own ENOSPC (a write to /dev/full). A note with a file then
 * answers 503 with Retry-After naming "Storage full" (not a 500), writes nothing, and leaves no
 * file behind; /readyz stays ready (reads go on) with the administrator's warning, the metrics say
 * so, and reads keep working. Once space returns the same note is saved, and the warning ends when
 * the notice window has passed without another such failure.
 */
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_FULL_MESSAGE, STORAGE_FULL_NOTICE_MS, isStorageFull } from '@server/platform/ops/storage';
import { apiAs, type Api } from '@tests/support/api';
import { multipart } from '@tests/support/multipart';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const TOKEN = 'metrics-token-for-storage-tests-0123456789';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The error a write to a full disk raises, from the kernel itself. */
async function noSpaceError(): Promise<Error> {
  return writeFile('/dev/full', 'x').then(
    () => new Error('/dev/full accepted a write'),
    (error: Error) => error,
  );
}

describe.each(BACKENDS)('the disk full on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let clock = Date.now();
  beforeAll(async () => {
    t = await startTestApp(backend, { env: { METRICS_TOKEN: TOKEN } });
    t.ctx.now = () => new Date(clock);
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
  });
  afterAll(() => t?.close());

  const note = (body: string) => {
    const m = multipart({ body, internal: false }, [{ name: 'report.pdf', bytes: PDF, type: 'application/pdf' }]);
    return agent.post('/api/v2/tickets/1/notes', m.body, { headers: m.headers });
  };
  const ready = async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).json() as { status: string; warning?: string };
  const metric = async (name: string) => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
  };

  it('answers a write 503 "Storage full" with Retry-After, writes nothing, warns the administrator, keeps reads working, and recovers', async () => {
    const enospc = await noSpaceError();
    expect((enospc as { code?: string }).code).toBe('ENOSPC');
    expect(isStorageFull(enospc)).toBe(true);
    expect(isStorageFull(Object.assign(new Error('could not extend file'), { code: '53100' }))).toBe(true);
    expect(await ready()).toEqual({ status: 'ready' });
    expect(await metric('storage_full')).toBe(0);

    const store = t.app.uploadStore;
    const place = store.place.bind(store);
    store.place = async () => {
      throw await noSpaceError();
    };
    const notesBefore = await sql.count('ticket_notes');
    const attachmentsBefore = await sql.count('ticket_attachments');
    try {
      const res = await note('Written while the disk is full');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('60');
      expect(res.json()).toEqual({ error: { code: 'unavailable', message: STORAGE_FULL_MESSAGE } });
      expect(STORAGE_FULL_MESSAGE).toMatch(/^Storage full/);
      expect(await sql.count('ticket_notes')).toBe(notesBefore);
      expect(await sql.count('ticket_attachments')).toBe(attachmentsBefore);

      const state = await ready();
      expect(state.status).toBe('ready');
      expect(state.warning).toMatch(/^Storage full: .*no space left on device/i);
      expect(await metric('storage_full')).toBe(1);
      expect(await metric('storage_full_errors')).toBe(1);
      // Reads go on.
      expect((await agent.get('/api/v2/tickets/1')).statusCode).toBe(200);
    } finally {
      store.place = place;
    }

    // Space is back: the same note is saved with its file.
    const saved = await note('Written once space is back');
    expect(saved.statusCode).toBe(201);
    expect(await sql.count('ticket_attachments')).toBe(attachmentsBefore + 1);
    // The warning lasts the notice window after the last failure, then ends.
    clock += STORAGE_FULL_NOTICE_MS + 1_000;
    expect(await ready()).toEqual({ status: 'ready' });
    expect(await metric('storage_full')).toBe(0);
    expect(await metric('storage_full_errors')).toBe(1);
  });
});
