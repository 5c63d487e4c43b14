/** The report viewer bound to the reports API: the run (aborted by Cancel), the cancel call, the exports. */
import { fromPromise } from 'xstate';
import type { ReportResult } from '@contracts/reports';
import { downloadBlob } from '@/shared/ui/download';
import { reportsApi } from '../api';
import { reportViewerMachine, type ExportKind, type ReportRequest } from './report-viewer.machine';

export const liveReportViewerMachine = reportViewerMachine.provide({
  actors: {
    runReport: fromPromise<ReportResult, { request: ReportRequest; runId: string }>(({ input, signal }) =>
      reportsApi.run(input.request.report, input.request.params, input.runId, signal),
    ),
    cancelRun: fromPromise<unknown, { runId: string }>(({ input }) => reportsApi.cancel(input.runId)),
    exportReport: fromPromise<string, { request: ReportRequest; kind: ExportKind }>(async ({ input }) => {
      const file = await (input.kind === 'csv' ? reportsApi.csv : reportsApi.pdf)(input.request.report, input.request.params);
      downloadBlob(file.filename, file.blob);
      return file.filename;
    }),
  },
});
