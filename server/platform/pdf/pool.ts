/**
 * The render workers (docs/adr/0101): PDFs (pdfmake) and server-side charts (ECharts' SVG
 * renderer) are drawn on worker threads, so that a long document never holds up the HTTP thread.
 *
 * - One pool per process, started on first use: `settings.workers` threads at most (default one
 *   per core but one), each drawing one job at a time; plain data in (a document definition, a
 *   chart spec), bytes or SVG text out.
 * - Jobs beyond the busy workers wait in a queue of `settings.queueMax`; past it a job is refused
 *   at once with 503 and Retry-After, so a flood of downloads costs memory for no more than that.
 * - A worker that dies (a crash, or a job over `settings.timeoutMs`, which ends it) fails its job
 *   with an error saying so, and a new worker takes the jobs that wait; one that cannot even start
 *   fails every waiting job instead of being started again and again.
 * - `close()` ends the workers (server.ts on shutdown, after the last request); jobs still running
 *   or waiting fail. A later job starts them again.
 * - Idle workers do not keep the process alive (unref), so a script that renders can simply end.
 *
 * Workers run TypeScript through tsx's API, registered in each worker with the project's
 * tsconfig (paths included): worker threads do not inherit the `--import tsx` of `npm start`,
 * and under vitest there is none to inherit.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId as ownThreadId, Worker } from 'node:worker_threads';
import type { ChartSpec } from '@contracts/charts';
import { ERROR_CODES } from '@contracts/common/errors';
import { RENDER_DEFAULTS, type RenderSettings } from '@server/config';
import { ApiError } from '@server/platform/http/errors';
import type { PdfDefinition } from './definition';

/** Options of a chart drawn on its own (the same as `renderChartSvg` takes). */
export type ChartRenderOptions = { width: number; height: number; valueLabels?: boolean };
export type RenderJob = { kind: 'pdf'; definition: PdfDefinition } | { kind: 'chart'; spec: ChartSpec; options: ChartRenderOptions };
/** What a worker answers: the job's id, and its result or why it failed. */
export type RenderAnswer =
  | { type: 'ready' }
  | { type: 'done'; id: number; result: Uint8Array | string; threadId: number }
  | { type: 'failed'; id: number; message: string };
export type RenderResult = { result: Buffer | string; threadId: number };

type Task = { id: number; job: RenderJob; resolve: (r: RenderResult) => void; reject: (e: Error) => void; timer?: NodeJS.Timeout };
type Slot = { worker: Worker; task?: Task; ready: boolean; exited: boolean; timedOut?: boolean; error?: Error };

