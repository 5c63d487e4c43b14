/**
 * The PDF service: `renderPdf(definition)` draws a document on a render worker (pool.ts) and
 * answers its bytes; the HTTP thread only sends plain data and receives them. The same
 * definition with the same `info.creationDate` gives the same bytes, on whichever worker.
 */
import type { PdfDefinition } from './definition';
import { renderPool } from './pool';

export { PDF_FONT, type PdfDefinition } from './definition';

/** Renders a document definition (plain data, built with the blocks) to PDF bytes, off the HTTP thread. */
export function renderPdf(definition: PdfDefinition): Promise<Buffer> {
  return renderPool().pdf(definition);
}
