/**
 * The report runner: a report's SQL runs on a connection of its own inside a read-only
 * transaction with a statement timeout (SET LOCAL), its backend pid known so that a Cancel (or the
 * browser going away) stops the query in the database with pg_cancel_backend. The table takes at
 * most REPORT_SETTINGS.rowCap rows; the CSV streams every row from a server-side cursor. Before
 * any of it, the report's declared access rule is checked against the viewer and the parameters
 * (docs/adr/0104-report-access.md), for the table, the CSV and the PDF alike.
 */
import { randomUUID } from 'node:crypto';
import { PassThrough, Transform, pipeline, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Pool, PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import { chartSpec } from '@contracts/charts';
import { ERROR_CODES } from '@contracts/common/errors';
import { neutraliseFormula } from '@contracts/common/csv';
import { REPORT_SETTINGS, resolvePeriod, type ReportParams, type ReportResult, type ReportRow } from '@contracts/reports';
import { ApiError } from '@server/platform/http/errors';
import { authorize, isTimeRows } from './access';
import { appliesTimeRule } from './query';
import type { ReportDefinition, ReportRun, ReportViewer } from '@server/platform/reports';

type Run = { pid: number | null; cancelled: boolean };

/**
 * Runs in progress, by user and the browser's run id: a run id names a run of its user only, so
 * nobody else's run (same id or not) can take it over or cancel it, and a second run with an id
 * already going for that user is refused (409) instead of replacing the first.
 */
export class RunningReports {
  private readonly runs = new Map<string, Run>();

  constructor(private readonly pool: Pool) {}

  private static key(userId: number, runId: string): string {
    return `${userId}/${runId}`;
  }

  /** Takes the run id for this user before the run connects (409 when a run of theirs has it). */
  reserve(runId: string, userId: number): void {
    const key = RunningReports.key(userId, runId);
    if (this.runs.has(key)) throw new ApiError(409, ERROR_CODES.conflict, 'A run with this id is already going; wait for it or cancel it before running the report again');
    this.runs.set(key, { pid: null, cancelled: false });
  }

  /** The run's backend pid, once its connection is open; false when it was cancelled meanwhile. */
  attach(runId: string, userId: number, pid: number): boolean {
    const run = this.runs.get(RunningReports.key(userId, runId));
    if (!run) return false;
    run.pid = pid;
    return !run.cancelled;
  }

  finish(runId: string, userId: number): void {
    this.runs.delete(RunningReports.key(userId, runId));
  }

  wasCancelled(runId: string, userId: number): boolean {
    return this.runs.get(RunningReports.key(userId, runId))?.cancelled ?? false;
  }

  /** Stops a run of this user (its query in the database, or the run before it starts); false when none is going. */
  async cancel(runId: string, userId: number): Promise<boolean> {
    const run = this.runs.get(RunningReports.key(userId, runId));
    if (!run) return false;
    run.cancelled = true;
    if (run.pid !== null) await cancelBackend(this.pool, run.pid);
    return true;
  }
}

export async function cancelBackend(pool: Pool, pid: number): Promise<void> {
  await pool.query('SELECT pg_cancel_backend($1)', [pid]);
}

export const cancelled = () => new ApiError(409, ERROR_CODES.conflict, 'The report was cancelled');
export const timedOut = (ms: number) =>
  new ApiError(503, ERROR_CODES.unavailable, `The report took longer than ${Math.round(ms / 1000)} s and was stopped; choose a shorter period or narrow the filters`, undefined, {
    'retry-after': '5',
  });

const isQueryCanceled = (e: unknown) => (e as { code?: string } | null)?.code === '57014';

export function runOf(def: ReportDefinition, params: ReportParams, now: Date, viewer: ReportViewer): ReportRun {
  return { params, period: def.snapshot ? null : resolvePeriod(params, now, def.meta.defaultPeriod), now, viewer };
}

/**
 * A report's statement for a run: per-person time reports must have written the time rule into it
 * (a definition that forgot would show everyone's time), so one that did not is not run.
 */
function statementOf(def: ReportDefinition, run: ReportRun, limit: number | null) {
  const query = def.sql(run, limit);
  if (isTimeRows(def) && !appliesTimeRule(run)) throw new Error(`Report ${def.meta.id} shows per-person time but its SQL does not apply the time rule (timeRows)`);
  return query;
}

/** Opens a read-only transaction with the statement timeout on a connection of its own; answers its backend pid. */
async function begin(client: PoolClient, timeoutMs: number): Promise<number> {
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  await client.query('BEGIN READ ONLY');
  await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`);
  return rows[0]!.pid;
}

/** Who runs the report (their access is checked), the browser's run id, and the request's abort signal. */
export type RunOptions = { viewer: ReportViewer; runId?: string; signal?: AbortSignal; now?: Date; rowCap?: number };

/** Runs a report for its table, chart and summary (at most rowCap rows). */
export async function runReport(pool: Pool, running: RunningReports, def: ReportDefinition, params: ReportParams, options: RunOptions): Promise<ReportResult> {
  const started = performance.now();
  const { viewer } = options;
  authorize(def, params, viewer);
  const now = options.now ?? new Date();
  const run = runOf(def, params, now, viewer);
  const cap = options.rowCap ?? REPORT_SETTINGS.rowCap;
  const timeoutMs = def.timeoutMs ?? REPORT_SETTINGS.statementTimeoutMs;
  const runId = options.runId ?? `server-${randomUUID()}`;
  const query = statementOf(def, run, cap + 1);
  running.reserve(runId, viewer.userId);
  let client: PoolClient;
  try {
    client = await pool.connect();
  } catch (e) {
    running.finish(runId, viewer.userId);
    throw e;
  }
  let broken = false;
  let aborted = false;
  let pid = 0;
  const onAbort = () => {
    aborted = true;
    if (pid) void cancelBackend(pool, pid).catch(() => undefined);
  };
  try {
    pid = await begin(client, timeoutMs);
    if (!running.attach(runId, viewer.userId, pid)) throw cancelled();
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let raw: Record<string, unknown>[];
    try {
      raw = (await client.query(query.text, query.values)).rows;
    } catch (e) {
      if (isQueryCanceled(e)) throw running.wasCancelled(runId, viewer.userId) || aborted ? cancelled() : timedOut(timeoutMs);
      throw e;
    }
    await client.query('COMMIT');
    const capped = raw.length > cap;
    const rows: ReportRow[] = raw.slice(0, cap).map((r) => (def.mapRow ? def.mapRow(r, run) : (r as ReportRow)));
    const drill = rows.map((r) => def.drill?.(r, run) ?? null);
    const cells = def.cellDrill ? rows.map((r) => def.cellDrill!(r, run)) : null;
    const cellDrill = cells ? Object.fromEntries([...new Set(cells.flatMap((c) => Object.keys(c)))].map((k) => [k, cells.map((c) => c[k] ?? null)])) : undefined;
    const spec = def.chart?.(rows, run, drill) ?? null;
    return {
      report: def.meta,
      period: run.period,
      columns: def.columns,
      rows,
      drill,
      ...(cellDrill ? { cellDrill } : {}),
      totals: def.totals?.(rows, run) ?? null,
      rowCount: rows.length,
      capped,
      chart: spec ? chartSpec(spec) : null,
      summary: def.summary(rows, run),
      generatedAt: now.toISOString(),
      elapsedMs: Math.round(performance.now() - started),
    };
  } catch (e) {
    broken = true;
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    running.finish(runId, viewer.userId);
    // A connection whose query was cancelled rolled back above; one in doubt is closed, not reused.
    client.release(broken && !(await isIdle(client)));
  }
}

async function isIdle(client: PoolClient): Promise<boolean> {
  try {
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/** A CSV cell by the one CSV rule: formulas made inert; numbers as they are. */
function csvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (value instanceof Date) return value.toISOString();
  return neutraliseFormula(String(value));
}

/**
 * Who runs the export (their access is checked), and what to call once its connection is given
 * back, whichever way the export ends (the export cap's slot: server/platform/db/exports.ts).
 */
export type CsvOptions = { viewer: ReportViewer; now?: Date; onRelease?: () => void };

/**
 * Every row of a report as CSV, streamed: a server-side cursor (pg-query-stream) reads batches,
 * each row becomes the table's cells, csv-stringify writes them; memory stays flat however many
 * rows. The stream's end releases the connection; the reader going away cancels the query.
 */
export async function reportCsv(pool: Pool, def: ReportDefinition, params: ReportParams, options: CsvOptions): Promise<Readable> {
  let released = false;
  const release = (client?: PoolClient, destroy?: boolean) => {
    client?.release(destroy);
    if (!released) options.onRelease?.();
    released = true;
  };
  let client: PoolClient | undefined;
  let pid: number;
  let query: { text: string; values: unknown[] };
  let run: ReportRun;
  try {
    authorize(def, params, options.viewer);
    run = runOf(def, params, options.now ?? new Date(), options.viewer);
    query = statementOf(def, run, null);
    client = await pool.connect();
    pid = await begin(client, REPORT_SETTINGS.exportTimeoutMs);
  } catch (e) {
    release(client, true);
    throw e;
  }
  const connection = client;
  const cursor = new QueryStream(query.text, query.values, { batchSize: 1000, highWaterMark: 1000 });
  // The pool's client-side read timeout (a little over the statement timeout) would end a long
  // export; the export's own statement timeout bounds it instead.
  (cursor as unknown as { query_timeout: number }).query_timeout = REPORT_SETTINGS.exportTimeoutMs + 5_000;
  const source = connection.query(cursor);
  const toCells = new Transform({
    objectMode: true,
    transform(row: Record<string, unknown>, _enc, done) {
      const r = def.mapRow ? def.mapRow(row, run) : (row as ReportRow);
      done(null, def.columns.map((c) => csvValue(r[c.key])));
    },
  });
  const csv = stringify({
    header: true,
    columns: def.columns.map((c) => ({ key: String(def.columns.indexOf(c)), header: neutraliseFormula(c.label) })),
    record_delimiter: '\r\n',
  });
  const out = new PassThrough();
  let finished = false;
  pipeline(source, toCells, csv, out, (error) => {
    finished = true;
    if (!error) {
      void connection.query('COMMIT').then(
        () => release(connection),
        () => release(connection, true),
      );
      return;
    }
    // The reader went away or the query failed: stop it in the database, drop the connection.
    void cancelBackend(pool, pid)
      .catch(() => undefined)
      .finally(() => release(connection, true));
  });
  out.on('close', () => {
    if (!finished) source.destroy();
  });
  return out;
}