const require = createRequire(import.meta.url);
const WORKER_ENTRY = pathToFileURL(fileURLToPath(new URL('./worker.ts', import.meta.url))).href;
const TSCONFIG = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'tsconfig.json');
/** tsx's ESM API; its `require` condition answers the .cjs twin of the same file. */
const TSX_API = pathToFileURL(require.resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
/** The worker's first code (a CommonJS script): TypeScript through tsx, then the worker module. */
const BOOT = `import(${JSON.stringify(TSX_API)}).then(({ register }) => {
  register({ tsconfig: ${JSON.stringify(TSCONFIG)} });
  return import(${JSON.stringify(WORKER_ENTRY)});
});`;

export const busy = () =>
  new ApiError(503, ERROR_CODES.unavailable, `The document service is busy; try again in ${RENDER_DEFAULTS.retryAfterSeconds} seconds`, undefined, {
    'retry-after': String(RENDER_DEFAULTS.retryAfterSeconds),
  });
const tooLong = () =>
  new ApiError(503, ERROR_CODES.unavailable, 'The document took too long to draw; try again later', undefined, {
    'retry-after': String(RENDER_DEFAULTS.retryAfterSeconds),
  });
const stopped = () => new ApiError(503, ERROR_CODES.unavailable, 'The document service is restarting; try again in a few seconds', undefined, {
  'retry-after': String(RENDER_DEFAULTS.retryAfterSeconds),
});

export class RenderPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private nextId = 1;
  /** Counts since the pool was made (tests and the benchmark read them). */
  readonly counts = { done: 0, failed: 0, refused: 0, workersStarted: 0, workersLost: 0 };

  constructor(private settings: RenderSettings) {}

  /** New settings apply to the next job (the number of workers, to the next one started). */
  configure(settings: RenderSettings): void {
    this.settings = settings;
  }

  /** A PDF of the definition. */
  async pdf(definition: PdfDefinition): Promise<Buffer> {
    return (await this.run({ kind: 'pdf', definition })).result as Buffer;
  }

  /** A chart as an SVG document (what `renderChartSvg` gives, drawn by a worker). */
  async chartSvg(spec: ChartSpec, options: ChartRenderOptions): Promise<string> {
    return (await this.run({ kind: 'chart', spec, options })).result as string;
  }

  /** Runs a job on a worker (on this thread when `workers` is 0); answers its result and the thread that made it. */
  run(job: RenderJob): Promise<RenderResult> {
    if (this.settings.workers === 0) return this.runHere(job);
    return new Promise<RenderResult>((resolve, reject) => {
      const task: Task = { id: this.nextId++, job, resolve, reject };
      const idle = [...this.slots].find((s) => !s.task && !s.exited && !s.timedOut);
      if (idle) return this.assign(idle, task);
      if (this.slots.size < this.settings.workers) return this.assign(this.start(), task);
      if (this.queue.length >= this.settings.queueMax) {
        this.counts.refused++;
        return reject(busy());
      }
      this.queue.push(task);
    });
  }

  /** Jobs waiting for a worker, and workers running. */
  get load(): { waiting: number; workers: number; busy: number } {
    const slots = [...this.slots];
    return { waiting: this.queue.length, workers: slots.length, busy: slots.filter((s) => s.task).length };
  }

  /** The running workers (for diagnostics: tests end one to see a crash handled). */
  workers(): Worker[] {
    return [...this.slots].filter((s) => !s.exited).map((s) => s.worker);
  }

  /** Ends every worker; jobs running or waiting fail with 503. */
  async close(): Promise<void> {
    const slots = [...this.slots];
    this.slots.clear();
    for (const task of this.queue.splice(0)) task.reject(stopped());
    await Promise.all(
      slots.map(async (slot) => {
        slot.exited = true;
        if (slot.task) this.finish(slot, (t) => t.reject(stopped()));
        await slot.worker.terminate();
      }),
    );
  }

  private async runHere(job: RenderJob): Promise<RenderResult> {
    if (job.kind === 'pdf') {
      const { renderPdfHere } = await import('./engine');
      return { result: await renderPdfHere(job.definition), threadId: ownThreadId };
    }
    const { renderChartSvg } = await import('@server/platform/charts/render-svg');
    return { result: renderChartSvg(job.spec, job.options), threadId: ownThreadId };
  }

  private start(): Slot {
    const worker = new Worker(BOOT, { eval: true, execArgv: [] });
    const slot: Slot = { worker, ready: false, exited: false };
    this.slots.add(slot);
    this.counts.workersStarted++;
    worker.on('message', (answer: RenderAnswer) => this.answer(slot, answer));
    worker.on('error', (error) => {
      slot.error = error;
    });
    worker.on('exit', (code) => this.exited(slot, code));
    return slot;
  }

  private assign(slot: Slot, task: Task): void {
    slot.task = task;
    slot.worker.ref();
    const timeoutMs = this.settings.timeoutMs;
    task.timer = setTimeout(() => {
      // A job that runs too long ends its worker (nothing else stops a busy thread); see exited().
      this.finish(slot, (t) => {
        this.counts.failed++;
        t.reject(tooLong());
      });
      slot.timedOut = true;
      void slot.worker.terminate();
    }, timeoutMs);
    try {
      slot.worker.postMessage({ id: task.id, job: task.job });
    } catch (error) {
      // A definition that is not plain data (a function in it) cannot cross to the worker.
      this.finish(slot, (t) => t.reject(new Error(`A document definition must be plain data to be rendered: ${(error as Error).message}`)));
      this.next(slot);
    }
  }

  /** Takes the slot's task off it (its timer stopped) and settles it. */
  private finish(slot: Slot, settle: (task: Task) => void): void {
    const task = slot.task;
    if (!task) return;
    slot.task = undefined;
    clearTimeout(task.timer);
    settle(task);
  }

  /** Gives an idle worker the next waiting job, or lets it idle without holding the process. */
  private next(slot: Slot): void {
    const task = this.queue.shift();
    if (task) this.assign(slot, task);
    else slot.worker.unref();
  }

  private answer(slot: Slot, answer: RenderAnswer): void {
    if (answer.type === 'ready') {
      slot.ready = true;
      return;
    }
    if (slot.task?.id !== answer.id) return;
    if (answer.type === 'done') {
      this.counts.done++;
      const result = typeof answer.result === 'string' ? answer.result : Buffer.from(answer.result.buffer, answer.result.byteOffset, answer.result.byteLength);
      this.finish(slot, (t) => t.resolve({ result, threadId: answer.threadId }));
    } else {
      this.counts.failed++;
      this.finish(slot, (t) => t.reject(new Error(answer.message)));
    }
    this.next(slot);
  }

  private exited(slot: Slot, code: number): void {
    if (slot.exited) return;
    slot.exited = true;
    this.slots.delete(slot);
    this.counts.workersLost++;
    const reason = slot.error?.message ?? `it exited with code ${code}`;
    this.finish(slot, (t) => {
      this.counts.failed++;
      t.reject(new Error(slot.ready ? `The render worker stopped while drawing the document: ${reason}` : `The render worker could not start: ${reason}`));
    });
    if (!slot.ready && !slot.timedOut) {
      // It never started: starting another would fail the same way, so the waiting jobs fail now.
      for (const task of this.queue.splice(0)) task.reject(new Error(`The render worker could not start: ${reason}`));
      return;
    }
    const task = this.queue.shift();
    if (task) this.assign(this.start(), task);
  }
}

let shared: RenderPool | undefined;

/** The process's render pool, with the settings given (the app's config) or the defaults. */
export function renderPool(settings?: RenderSettings): RenderPool {
  if (!shared) shared = new RenderPool(settings ?? { workers: RENDER_DEFAULTS.workers, queueMax: RENDER_DEFAULTS.queueMax, timeoutMs: RENDER_DEFAULTS.timeoutMs });
  else if (settings) shared.configure(settings);
  return shared;
}
