import type { CompanyRow } from '@contracts/companies';
import type { ReportCatalog, ReportParamsInput, ReportResult } from '@contracts/reports';
import { reportSearchParams } from '@contracts/reports';
import type { TicketOptions } from '@contracts/tickets';
import { dataOf, http, toApiError } from '@/shared/http/http';

const query = (report: string, params: ReportParamsInput) => {
  const q = reportSearchParams(report, params);
  q.delete('report');
  return q;
};

/** A file the API answered (CSV, PDF): its bytes and the name the server gave it. */
export type ReportFile = { blob: Blob; filename: string };

async function file(url: string): Promise<ReportFile> {
  try {
    const res = await http.get<ArrayBuffer>(url, { responseType: 'arraybuffer' });
    const disposition = String(res.headers['content-disposition'] ?? '');
    const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'report';
    return { blob: new Blob([res.data], { type: String(res.headers['content-type'] ?? 'application/octet-stream') }), filename };
  } catch (error) {
    // An error answer arrives as bytes too: read its JSON message.
    const data = (error as { response?: { data?: unknown } }).response?.data;
    if (data && typeof (data as ArrayBuffer).byteLength === 'number') {
      let body: { error?: { message?: string } } = {};
      try {
        body = JSON.parse(new TextDecoder().decode(data as ArrayBuffer)) as typeof body;
      } catch {
        // not JSON: the generic message below
      }
      if (body.error?.message) throw new Error(body.error.message);
    }
    throw toApiError(error);
  }
}

/** The reports' service calls (staff portal). */
export const reportsApi = {
  catalog: (): Promise<ReportCatalog> => dataOf(http.get<ReportCatalog>('/api/v2/reports')),
  run: (report: string, params: ReportParamsInput, run: string, signal?: AbortSignal): Promise<ReportResult> => {
    const q = query(report, params);
    q.set('run', run);
    return dataOf(http.get<ReportResult>(`/api/v2/reports/${encodeURIComponent(report)}?${q}`, { signal }));
  },
  cancel: (run: string): Promise<{ cancelled: boolean }> => dataOf(http.post<{ cancelled: boolean }>(`/api/v2/reports/runs/${encodeURIComponent(run)}/cancel`)),
  csv: (report: string, params: ReportParamsInput): Promise<ReportFile> => file(`/api/v2/reports/${encodeURIComponent(report)}/csv?${query(report, params)}`),
  pdf: (report: string, params: ReportParamsInput): Promise<ReportFile> => file(`/api/v2/reports/${encodeURIComponent(report)}/pdf?${query(report, params)}`),
  /** The parameter bar's choices: staff (the ticket desk's options) and companies by name. */
  staff: async (): Promise<{ id: number; name: string }[]> => (await dataOf(http.get<TicketOptions>('/api/v2/tickets/options'))).staff,
  companies: async (q: string, signal: AbortSignal): Promise<{ id: number; name: string }[]> =>
    (await dataOf(http.get<{ rows: CompanyRow[] }>('/api/v2/companies', { params: { ...(q ? { q } : {}), size: '20', sort: 'name:asc' }, signal }))).rows.map((c) => ({ id: c.id, name: c.name })),
};
