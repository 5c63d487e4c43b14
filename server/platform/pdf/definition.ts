/**
 * A PDF document as plain data: what crosses from the HTTP thread to a render worker
 * (server/platform/pdf/pool.ts). pdfmake's document definition, without functions: the parts
 * pdfmake would take as functions are described instead, and the worker turns them back
 * (server/platform/pdf/engine.ts):
 * - a header or footer is `{ perPage: content }`, drawn on every page; in it a node
 *   `{ pageText: 'Page {page} of {pages}' }` becomes text with the page's number and the count;
 * - a table's layout is the name of one registered by the engine (TABLE_LAYOUTS in blocks.ts);
 * - a chart is `{ chart: spec, width, height }`, drawn by ECharts' SVG renderer in the worker.
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { ChartSpec } from '@contracts/charts';

/** The one font of our PDFs. */
export const PDF_FONT = 'Roboto';

/** In a page's text, replaced by the page's number and the number of pages. */
export const PAGE_NUMBER = '{page}';
export const PAGE_COUNT = '{pages}';

/** A header or footer drawn on every page. */
export type PerPage = { perPage: Content };
/** Text of a header or footer holding PAGE_NUMBER and PAGE_COUNT, with pdfmake's text style. */
export type PageTextNode = { pageText: string } & Record<string, unknown>;
/** A chart drawn in the worker from the same spec the screens use. */
export type ChartNode = { chart: ChartSpec; width: number; height: number };

export type PdfDefinition = Omit<TDocumentDefinitions, 'header' | 'footer'> & { header?: PerPage; footer?: PerPage };

export const isPerPage = (value: unknown): value is PerPage => typeof value === 'object' && value !== null && 'perPage' in value;
export const isPageText = (value: object): value is PageTextNode => typeof (value as { pageText?: unknown }).pageText === 'string';
export const isChartNode = (value: object): value is ChartNode => 'chart' in value && typeof (value as { chart?: unknown }).chart === 'object';
