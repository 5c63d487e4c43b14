/** Service calls of quotes and the item catalog (staff), and of the client's quote page (public). */
import type {
  CatalogImportResult,
  CatalogItem,
  CatalogItemInput,
  CatalogUpdateInput,
  Paged,
  PublicQuote,
  QuoteDecision,
  QuoteDraftInput,
  QuotePipeline,
  QuoteRow,
  QuoteSendInput,
  QuoteView,
} from '@contracts/quotes';
import { dataOf, http, type QueryParams } from '@/shared/http/http';

export const catalogApi = {
  search: (params: QueryParams): Promise<Paged<CatalogItem>> => dataOf(http.get<Paged<CatalogItem>>('/api/v2/catalog', { params })),
  create: (input: CatalogItemInput): Promise<CatalogItem> => dataOf(http.post<CatalogItem>('/api/v2/catalog', input)),
  update: (id: number, input: CatalogUpdateInput): Promise<CatalogItem> => dataOf(http.patch<CatalogItem>(`/api/v2/catalog/${id}`, input)),
  async remove(id: number): Promise<void> {
    await http.delete(`/api/v2/catalog/${id}`);
  },
  import: (csv: string, commit: boolean): Promise<CatalogImportResult> => dataOf(http.post<CatalogImportResult>('/api/v2/catalog/import', { csv, commit })),
  exportCsv: (): Promise<string> => dataOf(http.get<string>('/api/v2/catalog/export', { responseType: 'text' })),
};

export type QuoteSave = QuoteDraftInput & { baseVersion?: number };

export const quotesApi = {
  search: (params: QueryParams): Promise<Paged<QuoteRow>> => dataOf(http.get<Paged<QuoteRow>>('/api/v2/quotes', { params })),
  pipeline: (): Promise<QuotePipeline> => dataOf(http.get<QuotePipeline>('/api/v2/quotes/pipeline')),
  view: (id: number): Promise<QuoteView> => dataOf(http.get<QuoteView>(`/api/v2/quotes/${id}`)),
  create: (draft: QuoteDraftInput): Promise<QuoteView> => dataOf(http.post<QuoteView>('/api/v2/quotes', draft)),
  save: (id: number, draft: QuoteSave): Promise<QuoteView> => dataOf(http.put<QuoteView>(`/api/v2/quotes/${id}`, draft)),
  send: (id: number, version: number): Promise<QuoteView> => dataOf(http.post<QuoteView>(`/api/v2/quotes/${id}/send`, { version } satisfies QuoteSendInput)),
  revise: (id: number): Promise<QuoteView> => dataOf(http.post<QuoteView>(`/api/v2/quotes/${id}/revise`)),
  decide: (id: number, status: 'accepted' | 'declined', note = ''): Promise<QuoteView> => dataOf(http.post<QuoteView>(`/api/v2/quotes/${id}/status`, { status, note })),
  pdf: (id: number): Promise<Blob> => dataOf(http.get<Blob>(`/api/v2/quotes/${id}/pdf`, { responseType: 'blob' })),
  samplePdf: (type: string): Promise<Blob> => dataOf(http.get<Blob>('/api/v2/quotes/sample-pdf', { params: { type }, responseType: 'blob' })),
  sample: (type: string): Promise<PublicQuote> => dataOf(http.get<PublicQuote>('/api/v2/quotes/sample', { params: { type } })),
};

type Decided = { decision: Pick<QuoteDecision, 'decision' | 'name' | 'decidedAt' | 'totalCents'> };
export const publicQuoteApi = {
  view: (key: string): Promise<PublicQuote> => dataOf(http.get<PublicQuote>(`/api/v2/public/quotes/${encodeURIComponent(key)}`)),
  accept: (key: string, name: string, chosenLineIds: number[], expectedTotalCents: number): Promise<Decided> =>
    dataOf(http.post<Decided>(`/api/v2/public/quotes/${encodeURIComponent(key)}/accept`, { name, chosenLineIds, expectedTotalCents })),
  decline: (key: string, name: string, reason: string): Promise<Decided> =>
    dataOf(http.post<Decided>(`/api/v2/public/quotes/${encodeURIComponent(key)}/decline`, { name, reason })),
};

/** Options of the editor's pickers: companies and active catalog items matching typed text. */
export const pickerApi = {
  companies: async (q: string, signal: AbortSignal) =>
    (await dataOf(http.get<Paged<{ id: number; name: string; account_number: string }>>('/api/v2/companies', { params: { q, size: '10' }, signal }))).rows.map((c) => ({
      id: c.id,
      label: c.name,
      description: c.account_number,
    })),
  items: async (q: string, signal: AbortSignal) =>
    (await dataOf(http.get<Paged<CatalogItem>>('/api/v2/catalog', { params: { ...(q ? { q } : {}), active: 'true', size: '15' }, signal }))).rows,
};
