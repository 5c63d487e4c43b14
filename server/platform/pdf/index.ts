export { renderPdf, PDF_FONT, type PdfDefinition } from './render';
export { renderPool, RenderPool, type ChartRenderOptions, type RenderJob, type RenderResult } from './pool';
export {
  chartBlock,
  CONTENT_WIDTH,
  defaultLogoSvg,
  formatCell,
  formatGeneratedAt,
  formatPdfDate,
  formatPdfDay,
  PAGE,
  standardPage,
  summaryBlock,
  tableBlock,
  type ChartBlockOptions,
  type PdfCellValue,
  type PdfColumn,
  type PdfColumnKind,
  type StandardPageOptions,
  type TableBlockOptions,
} from './blocks';
