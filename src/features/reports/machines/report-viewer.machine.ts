/**
 * The report viewer: a report with its parameters runs (idle → running → shown | failed |
 * cancelled). A run that takes longer than REPORT_SETTINGS.progressAfterMs shows its progress and
 * a Cancel button (`slow`); Cancel aborts the request and asks the server to stop the query. New
 * parameters (from the address: the parameter bar, back and forward) run again, dropping a run
 * under way. A shown report exports its CSV or PDF, saying when it worked or why it did not.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ReportParamsInput, ReportResult } from '@contracts/reports';
import { REPORT_SETTINGS } from '@contracts/reports';
import { notifyActions } from '@/shared/machines/notify';

export type ExportKind = 'csv' | 'pdf';
export type ReportRequest = { report: string; params: ReportParamsInput };

export type ReportViewerContext = {
  request: ReportRequest | null;
  runId: string | null;
  startedAt: number | null;
  result: ReportResult | null;
  error: string | null;
  exportError: string | null;
  /** The file of the last export that worked. */
  exported: string | null;
};

export type ReportViewerEvent =
  | { type: 'report.open'; report: string; params: ReportParamsInput }
  | { type: 'report.cancel' }
  | { type: 'report.retry' }
  | { type: 'report.export'; kind: ExportKind };

const message = (e: unknown) => (e instanceof Error ? e.message : 'Something went wrong');
const newRunId = () => (globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `run-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`);

export const reportViewerMachine = setup({
  types: {
    context: {} as ReportViewerContext,
    events: {} as ReportViewerEvent,
  },
  actors: {
    runReport: fromPromise<ReportResult, { request: ReportRequest; runId: string }>(async () => {
      throw new Error('runReport is provided by the screen');
    }),
    cancelRun: fromPromise<unknown, { runId: string }>(async () => undefined),
    exportReport: fromPromise<string, { request: ReportRequest; kind: ExportKind }>(async () => {
      throw new Error('exportReport is provided by the screen');
    }),
  },
  actions: {
    ...notifyActions,
    open: assign(({ event }) => {
      assertEvent(event, 'report.open');
      return { request: { report: event.report, params: event.params }, exportError: null, exported: null };
    }),
    start: assign(() => ({ runId: newRunId(), startedAt: Date.now(), error: null })),
  },
  guards: {
    hasRequest: ({ context }) => context.request !== null,
  },
  delays: { progressAfter: REPORT_SETTINGS.progressAfterMs },
}).createMachine({
  id: 'reportViewer',
  description: 'One report: run it with the parameters of the address, show it, cancel a long run, export CSV and PDF.',
  context: { request: null, runId: null, startedAt: null, result: null, error: null, exportError: null, exported: null },
  initial: 'idle',
  on: {
    'report.open': { target: '.running', reenter: true, actions: 'open', description: 'New parameters (or another report) run again; a run under way is dropped.' },
  },
  states: {
    idle: { description: 'No report chosen yet.' },
    running: {
      tags: ['busy'],
      entry: 'start',
      invoke: {
        src: 'runReport',
        input: ({ context }) => ({ request: context.request!, runId: context.runId! }),
        onDone: { target: 'shown', actions: assign({ result: ({ event }) => event.output, startedAt: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => message(event.error), startedAt: null }) },
      },
      on: { 'report.cancel': { target: 'cancelled', description: 'Cancel aborts the request; the server stops the query.' } },
      initial: 'quick',
      states: {
        quick: { after: { progressAfter: { target: 'slow', description: 'After a second the screen shows progress and Cancel.' } } },
        slow: { tags: ['progress'] },
      },
    },
    shown: {
      description: 'The chart, the summary and the table; exports from here.',
      initial: 'ready',
      states: {
        ready: {
          on: {
            'report.export': { target: 'exporting', actions: assign({ exportError: null, exported: null }) },
          },
        },
        exporting: {
          tags: ['exporting'],
          invoke: {
            src: 'exportReport',
            input: ({ context, event }) => {
              assertEvent(event, 'report.export');
              return { request: context.request!, kind: event.kind };
            },
            onDone: {
              target: 'ready',
              actions: [assign({ exported: ({ event }) => event.output }), { type: 'notify', params: ({ event }) => ({ tone: 'success', title: 'Export ready', description: event.output }) }],
            },
            onError: { target: 'ready', actions: assign({ exportError: ({ event }) => message(event.error) }) },
          },
        },
      },
    },
    failed: {
      on: { 'report.retry': { target: 'running', guard: 'hasRequest' } },
    },
    cancelled: {
      description: 'The run was stopped; the last figures (if any) stay until the next run.',
      entry: assign({ startedAt: null }),
      invoke: {
        src: 'cancelRun',
        input: ({ context }) => ({ runId: context.runId! }),
        // The request is aborted either way; the server also stops a query whose reader went away.
        onError: { actions: assign({ error: ({ event }) => `The server was not told to stop: ${message(event.error)}` }) },
      },
      on: { 'report.retry': { target: 'running', guard: 'hasRequest' } },
    },
  },
});
