import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ReportResult } from '@contracts/reports';
import { REPORT_SETTINGS } from '@contracts/reports';
import { reportViewerMachine, type ExportKind, type ReportRequest } from '@/features/reports/machines/report-viewer.machine';
import { provideNotifier, recordingNotifier } from '@/shared/machines/notify';

const result = (id = 'tickets-by-status') =>
  ({ report: { id, group: 'Tickets', title: 'T', description: '', params: [] }, period: null, columns: [], rows: [], drill: [], totals: null, rowCount: 0, capped: false, chart: null, summary: 's', generatedAt: '2026-11-22T00:00:00Z', elapsedMs: 1 }) as ReportResult;

/** Service calls the test settles by hand. */
function harness() {
  const runs: { request: ReportRequest; runId: string; signal: AbortSignal; resolve: (r: ReportResult) => void; reject: (e: Error) => void }[] = [];
  const cancels: string[] = [];
  const exports: { kind: ExportKind; resolve: (f: string) => void; reject: (e: Error) => void }[] = [];
  const machine = reportViewerMachine.provide({
    actors: {
      runReport: fromPromise<ReportResult, { request: ReportRequest; runId: string }>(
        ({ input, signal }) => new Promise((resolve, reject) => runs.push({ ...input, signal, resolve, reject })),
      ),
      cancelRun: fromPromise<unknown, { runId: string }>(async ({ input }) => {
        cancels.push(input.runId);
      }),
      exportReport: fromPromise<string, { request: ReportRequest; kind: ExportKind }>(
        ({ input }) => new Promise((resolve, reject) => exports.push({ kind: input.kind, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine).start();
  return { actor, runs, cancels, exports };
}


describe('report viewer machine', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('runs a report with its parameters and shows it; new parameters run again, dropping the old run', async () => {
    const { actor, runs } = harness();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'report.open', report: 'opened-vs-closed', params: { period: 'this-month' } });
    expect(actor.getSnapshot().matches('running')).toBe(true);
    expect(runs[0]!.request).toEqual({ report: 'opened-vs-closed', params: { period: 'this-month' } });
    actor.send({ type: 'report.open', report: 'opened-vs-closed', params: { period: 'this-year' } });
    expect(runs[0]!.signal.aborted).toBe(true);
    expect(runs[1]!.runId).not.toBe(runs[0]!.runId);
    runs[0]!.resolve(result('stale'));
    runs[1]!.resolve(result('opened-vs-closed'));
    await vi.waitFor(() => expect(actor.getSnapshot().matches('shown')).toBe(true));
    expect(actor.getSnapshot().context.result!.report.id).toBe('opened-vs-closed');
  });

  it('shows progress after a second and cancels: the request aborts and the server is asked to stop the run', async () => {
    const { actor, runs, cancels } = harness();
    actor.send({ type: 'report.open', report: 'ticket-list', params: {} });
    expect(actor.getSnapshot().hasTag('progress')).toBe(false);
    vi.advanceTimersByTime(REPORT_SETTINGS.progressAfterMs + 1);
    expect(actor.getSnapshot().hasTag('progress')).toBe(true);
    actor.send({ type: 'report.cancel' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(runs[0]!.signal.aborted).toBe(true);
    await vi.waitFor(() => expect(cancels).toEqual([runs[0]!.runId]));
    actor.send({ type: 'report.retry' });
    expect(actor.getSnapshot().matches('running')).toBe(true);
    expect(runs).toHaveLength(2);
  });

  it('says why a run failed and runs again on retry', async () => {
    const { actor, runs } = harness();
    actor.send({ type: 'report.open', report: 'ticket-list', params: {} });
    runs[0]!.reject(new Error('The report took longer than 5 s and was stopped'));
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context.error).toMatch(/took longer/);
    actor.send({ type: 'report.retry' });
    runs[1]!.resolve(result());
    await vi.waitFor(() => expect(actor.getSnapshot().matches('shown')).toBe(true));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('exports CSV and PDF from a shown report, keeping the report through a failed export', async () => {
    const { actor, runs, exports } = harness();
    actor.send({ type: 'report.export', kind: 'csv' });
    expect(exports).toHaveLength(0);
    actor.send({ type: 'report.open', report: 'ticket-list', params: {} });
    runs[0]!.resolve(result());
    await vi.waitFor(() => expect(actor.getSnapshot().matches('shown')).toBe(true));
    actor.send({ type: 'report.export', kind: 'csv' });
    expect(actor.getSnapshot().hasTag('exporting')).toBe(true);
    exports[0]!.resolve('ticket-list-2026-11-22.csv');
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ shown: 'ready' })).toBe(true));
    expect(actor.getSnapshot().context.exported).toBe('ticket-list-2026-11-22.csv');
    actor.send({ type: 'report.export', kind: 'pdf' });
    expect(exports[1]!.kind).toBe('pdf');
    exports[1]!.reject(new Error('Network Error'));
    await vi.waitFor(() => expect(actor.getSnapshot().context.exportError).toBe('Network Error'));
    expect(actor.getSnapshot().matches({ shown: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.result).not.toBeNull();
  });

  it('says an export is ready, with its file, through the notifier the app provides', async () => {
    provideNotifier(recordingNotifier())(); // what the tests before said, waiting for a notifier, goes elsewhere
    const recorder = recordingNotifier();
    const restore = provideNotifier(recorder);
    try {
      const { actor, runs, exports } = harness();
      actor.send({ type: 'report.open', report: 'ticket-list', params: {} });
      runs[0]!.resolve(result());
      await vi.waitFor(() => expect(actor.getSnapshot().matches('shown')).toBe(true));
      actor.send({ type: 'report.export', kind: 'csv' });
      exports[0]!.resolve('ticket-list-2026-11-22.csv');
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ shown: 'ready' })).toBe(true));
      expect(recorder.notices).toEqual([{ tone: 'success', title: 'Export ready', description: 'ticket-list-2026-11-22.csv' }]);
    } finally {
      restore();
    }
  });
});
