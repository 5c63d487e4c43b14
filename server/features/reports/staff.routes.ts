import { z } from '@contracts/common/zod';
import { ERROR_CODES } from '@contracts/common/errors';
import { APP_TITLE } from '@contracts/common/constants';
import { safeText } from '@contracts/common/input';
import {
  REPORT_GROUPS,
  RUN_ID,
  reportIdSchema,
  periodPresetsOf,
  reportParamsSchema,
  type ReportCatalog,
  type ReportParams,
  type ReportResult,
} from '@contracts/reports';
import { staffOf } from '@server/platform/auth/guards';
import { ApiError, notFound, parseInput } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { authorize, catalogEntry, reportViewer } from './access';
import { reportDefinition, reportDefinitions, type ReportDefinition } from '@server/platform/reports';
import { reportPdf } from './pdf';
import { reportCsv, runReport, type RunningReports } from './runner';

const idParams = z.strictObject({ id: reportIdSchema });
const runParams = z.strictObject({ run: safeText('run must be text', 'run').regex(RUN_ID, 'run must be 8 to 64 letters, digits or dashes') });

/** The report of the path and its parameters; a parameter the report does not take is named in a 400. */
function parseRun(request: { params: unknown; query: unknown }): { def: ReportDefinition; params: ReportParams } {
  const { id } = parseInput(idParams, request.params, 'path');
  const def = reportDefinition(id);
  if (!def) throw notFound('No such report');
  const params = parseInput(reportParamsSchema, request.query, 'query');
  if (params.period && def.meta.params.includes('period') && !periodPresetsOf(def.meta).includes(params.period)) {
    throw new ApiError(400, ERROR_CODES.invalidInput, `Invalid query: period (${def.meta.title} does not offer ${params.period})`, { period: `${def.meta.title} does not offer ${params.period}` });
  }
  const takes = new Set<string>([...def.meta.params, 'run', 'tz', ...(def.meta.params.includes('period') ? ['from', 'to'] : [])]);
  const extra = Object.keys(request.query as object).filter((k) => !takes.has(k));
  if (extra.length) {
    const fields = Object.fromEntries(extra.map((k) => [k, `${def.meta.title} does not take ${k}`]));
    throw new ApiError(400, ERROR_CODES.invalidInput, `Invalid query: ${extra.map((k) => `${k} (${fields[k]})`).join(', ')}`, fields);
  }
  return { def, params };
}

const fileName = (def: ReportDefinition, ext: string, now: Date) => `${def.meta.id}-${now.toISOString().slice(0, 10)}.${ext}`;

/** The catalog (what the caller may run), a run (table, chart, summary), its CSV and PDF, and Cancel. */
export const staffReportRoutes =
  (running: RunningReports): Routes =>
  (app, ctx) => {
    const viewerOf = (request: Parameters<typeof staffOf>[0]) => reportViewer(ctx.database.pool, staffOf(request));

    app.get('/api/v2/reports', async (request): Promise<ReportCatalog> => {
      const order = (g: string) => REPORT_GROUPS.indexOf(g as (typeof REPORT_GROUPS)[number]);
      const viewer = await viewerOf(request);
      const reports = reportDefinitions().flatMap((d) => catalogEntry(d, viewer) ?? []);
      return { reports: reports.sort((a, b) => order(a.group) - order(b.group)) };
    });

    app.get('/api/v2/reports/:id', async (request, reply): Promise<ReportResult> => {
      const { def, params } = parseRun(request);
      // The browser going away (Cancel aborts the request) stops the query too.
      const abort = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) abort.abort();
      };
      reply.raw.once('close', onClose);
      try {
        return await runReport(ctx.database.pool, running, def, params, { viewer: await viewerOf(request), runId: params.run, signal: abort.signal });
      } finally {
        reply.raw.off('close', onClose);
      }
    });

    app.post('/api/v2/reports/runs/:run/cancel', async (request) => {
      const { run } = parseInput(runParams, request.params, 'path');
      return { cancelled: await running.cancel(run, staffOf(request).userId) };
    });

    app.get('/api/v2/reports/:id/csv', async (request, reply) => {
      const { def, params } = parseRun(request);
      const viewer = await viewerOf(request);
      authorize(def, params, viewer);
      // The export holds its slot of the export cap until its connection is given back.
      const release = await ctx.exports.acquire();
      const stream = await reportCsv(ctx.database.pool, def, params, { viewer, onRelease: release });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(def, 'csv', new Date())}"`)
        .send(stream);
    });

    app.get('/api/v2/reports/:id/pdf', async (request, reply) => {
      const { def, params } = parseRun(request);
      const result = await runReport(ctx.database.pool, running, def, params, { viewer: await viewerOf(request), runId: params.run });
      const pdf = await reportPdf(result, APP_TITLE);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName(def, 'pdf', new Date(result.generatedAt))}"`)
        .send(pdf);
    });
  };
