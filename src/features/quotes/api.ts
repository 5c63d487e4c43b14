/** Service calls of quotes and the item catalog (staff), and of the client's quote page (public). */
import { COMPANIES, type CompanyRow, type Paged } from '@contracts/companies';
import type { z } from '@contracts/common/zod';
import { QUOTES, type CatalogItemInput, type CatalogUpdateInput, type QuoteDraftInput, type QuoteSaveInput, type QuoteType, type catalogSearchSchema, type quoteSearchSchema } from '@contracts/quotes';
import { call, dataOf, http, type QueryParams } from '@/shared/http/http';

/** A list's URL parameters (the search tables pass them as text); the server checks them against the endpoint's query. */
const listQuery = <S extends typeof quoteSearchSchema | typeof catalogSearchSchema>(params: QueryParams) => params as z.input<S>;

export const catalogApi = {
  search: (params: QueryParams) => call(QUOTES.catalogSearch, { query: listQuery<typeof catalogSearchSchema>(params) }),
  create: (input: CatalogItemInput) => call(QUOTES.catalogCreate, { body: input }),
  update: (id: number, input: CatalogUpdateInput) => call(QUOTES.catalogUpdate, { params: { id }, body: input }),
  remove: (id: number) => call(QUOTES.catalogDelete, { params: { id } }),
  import: (csv: string, commit: boolean) => call(QUOTES.catalogImport, { body: { csv, commit } }),
  /** The catalog as CSV (a file answer). */
  exportCsv: async (): Promise<string> => (await call(QUOTES.catalogExport)).text(),
};

export const quotesApi = {
  search: (params: QueryParams) => call(QUOTES.search, { query: listQuery<typeof quoteSearchSchema>(params) }),
  pipeline: () => call(QUOTES.pipeline),
  view: (id: number) => call(QUOTES.view, { params: { id } }),
  /** A new quote from its first draft; `keep` (an explicit save) numbers it at once. */
  create: (draft: QuoteDraftInput, keep = false) => call(QUOTES.create, { body: { ...draft, keep } }),
  save: (id: number, draft: QuoteSaveInput) => call(QUOTES.save, { params: { id }, body: draft }),
  /** Discards a draft that was never kept (it has no number yet). */
  discard: (id: number) => call(QUOTES.discard, { params: { id } }),
  send: (id: number, version: number) => call(QUOTES.send, { params: { id }, body: { version } }),
  revise: (id: number) => call(QUOTES.revise, { params: { id } }),
  decide: (id: number, status: 'accepted' | 'declined', note = '') => call(QUOTES.decide, { params: { id }, body: { status, note } }),
  pdf: (id: number) => call(QUOTES.pdf, { params: { id } }),
  samplePdf: (type: QuoteType) => call(QUOTES.samplePdf, { query: { type } }),
  sample: (type: QuoteType) => call(QUOTES.sample, { query: { type } }),
};

export const publicQuoteApi = {
  view: (key: string) => call(QUOTES.publicView, { params: { key } }),
  accept: (key: string, name: string, chosenLineIds: number[], expectedTotalCents: number) => call(QUOTES.publicAccept, { params: { key }, body: { name, chosenLineIds, expectedTotalCents } }),
  decline: (key: string, name: string, reason: string) => call(QUOTES.publicDecline, { params: { key }, body: { name, reason } }),
};

/** Options of the editor's pickers: companies and active catalog items matching typed text. */
export const pickerApi = {
  // The companies feature's list endpoint has no definition yet: called by its path until it has one.
  companies: async (q: string, signal: AbortSignal) =>
    (await dataOf(http.get<Paged<CompanyRow>>('/api/v2/companies', { params: { q, size: '10' }, signal }))).rows.map((c) => ({
      id: c.id,
      label: c.name,
      description: c.account_number,
    })),
  /** The contacts of a company, with their email (who a quote can go to). */
  contacts: async (companyId: number) =>
    (await call(COMPANIES.view, { params: { id: companyId } })).contacts.map((c) => ({ id: c.id, name: c.name, email: c.email ?? '' })),
  items: async (q: string) => (await call(QUOTES.catalogSearch, { query: { ...(q ? { q } : {}), active: 'true', size: 15 } })).rows,
};
