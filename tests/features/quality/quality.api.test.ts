import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_EVIDENCE_MESSAGE, QA_CASE_MESSAGES, type QaCases, type QaFigures, type QaItemView, type QaTestCase } from '@contracts/quality';
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
    // Test cases in each product area the demo items test, and runs that carry case results.
    const areas = await sql.rows<{ area: string }>('SELECT DISTINCT product_area AS area FROM qa_items WHERE product_area IS NOT NULL');
    const cases = (await agent.get('/api/v2/quality/cases')).json() as QaCases;
    for (const { area } of areas) expect(cases.cases.some((c) => c.product_area === area && c.active)).toBe(true);
    const results = await sql.rows<{ run: string; step: string }>(
      'SELECT DISTINCT r.result AS run, s.result AS step FROM qa_run_steps s JOIN qa_runs r ON r.id = s.run_id WHERE s.result IS NOT NULL ORDER BY 1, 2',
    );
    expect(results).toEqual(expect.arrayContaining([{ run: 'fail', step: 'fail' }, { run: 'pass', step: 'pass' }]));
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

  // --- Test cases and the cases of a run ---------------------------------------------------------------

  const AREA = 'Meter reads (test)';
  const newCase = async (title: string, area = AREA) => {
    const res = await agent.post('/api/v2/quality/cases', { productArea: area, title, steps: '1. Open a bill\n2. Look at the usage', expectedResult: 'The usage shows an E' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as QaTestCase;
  };
  const areaItem = async (area: string) => Number((await sql.one(`INSERT INTO qa_items (scr_id, title, priority, product_area) VALUES ($1, 'Estimated reads', 'high', $2) RETURNING id`, [scrs[0], area])).id);
  const view = async (id: number) => (await agent.get(`/api/v2/quality/items/${id}`)).json() as QaItemView;
  const take = async (id: number) => (await agent.post(`/api/v2/quality/items/${id}/take`, { version: (await view(id)).version })).json() as QaItemView;

  it('writes, edits and retires test cases per product area, naming bad fields in plain words and refusing a stale edit', async () => {
    const bad = await agent.post('/api/v2/quality/cases', { productArea: ' ', title: '', steps: 'x'.repeat(20_001) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ productArea: QA_CASE_MESSAGES.area, title: QA_CASE_MESSAGES.title, steps: 'Steps must be at most 20000 characters', expectedResult: QA_CASE_MESSAGES.expected });
    expect(await sql.count('qa_test_cases WHERE product_area = $1', [AREA])).toBe(0);

    const created = await newCase('Estimated read shows an E');
    expect(created).toMatchObject({ product_area: AREA, title: 'Estimated read shows an E', expected_result: 'The usage shows an E', active: true, version: 1 });
    const edit = { productArea: AREA, title: 'Estimated read shows an E beside the usage', steps: created.steps, expectedResult: created.expected_result };
    const edited = await agent.patch(`/api/v2/quality/cases/${created.id}`, { ...edit, version: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: edit.title, version: 2 });
    const stale = await agent.patch(`/api/v2/quality/cases/${created.id}`, { ...edit, title: 'Lost edit', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(QA_CASE_MESSAGES.caseStale);

    const listed = (await agent.get(`/api/v2/quality/cases?area=${encodeURIComponent(AREA)}`)).json() as QaCases;
    expect(listed.cases.map((c) => c.title)).toEqual([edit.title]);
    expect(listed.areas).toContain(AREA);

    const retired = await agent.post(`/api/v2/quality/cases/${created.id}/retire`, { version: 2 });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json()).toMatchObject({ active: false, version: 3 });
    expect((await agent.post(`/api/v2/quality/cases/${created.id}/retire`, { version: 3 })).statusCode).toBe(409);
    expect((await agent.patch(`/api/v2/quality/cases/${created.id}`, { ...edit, version: 3 })).statusCode).toBe(409);
    // Retired cases stay listed (after the active ones) unless left out.
    expect(((await agent.get(`/api/v2/quality/cases?area=${encodeURIComponent(AREA)}`)).json() as QaCases).cases.map((c) => c.active)).toEqual([false]);
    expect(((await agent.get(`/api/v2/quality/cases?area=${encodeURIComponent(AREA)}&retired=false`)).json() as QaCases).cases).toEqual([]);
    // A client reaches none of it.
    const client = await apiAs(t, 'acme');
    expect((await client.get('/api/v2/quality/cases')).statusCode).toBe(401);
    expect((await client.post(`/api/v2/quality/cases/${created.id}/retire`, { version: 3 })).statusCode).toBe(401);
  });

  it('gives a run the active cases of its product area; the tester adds and removes cases and records each, by whom and when', async () => {
    const area = 'Bill print (test)';
    const [first, second, retired] = [await newCase('Usage line', area), await newCase('Amount due', area), await newCase('Old layout', area)];
    await agent.post(`/api/v2/quality/cases/${retired!.id}/retire`, { version: 1 });
    const other = await newCase('Portal copy of the bill', 'Portal (test)');
    const id = await areaItem(area);

    // Not under test yet: nothing to add to.
    expect((await agent.post(`/api/v2/quality/items/${id}/cases`, { caseId: other.id, version: (await view(id)).version })).statusCode).toBe(409);
    let item = await take(id);
    expect(item.product_area).toBe(area);
    expect(item.runs.at(-1)!.cases.map((c) => [c.title, c.result])).toEqual([['Usage line', null], ['Amount due', null]]);

    const add = await agent.post(`/api/v2/quality/items/${id}/cases`, { caseId: other.id, version: item.version });
    expect(add.statusCode, add.body).toBe(200);
    item = add.json() as QaItemView;
    expect(item.runs.at(-1)!.cases.map((c) => c.title)).toEqual(['Usage line', 'Amount due', 'Portal copy of the bill']);
    const retiredAdd = await agent.post(`/api/v2/quality/items/${id}/cases`, { caseId: retired!.id, version: item.version });
    expect(retiredAdd.statusCode).toBe(400);
    expect(retiredAdd.json().error.fields).toEqual({ caseId: QA_CASE_MESSAGES.retired });
    expect((await agent.post(`/api/v2/quality/items/${id}/cases`, { caseId: other.id, version: item.version })).statusCode).toBe(409);

    const removed = await agent.post(`/api/v2/quality/items/${id}/cases/${other.id}/remove`, { version: item.version });
    expect(removed.statusCode, removed.body).toBe(200);
    item = removed.json() as QaItemView;
    expect(item.runs.at(-1)!.cases.map((c) => c.case_id)).toEqual([first!.id, second!.id]);

    const noNote = await agent.post(`/api/v2/quality/items/${id}/cases/${first!.id}/result`, { result: 'fail', version: item.version });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.fields).toEqual({ note: QA_CASE_MESSAGES.caseNote });
    t.ctx.now = () => new Date(WEDNESDAY);
    const recorded = await agent.post(`/api/v2/quality/items/${id}/cases/${first!.id}/result`, { result: 'fail', note: 'Usage shows 0 gal.', version: item.version });
    expect(recorded.statusCode, recorded.body).toBe(200);
    item = recorded.json() as QaItemView;
    expect(item.runs.at(-1)!.cases[0]).toMatchObject({ result: 'fail', note: 'Usage shows 0 gal.', recorded_by: 'Avery Agent', recorded_at: '2026-03-04T12:00:00Z' });
    // A case with a result stays in the run.
    expect((await agent.post(`/api/v2/quality/items/${id}/cases/${first!.id}/remove`, { version: item.version })).statusCode).toBe(409);

    // An edit after the run leaves what the run says it tested.
    await agent.patch(`/api/v2/quality/cases/${first!.id}`, { productArea: area, title: 'Usage line, renamed', steps: 'S', expectedResult: 'E', version: 1 });
    const fail = await agent.post(`/api/v2/quality/items/${id}/result`, { result: 'fail', notes: 'Usage line is wrong.', version: item.version });
    expect(fail.statusCode, fail.body).toBe(200);
    const history = (fail.json() as QaItemView).runs.at(-1)!;
    expect(history.cases.map((c) => [c.title, c.result])).toEqual([['Usage line', 'fail'], ['Amount due', null]]);
  });

  it('passes a run only when every case passed or was skipped, naming the case that stops it', async () => {
    const area = 'Payments (test)';
    const [a, b] = [await newCase('Card payment', area), await newCase('Bank draft', area)];
    const id = await areaItem(area);
    let item = await take(id);
    const pass = async () => agent.post(`/api/v2/quality/items/${id}/result`, { result: 'pass', version: item.version });
    const record = async (caseId: number, body: object) => {
      const res = await agent.post(`/api/v2/quality/items/${id}/cases/${caseId}/result`, { ...body, version: item.version });
      expect(res.statusCode, res.body).toBe(200);
      item = res.json() as QaItemView;
    };

    let refused = await pass();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ result: '“Card payment” has no result yet: record every case before a pass' });
    await record(a!.id, { result: 'pass' });
    await record(b!.id, { result: 'blocked', note: 'The bank sandbox is down.' });
    refused = await pass();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ result: '“Bank draft” is blocked: a run with a failed or blocked case cannot pass' });
    expect((await view(id)).status).toBe('testing');

    await record(b!.id, { result: 'skipped' });
    const passed = await pass();
    expect(passed.statusCode, passed.body).toBe(200);
    expect((passed.json() as QaItemView).runs.at(-1)).toMatchObject({ result: 'pass' });
  });

  it('answers a stale write to a run with 409 and writes nothing', async () => {
    const area = 'Letters (test)';
    const c = await newCase('True-up letter', area);
    const id = await areaItem(area);
    const read = await take(id);
    // Someone else records the case first.
    const first = await agent.post(`/api/v2/quality/items/${id}/cases/${c.id}/result`, { result: 'pass', version: read.version });
    expect(first.statusCode).toBe(200);
    const stale = await agent.post(`/api/v2/quality/items/${id}/cases/${c.id}/result`, { result: 'fail', note: 'Lost', version: read.version });
    expect(stale.statusCode).toBe(409);
    expect((await agent.post(`/api/v2/quality/items/${id}/result`, { result: 'pass', version: read.version })).statusCode).toBe(409);
    const now = await view(id);
    expect(now.runs.at(-1)!.cases.map((x) => x.result)).toEqual(['pass']);
    expect(now.status).toBe('testing');
    expect((await agent.post(`/api/v2/quality/items/${id}/cases/999999/result`, { result: 'pass', version: now.version })).statusCode).toBe(404);
  });

  it('refuses a number of weeks out of range, naming it', async () => {
    const res = await agent.get('/api/v2/quality/figures?weeks=53');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('weeks must be at most 52');
  });
});
