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
    const res = await http.get<Blob>(url, { responseType: 'blob' });
    const disposition = String(res.headers['content-disposition'] ?? '');
    const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'report';
    return { blob: res.data, filename };
  } catch (error) {
    // An error answer arrives as a Blob too: read its JSON message.
    const data = (error as { response?: { data?: unknown } }).response?.data;
    if (data instanceof Blob) {
      try {
        const body = JSON.parse(await data.text()) as { error?: { message?: string } };
        if (body.error?.message) throw new Error(body.error.message);
      } catch (parsed) {
        if (parsed instanceof Error && !(parsed instanceof SyntaxError)) throw parsed;
      }
    }
    throw toApiError(error);
  }
}

/** The reports' service calls (staff portal). */
export const reportsApi = {
  catalog: (): Promise<ReportCatalog> => dataOf(http.get<ReportCatalog>('/api/v2/reports')),
  run: (report: string, params: ReportParamsInput, run: string, signal?: AbortSignal): Promise<ReportResult> =>
    dataOf(http.get<ReportResult>(`/api/v2/reports/${encodeURIComponent(report)}?${query(report, { ...params, run })}`, { signal })),
  cancel: (run: string): Promise<{ cancelled: boolean }> => dataOf(http.post<{ cancelled: boolean }>(`/api/v2/reports/runs/${encodeURIComponent(run)}/cancel`)),
  csv: (report: string, params: ReportParamsInput): Promise<ReportFile> => file(`/api/v2/reports/${encodeURIComponent(report)}/csv?${query(report, params)}`),
  pdf: (report: string, params: ReportParamsInput): Promise<ReportFile> => file(`/api/v2/reports/${encodeURIComponent(report)}/pdf?${query(report, params)}`),
  /** The parameter bar's choices: staff (the ticket desk's options) and companies by name. */
  staff: async (): Promise<{ id: number; name: string }[]> => (await dataOf(http.get<TicketOptions>('/api/v2/tickets/options'))).staff,
  companies: async (q: string, signal: AbortSignal): Promise<{ id: number; name: string }[]> =>
    (await dataOf(http.get<{ rows: CompanyRow[] }>('/api/v2/companies', { params: { ...(q ? { q } : {}), size: '20', sort: 'name:asc' }, signal }))).rows.map((c) => ({ id: c.id, name: c.name })),
};
