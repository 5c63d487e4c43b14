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
  PDF_DEFAULT_LOCALE,
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
