import { ERROR_CODES } from '@contracts/common/errors';
import { APP_TITLE } from '@contracts/common/constants';
import { REPORT_GROUPS, REPORTS, periodPresetsOf, type ReportParams } from '@contracts/reports';
import { staffOf } from '@server/platform/auth/guards';
import { route } from '@server/platform/http/endpoints';
import { ApiError, notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { reportDefinition, reportDefinitions, type ReportDefinition } from '@server/platform/reports';
import { authorize, catalogEntry, reportViewer } from './access';
import { reportPdf } from './pdf';
import { reportCsv, runReport, type RunningReports } from './runner';

/** The report of the path and its parameters; a parameter the report does not take is named in a 400. */
function reportRun(id: string, params: ReportParams): { def: ReportDefinition; params: ReportParams } {
  const def = reportDefinition(id);
  if (!def) throw notFound('No such report');
  if (params.period && def.meta.params.includes('period') && !periodPresetsOf(def.meta).includes(params.period)) {
    throw new ApiError(400, ERROR_CODES.invalidInput, `Invalid query: period (${def.meta.title} does not offer ${params.period})`, { period: `${def.meta.title} does not offer ${params.period}` });
  }
  const takes = new Set<string>([...def.meta.params, 'run', 'tz', ...(def.meta.params.includes('period') ? ['from', 'to'] : [])]);
  const extra = Object.keys(params).filter((k) => !takes.has(k));
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

    route(app, REPORTS.catalog, async (_, request) => {
      const order = (g: string) => REPORT_GROUPS.indexOf(g as (typeof REPORT_GROUPS)[number]);
      const viewer = await viewerOf(request);
      const reports = reportDefinitions().flatMap((d) => catalogEntry(d, viewer) ?? []);
      return { reports: reports.sort((a, b) => order(a.group) - order(b.group)) };
    });

    route(app, REPORTS.run, async ({ params: path, query }, request, reply) => {
      const { def, params } = reportRun(path.id, query);
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

    route(app, REPORTS.cancel, async ({ params }, request) => ({ cancelled: await running.cancel(params.run, staffOf(request).userId) }));

    route(app, REPORTS.csv, async ({ params: path, query }, request, reply) => {
      const { def, params } = reportRun(path.id, query);
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

    route(app, REPORTS.pdf, async ({ params: path, query }, request, reply) => {
      const { def, params } = reportRun(path.id, query);
      const result = await runReport(ctx.database.pool, running, def, params, { viewer: await viewerOf(request), runId: params.run });
      const pdf = await reportPdf(result, APP_TITLE);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName(def, 'pdf', new Date(result.generatedAt))}"`)
        .send(pdf);
    });
  };
