/** Quotes' and the catalog's tables, queries and forms (instances of the shared machines). */
import type { PublicQuote, QuotePipeline, QuoteType } from '@contracts/quotes';
import { QUOTE_LIMITS } from '@contracts/quotes';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { createSearchTableMachine, type SearchTableSpec } from '@/shared/machines/table/search-table';
import { catalogApi, publicQuoteApi, quotesApi } from '../api';

export const QUOTE_TABLE: SearchTableSpec = {
  search: (p) => quotesApi.search(p),
  filters: { status: 'status', type: 'type', company: 'companyName' },
  pageSizeMax: QUOTE_LIMITS.pageSizeMax,
};
export const quoteTableMachine = createSearchTableMachine(QUOTE_TABLE);
/** A company's quotes (its company-view section). */
export const companyQuoteTable = (companyId: number) => createSearchTableMachine({ ...QUOTE_TABLE, filters: { status: 'status', type: 'type' } }, { company: String(companyId) });

export const CATALOG_TABLE: SearchTableSpec = {
  search: (p) => catalogApi.search(p),
  filters: { category: 'category', active: 'active' },
  pageSizeMax: QUOTE_LIMITS.pageSizeMax,
};
export const catalogTableMachine = createSearchTableMachine(CATALOG_TABLE);

export const pipelineMachine = createQueryMachine('quotePipeline', (_: null): Promise<QuotePipeline> => quotesApi.pipeline());
export const publicQuoteMachine = createQueryMachine('publicQuote', (key: string): Promise<PublicQuote> => publicQuoteApi.view(key));
export const sampleQuoteMachine = createQueryMachine('sampleQuote', (type: QuoteType): Promise<PublicQuote> => quotesApi.sample(type));
/** The layout tester's sample as the PDF the download gives. */
export const samplePdfMachine = createQueryMachine('samplePdf', (type: QuoteType): Promise<Blob> => quotesApi.samplePdf(type));

export type ClientDecision = { key: string; decision: 'accept'; name: string; chosen: number[]; expectedTotalCents: number } | { key: string; decision: 'decline'; name: string; reason: string };
export const clientDecisionMachine = createSubmitMachine<ClientDecision, unknown>('clientDecision', (d) =>
  d.decision === 'accept' ? publicQuoteApi.accept(d.key, d.name, d.chosen, d.expectedTotalCents) : publicQuoteApi.decline(d.key, d.name, d.reason),
);
