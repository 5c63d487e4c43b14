import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiAs, type Api } from '@tests/support/api';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

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

  it('is read in at most five statements: header, thread, time with its totals, surveys, files', async () => {
    const pool = t.ctx.database.pool;
    await agent.get(`/api/v2/tickets/${ticketId}`); // the session's use is recorded at most once a second
    const query = vi.spyOn(pool, 'query');
    try {
      const res = await agent.get(`/api/v2/tickets/${ticketId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().thread.length).toBeGreaterThan(0);
      expect(res.json().time.entries.length).toBeGreaterThan(0);
      // One more for the session check.
      expect(query.mock.calls.length).toBeLessThanOrEqual(6);
    } finally {
      query.mockRestore();
    }
  });
});
