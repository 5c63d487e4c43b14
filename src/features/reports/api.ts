import type { CompanyRow, CompanyView } from '@contracts/companies';
import { endpointPath } from '@contracts/common/endpoint';
import type { ReportParamsInput } from '@contracts/reports';
import { REPORT_DEFAULT_TIME_ZONE, REPORTS, canonicalTimeZone, reportSearchParams } from '@contracts/reports';
import { readerTimeZone, readerTimeZoneSettled } from '@/shared/ui/tokens/format';
import type { TicketOptions } from '@contracts/tickets';
import { ApiError, call, dataOf, http } from '@/shared/http/http';
import type { ErrorCode } from '@contracts/common/errors';

/**
 * A run's query: the address's parameters, and the reader's time zone (their profile's, else the
 * browser's) when the address names none (a shared link with tz= counts in the sender's zone; UTC
 * is the server's own default).
 */
const query = async (report: string, params: ReportParamsInput) => {
  const q = reportSearchParams(report, params);
  q.delete('report');
  const zone = canonicalTimeZone(await readerTimeZoneSettled());
  if (!q.has('tz') && zone !== REPORT_DEFAULT_TIME_ZONE) q.set('tz', zone);
  return q;
};

/** The zone reports count days in for this reader: their profile's, else the browser's; UTC by any of its names. */
export const readerZone = () => canonicalTimeZone(readerTimeZone());

/** A file the API answered (CSV, PDF): its bytes and the name the server gave it. */
export type ReportFile = { blob: Blob; filename: string };

async function file(url: string): Promise<ReportFile> {
  // Every status comes back here (the shared error mapping would read an error's bytes as no
  // message): a file is the bytes; an error answer is JSON bytes with the server's message.
  const res = await http.get<ArrayBuffer>(url, { responseType: 'arraybuffer', validateStatus: () => true });
  if (res.status >= 200 && res.status < 300) {
    const disposition = String(res.headers['content-disposition'] ?? '');
    const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'report';
    return { blob: new Blob([res.data], { type: String(res.headers['content-type'] ?? 'application/octet-stream') }), filename };
  }
  let body: { error?: { code?: ErrorCode; message?: string; fields?: Record<string, string> } } = {};
  try {
    body = JSON.parse(new TextDecoder().decode(res.data)) as typeof body;
  } catch {
    // not JSON: the status alone
  }
  throw new ApiError(res.status, body.error?.code ?? 'internal', body.error?.message ?? `The server answered ${res.status}`, body.error?.fields);
}

/**
 * The reports' service calls (staff portal). The CSV and the PDF are fetched as bytes with their
 * headers: the viewer saves them under the server's file name and shows a refusal's own message.
 */
export const reportsApi = {
  catalog: () => call(REPORTS.catalog),
  run: async (report: string, params: ReportParamsInput, run: string, signal?: AbortSignal) => {
    const q = await query(report, params);
    q.set('run', run);
    return call(REPORTS.run, { params: { id: report }, query: Object.fromEntries(q) as ReportParamsInput }, { signal });
  },
  cancel: (run: string) => call(REPORTS.cancel, { params: { run } }),
  csv: async (report: string, params: ReportParamsInput): Promise<ReportFile> => file(`${endpointPath(REPORTS.csv, { id: report })}?${await query(report, params)}`),
  pdf: async (report: string, params: ReportParamsInput): Promise<ReportFile> => file(`${endpointPath(REPORTS.pdf, { id: report })}?${await query(report, params)}`),
  /** The parameter bar's choices: staff (the ticket desk's options) and companies by name. */
  staff: async (): Promise<{ id: number; name: string }[]> => (await dataOf(http.get<TicketOptions>('/api/v2/tickets/options'))).staff,
  /** A company's name, for a company the address names (a shared link, a drill-down). */
  company: async (id: number): Promise<{ id: number; name: string }> => {
    const view = await dataOf(http.get<CompanyView>(`/api/v2/companies/${id}`));
    return { id: view.company.id, name: view.company.name };
  },
  companies: async (q: string, signal: AbortSignal): Promise<{ id: number; name: string }[]> =>
    (await dataOf(http.get<{ rows: CompanyRow[] }>('/api/v2/companies', { params: { ...(q ? { q } : {}), size: '20', sort: 'name:asc' }, signal }))).rows.map((c) => ({ id: c.id, name: c.name })),
};
