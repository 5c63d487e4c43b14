import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiAs, type Api } from '@tests/support/api';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';
import { ticketFiles } from '@server/features/tickets/attachments.repo';

describe.each(BACKENDS)('the staff ticket view on %s', (backend) => {
  let t: TestApp;
  let agent: Api<string>;
  let ticketId: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    agent = await apiAs(t, 'agent');
    // A ticket with notes, files (its own and a note's) and time entries, so each part is read.
    const { rows } = await t.ctx.database.pool.query<{ id: number }>(
      `SELECT t.id FROM tickets t
        WHERE EXISTS (SELECT 1 FROM ticket_notes n WHERE n.ticket_id = t.id)
          AND EXISTS (SELECT 1 FROM time_entries e WHERE e.ticket_id = t.id)
        ORDER BY t.id LIMIT 1`,
    );
    ticketId = rows[0]!.id;
  });
  afterAll(() => t?.close());

  /** A file row of the ticket `id` (its own when `noteId` is null), as an upload writes it. */
  const addFile = async (id: number, noteId: number | null, name: string, image: boolean) => {
    const key = `k${Math.random().toString(36).slice(2, 14)}`;
    await t.ctx.database.pool.query(
      `INSERT INTO ticket_attachments (ticket_id, note_id, storage_key, thumbnail_key, original_name, mime_type, size_bytes, sha256)
       VALUES ($1, $2, $3, $4, $5, $6, 1234, repeat('a', 64))`,
      [id, noteId, key, image ? `${key}-t` : null, name, image ? 'image/png' : 'application/pdf'],
    );
  };

  it('answers each part as reading it alone does: notes oldest first to the millisecond, time newest first, files by note, the survey newest answer first', async () => {
    const pool = t.ctx.database.pool;
    const { rows: surveyed } = await pool.query<{ id: number }>(
      `SELECT k.ticket_id AS id FROM survey_keys k JOIN survey_responses r ON r.survey_key_id = k.id
        WHERE k.type = 'TCS' AND k.ticket_id IS NOT NULL GROUP BY k.ticket_id ORDER BY count(*) DESC, k.ticket_id LIMIT 1`,
    );
    const { rows: notes } = await pool.query<{ id: string }>('SELECT id FROM ticket_notes WHERE ticket_id = $1 ORDER BY id LIMIT 2', [ticketId]);
    await addFile(ticketId, null, 'own.pdf', false);
    await addFile(ticketId, Number(notes[0]!.id), 'first.png', true);
    await addFile(ticketId, Number(notes.at(-1)!.id), 'last.pdf', false);
    for (const id of [ticketId, surveyed[0]!.id]) {
      const view = (await agent.get(`/api/v2/tickets/${id}`)).json();
      const { rows: thread } = await pool.query<{ id: number; created_at: Date }>('SELECT id::int AS id, created_at FROM ticket_notes WHERE ticket_id = $1 ORDER BY created_at, id', [id]);
      expect(view.thread.map((n: { id: number; created_at: string }) => [n.id, n.created_at])).toEqual(thread.map((n) => [n.id, n.created_at.toISOString()]));
      const { rows: time } = await pool.query<{ id: number; work_date: string; created_at: Date; minutes: number; billable: boolean }>(
        `SELECT id::int AS id, to_char(work_date, 'YYYY-MM-DD') AS work_date, created_at, minutes, billable FROM time_entries WHERE ticket_id = $1 ORDER BY work_date DESC, id DESC`,
        [id],
      );
      expect(view.time.entries.map((e: { id: number; work_date: string; created_at: string }) => [e.id, e.work_date, e.created_at])).toEqual(
        time.map((e) => [e.id, e.work_date, e.created_at.toISOString()]),
      );
      expect(view.time.total_minutes).toBe(time.reduce((sum, e) => sum + e.minutes, 0));
      expect(view.time.billable_minutes).toBe(time.reduce((sum, e) => sum + (e.billable ? e.minutes : 0), 0));
      const files = await ticketFiles(pool, id, false);
      expect(view.attachments).toEqual(files.own);
      expect(Object.fromEntries(view.thread.filter((n: { attachments: unknown[] }) => n.attachments.length).map((n: { id: number; attachments: unknown[] }) => [n.id, n.attachments]))).toEqual(
        Object.fromEntries(files.byNote),
      );
      const { rows: answers } = await pool.query<{ id: number; sent_at: Date }>(
        `SELECT r.id::int AS id, k.created_at AS sent_at FROM survey_keys k JOIN survey_responses r ON r.survey_key_id = k.id
          WHERE k.ticket_id = $1 AND k.type = 'TCS' ORDER BY r.received_at DESC, r.id DESC`,
        [id],
      );
      expect(view.surveys.responses.map((r: { id: number; counts: boolean }) => [r.id, r.counts])).toEqual(answers.map((r, i) => [r.id, i === 0]));
      if (answers[0]) expect(view.surveys.sent_at).toBe(answers[0].sent_at.toISOString().replace(/\.\d{3}Z$/, 'Z'));
    }
    const withFiles = (await agent.get(`/api/v2/tickets/${ticketId}`)).json();
    expect(withFiles.attachments.map((a: { name: string }) => a.name)).toEqual(['own.pdf']);
    expect(withFiles.thread.flatMap((n: { attachments: { name: string; image: boolean }[] }) => n.attachments.map((a) => [a.name, a.image]))).toEqual([
      ['first.png', true],
      ['last.pdf', false],
    ]);
    const surveyedView = (await agent.get(`/api/v2/tickets/${surveyed[0]!.id}`)).json();
    expect(surveyedView.surveys.responses.length).toBeGreaterThan(0);
  });

  it('is read in one statement: header, thread, time with its totals, files and survey (docs/adr/0266)', async () => {
    const pool = t.ctx.database.pool;
    await agent.get(`/api/v2/tickets/${ticketId}`); // the session's use is recorded at most once a second
    const query = vi.spyOn(pool, 'query');
    try {
      const res = await agent.get(`/api/v2/tickets/${ticketId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().thread.length).toBeGreaterThan(0);
      expect(res.json().time.entries.length).toBeGreaterThan(0);
      // One more for the session check.
      expect(query.mock.calls.length).toBe(2);
    } finally {
      query.mockRestore();
    }
  });
});
