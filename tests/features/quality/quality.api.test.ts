import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_EVIDENCE_MESSAGE, type QaFigures, type QaItemView } from '@contracts/quality';
import { apiAs, type Api } from '@tests/support/api';
import { multipart } from '@tests/support/multipart';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const HOUR = 3_600_000;
/** A Wednesday noon (UTC), so the week of the runs starts on Monday 2026-03-02. */
const WEDNESDAY = Date.parse('2026-03-04T12:00:00Z');

describe.each(BACKENDS)('the QA queue on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let scrs: number[];
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
    scrs = (await sql.rows<{ id: number }>('SELECT id FROM software_change_requests ORDER BY id LIMIT 2')).map((r) => r.id);
  });
  afterAll(() => t?.close());

  /** An item of the SCR entering QA at `at`. */
  const item = async (scr: number, at: number) =>
    Number((await sql.one(`INSERT INTO qa_items (scr_id, title, priority, created_at) VALUES ($1, 'Late fee line', 'high', $2) RETURNING id`, [scr, new Date(at)])).id);
  const run = async (id: number, result: 'pass' | 'fail' | 'blocked', at: number) => {
    t.ctx.now = () => new Date(at);
    let view = (await agent.get(`/api/v2/quality/items/${id}`)).json() as QaItemView;
    const took = await agent.post(`/api/v2/quality/items/${id}/take`, { version: view.version });
    expect(took.statusCode, took.body).toBe(200);
    view = took.json() as QaItemView;
    const res = await agent.post(`/api/v2/quality/items/${id}/result`, { result, version: view.version, ...(result === 'pass' ? {} : { notes: 'The fee shows twice.' }) });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('has demo data: change requests in every stage, and QA runs that passed and failed', async () => {
    const stages = await sql.rows<{ status: string }>('SELECT DISTINCT status FROM software_change_requests ORDER BY status');
    expect(stages.map((s) => s.status)).toEqual(['approved', 'in_development', 'in_qa', 'rejected', 'released', 'submitted', 'under_review']);
    const f = (await agent.get('/api/v2/quality/figures')).json() as QaFigures;
    expect(f.byWeek.reduce((n, w) => n + w.passed, 0)).toBeGreaterThan(0);
    expect(f.byWeek.reduce((n, w) => n + w.failed, 0)).toBeGreaterThan(0);
    expect(f.waiting).toBeGreaterThan(0);
    expect((await agent.get('/api/v2/quality/items')).json().items.length).toBeGreaterThan(0);
  });

  it('answers the pass rate, items waiting, hours in QA, failures per SCR and the results by week', async () => {
    // Figures of this test's own items only.
    await sql.rows('DELETE FROM qa_run_steps');
    await sql.rows('DELETE FROM qa_runs');
    await sql.rows('DELETE FROM qa_items');
    t.ctx.now = () => new Date(WEDNESDAY);
    const empty = (await agent.get('/api/v2/quality/figures?weeks=2')).json() as QaFigures;
    expect(empty).toEqual({
      weeks: 2,
      passRate: null,
      waiting: 0,
      hoursInQa: null,
      failuresPerScr: null,
      byWeek: [
        { week: '2026-02-23', passed: 0, failed: 0, blocked: 0 },
        { week: '2026-03-02', passed: 0, failed: 0, blocked: 0 },
      ],
    });

    // SCR one fails last week (in QA 4 hours), then passes this week (6 hours); SCR two fails once more and is blocked.
    await run(await item(scrs[0]!, WEDNESDAY - 7 * 24 * HOUR - 4 * HOUR), 'fail', WEDNESDAY - 7 * 24 * HOUR);
    await run(await item(scrs[0]!, WEDNESDAY - 6 * HOUR), 'pass', WEDNESDAY);
    await run(await item(scrs[1]!, WEDNESDAY - 2 * HOUR), 'fail', WEDNESDAY);
    await run(await item(scrs[1]!, WEDNESDAY - HOUR), 'blocked', WEDNESDAY);
    await item(scrs[1]!, WEDNESDAY);
    // A run older than the figures' weeks counts nowhere.
    await run(await item(scrs[1]!, WEDNESDAY - 30 * 24 * HOUR), 'pass', WEDNESDAY - 29 * 24 * HOUR);

    t.ctx.now = () => new Date(WEDNESDAY + HOUR);
    const f = (await agent.get('/api/v2/quality/figures?weeks=2')).json() as QaFigures;
    expect(f).toEqual({
      weeks: 2,
      passRate: 25,
      waiting: 1,
      // (4 + 6 + 2) / 3 items with a pass or fail result in the weeks (a blocked one has none yet).
      hoursInQa: 4,
      failuresPerScr: 1,
      byWeek: [
        { week: '2026-02-23', passed: 0, failed: 1, blocked: 0 },
        { week: '2026-03-02', passed: 1, failed: 1, blocked: 1 },
      ],
    });
    expect(((await agent.get('/api/v2/quality/figures')).json() as QaFigures).byWeek).toHaveLength(8);
  });

  it('keeps evidence with the run under way, through the one upload path: bytes-checked types, images with a thumbnail, nothing kept of a refused upload', async () => {
    const id = await item(scrs[0]!, Date.now());
    const send = (files: { name: string; bytes: Buffer | string }[], to = id) => {
      const { body, headers } = multipart({}, files);
      return agent.post(`/api/v2/quality/items/${to}/evidence`, body, { headers });
    };
    const none = await send([]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ files: NO_EVIDENCE_MESSAGE });
    expect((await send([{ name: 'screen.png', bytes: 'MZ this is no image' }])).statusCode).toBe(415);
    expect(await sql.count('qa_evidence WHERE qa_item_id = $1', [id])).toBe(0);
    expect((await send([{ name: 'log.txt', bytes: 'x' }], 999999)).statusCode).toBe(404);

    let view = (await agent.get(`/api/v2/quality/items/${id}`)).json() as QaItemView;
    view = (await agent.post(`/api/v2/quality/items/${id}/take`, { version: view.version })).json() as QaItemView;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 20, b: 20 } } }).png().toBuffer();
    const res = await send([{ name: 'second-page.png', bytes: png }]);
    expect(res.statusCode, res.body).toBe(201);
    const [shot] = res.json().evidence as { id: number; name: string; image: boolean }[];
    expect(shot).toMatchObject({ name: 'second-page.png', image: true });
    const stored = await sql.one<{ run: number }>('SELECT qa_run_id AS run FROM qa_evidence WHERE id = $1', [shot!.id]);
    expect(stored.run).toBe(view.runs.at(-1)!.id);
    expect(((await agent.get(`/api/v2/quality/items/${id}`)).json() as QaItemView).evidence.map((e) => e.name)).toEqual(['second-page.png']);
    const thumb = await agent.get(`/api/v2/quality/items/${id}/evidence/${shot!.id}?variant=thumbnail`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toMatch(/^image\//);
    // Evidence is reached only through its own item.
    const other = await item(scrs[1]!, Date.now());
    expect((await agent.get(`/api/v2/quality/items/${other}/evidence/${shot!.id}`)).statusCode).toBe(404);
  });

  it('refuses a number of weeks out of range, naming it', async () => {
    const res = await agent.get('/api/v2/quality/figures?weeks=53');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('weeks must be at most 52');
  });
});
