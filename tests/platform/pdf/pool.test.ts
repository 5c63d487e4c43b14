/**
 * The render workers (server/platform/pdf/pool.ts, docs/adr/0101): documents are drawn on worker
 * threads, the same bytes as on this thread; a full queue answers 503 with Retry-After; a worker
 * that dies or runs too long fails its job with a clear error and another takes the waiting work.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { threadId } from 'node:worker_threads';
import { chartSpec } from '@contracts/charts';
import { quotePdfDefinition } from '@server/features/quotes/pdf';
import { sampleQuote } from '@server/features/quotes/sample';
import { renderChartSvg } from '@server/platform/charts/render-svg';
import { ApiError } from '@server/platform/http/errors';
import { renderPdf, RenderPool } from '@server/platform/pdf';
import { renderPdfHere } from '@server/platform/pdf/engine';
import { apiAs } from '@tests/support/api';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

/** The 300-line quote of the finding: over a second of work for pdfmake. */
const longQuote = () => quotePdfDefinition(sampleQuote('hardware', 300));
const shortQuote = () => quotePdfDefinition(sampleQuote('support', 5));
const spec = chartSpec({ kind: 'bar', title: 'Hours', summary: 'Acme took most.', unit: 'hours', categories: ['Acme', 'Globex'], series: [{ name: 'Hours', values: [12, 4] }] });

const SETTINGS = { workers: 1, queueMax: 8, timeoutMs: 60_000 };
const pools: RenderPool[] = [];
const pool = (settings: Partial<typeof SETTINGS> = {}) => {
  const made = new RenderPool({ ...SETTINGS, ...settings });
  pools.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('the render workers', () => {
  it('draw a PDF on a worker thread while this thread keeps answering its timers', async () => {
    let settled = false;
    let ticksWhileDrawing = 0;
    const timer = setInterval(() => {
      if (!settled) ticksWhileDrawing++;
    }, 1);
    try {
      const started = new RenderPool(SETTINGS);
      pools.push(started);
      const drawn = await started.run({ kind: 'pdf', definition: longQuote() }).finally(() => (settled = true));
      expect(drawn.threadId).not.toBe(threadId);
      expect((drawn.result as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      clearInterval(timer);
    }
    // On this thread pdfmake would hold the loop for the whole document: no timer could run.
    expect(ticksWhileDrawing).toBeGreaterThan(10);
  });

  it('renderPdf, the service every feature calls, draws off this thread too', async () => {
    let settled = false;
    let ticksWhileDrawing = 0;
    const timer = setInterval(() => {
      if (!settled) ticksWhileDrawing++;
    }, 1);
    const pdf = await renderPdf(longQuote()).finally(() => {
      settled = true;
      clearInterval(timer);
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(ticksWhileDrawing).toBeGreaterThan(10);
  });

  it('give the same bytes and the same SVG as drawing on this thread', async () => {
    const workers = pool();
    expect((await workers.pdf(longQuote())).equals(await renderPdfHere(longQuote()))).toBe(true);
    expect(await workers.chartSvg(spec, { width: 400, height: 200 })).toBe(renderChartSvg(spec, { width: 400, height: 200 }));
  });

  it('refuse a job past the queue bound at once with 503 and Retry-After, and take jobs again once there is room', async () => {
    const workers = pool({ queueMax: 1 });
    const running = workers.pdf(shortQuote());
    const waiting = workers.pdf(shortQuote());
    const refused = await workers.pdf(shortQuote()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, code: 'unavailable', headers: { 'retry-after': '5' } });
    expect((refused as ApiError).message).toBe('The document service is busy; try again in 5 seconds');
    expect(workers.load).toEqual({ waiting: 1, workers: 1, busy: 1 });
    await Promise.all([running, waiting]);
    expect((await workers.pdf(shortQuote())).subarray(0, 5).toString()).toBe('%PDF-');
    expect(workers.counts).toMatchObject({ done: 3, refused: 1 });
  });

  it('fail the job of a worker that dies with an error saying so, and start another for the waiting jobs', async () => {
    const workers = pool();
    await workers.pdf(shortQuote());
    const dying = workers.pdf(longQuote()).catch((e: unknown) => e);
    const waiting = workers.pdf(shortQuote());
    await workers.workers()[0]!.terminate();
    const error = await dying;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('The render worker stopped while drawing the document: it exited with code 1');
    expect((await waiting).subarray(0, 5).toString()).toBe('%PDF-');
    expect(workers.counts).toMatchObject({ workersStarted: 2, workersLost: 1, failed: 1 });
  });

  it('end a worker whose job runs past the timeout, answer 503, and draw the next job on a new worker', async () => {
    const workers = pool({ timeoutMs: 200 });
    const late = await workers.pdf(longQuote()).catch((e: unknown) => e);
    expect(late).toMatchObject({ status: 503, code: 'unavailable', message: 'The document took too long to draw; try again later' });
    workers.configure(SETTINGS);
    expect((await workers.pdf(shortQuote())).subarray(0, 5).toString()).toBe('%PDF-');
    expect(workers.counts).toMatchObject({ workersStarted: 2, workersLost: 1 });
  });

  it('refuse a definition that is not plain data with a clear error, and go on', async () => {
    const workers = pool();
    const withFunction = { content: [{ text: 'x', onDraw: () => 1 }] } as unknown as Parameters<RenderPool['pdf']>[0];
    await expect(workers.pdf(withFunction)).rejects.toThrow(/^A document definition must be plain data to be rendered/);
    expect((await workers.pdf(shortQuote())).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('pass on a job that fails inside the worker as its error, and the worker goes on', async () => {
    const workers = pool();
    await expect(workers.pdf({ content: [{ image: 'https://example.com/logo.png' }] })).rejects.toThrow(/policy|not allowed|access/i);
    expect((await workers.pdf(shortQuote())).subarray(0, 5).toString()).toBe('%PDF-');
    expect(workers.counts).toMatchObject({ workersStarted: 1, failed: 1 });
  });

  it('on close, end the workers and fail running and waiting jobs with 503; a later job starts them again', async () => {
    const workers = pool();
    const running = workers.pdf(longQuote()).catch((e: unknown) => e);
    const waiting = workers.pdf(shortQuote()).catch((e: unknown) => e);
    await workers.close();
    for (const failed of [await running, await waiting]) {
      expect(failed).toMatchObject({ status: 503, message: 'The document service is restarting; try again in a few seconds' });
    }
    expect(workers.load).toEqual({ waiting: 0, workers: 0, busy: 0 });
    expect((await workers.pdf(shortQuote())).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe.each(BACKENDS)('PDF downloads beyond the render queue on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { env: { RENDER_WORKERS: '1', RENDER_QUEUE_MAX: '1' } });
  });
  afterAll(() => t?.close());

  it('answer 503 with Retry-After while the others are drawn', async () => {
    const agent = await apiAs(t, 'agent');
    const download = () => agent.get('/api/v2/quotes/sample-pdf?type=paper');
    const answers = await Promise.all([download(), download(), download(), download()]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 503, 503]);
    for (const refused of answers.filter((a) => a.statusCode === 503)) {
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toEqual({ error: { code: 'unavailable', message: 'The document service is busy; try again in 5 seconds' } });
    }
    for (const ok of answers.filter((a) => a.statusCode === 200)) expect(ok.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
