/**
 * The PDF engine: pdfmake 0.3 on the server, with the Roboto fonts pdfmake ships. It runs in the
 * render workers (pool.ts, worker.ts); `renderPdfHere` draws on the calling thread. Nothing is
 * fetched while rendering: URL access is refused, and local file access is allowed for those font
 * files only. Text is real text (selectable and searchable), never an image.
 *
 * The fonts are given by their path inside the pdfmake package rather than through its virtual
 * file system: text inside SVG (chart labels) is drawn by svg-to-pdfkit, which opens the font
 * by name from disk and would otherwise fall back to Helvetica.
 */
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import type { Content, DynamicContent, TDocumentDefinitions } from 'pdfmake/interfaces';
import { renderChartSvg } from '@server/platform/charts/render-svg';
import { TABLE_LAYOUTS } from './blocks';
import { isChartNode, isPageText, isPerPage, PAGE_COUNT, PAGE_NUMBER, PDF_FONT, type PdfDefinition, type PerPage } from './definition';

type PdfMake = typeof import('pdfmake');

const require = createRequire(import.meta.url);
let engine: PdfMake | undefined;

/** pdfmake is a singleton of its thread; it is configured once, on first use. */
function pdfmake(): PdfMake {
  if (engine) return engine;
  const made = require('pdfmake') as PdfMake;
  const fontDir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  made.setFonts({
    [PDF_FONT]: {
      normal: join(fontDir, 'Roboto-Regular.ttf'),
      bold: join(fontDir, 'Roboto-Medium.ttf'),
      italics: join(fontDir, 'Roboto-Italic.ttf'),
      bolditalics: join(fontDir, 'Roboto-MediumItalic.ttf'),
    },
  });
  // Documents carry their images and SVG inline: no downloads, and no files but the fonts.
  made.setUrlAccessPolicy(() => false);
  made.setLocalAccessPolicy((path) => resolve(path).startsWith(fontDir + sep));
  made.addTableLayouts(TABLE_LAYOUTS);
  return (engine = made);
}

/** A copy of the content with each chart node drawn as SVG and each page text filled in. */
function expand(node: unknown, page?: { number: number; count: number }): unknown {
  if (Array.isArray(node)) return node.map((n) => expand(n, page));
  if (typeof node !== 'object' || node === null || node instanceof Date || ArrayBuffer.isView(node)) return node;
  if (isChartNode(node)) {
    const { chart, width, height, ...rest } = node;
    return { svg: renderChartSvg(chart, { width, height }), width, height, ...rest };
  }
  if (page && isPageText(node)) {
    const { pageText, ...rest } = node;
    return { text: pageText.split(PAGE_NUMBER).join(String(page.number)).split(PAGE_COUNT).join(String(page.count)), ...rest };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, expand(value, page)]));
}

const perPage = (furniture: PerPage | undefined): DynamicContent | undefined =>
  isPerPage(furniture) ? (number, count) => expand(furniture.perPage, { number, count }) as Content : undefined;

/** The definition as pdfmake takes it: page furniture as functions, charts drawn, our font and producer. */
export function toPdfmake(definition: PdfDefinition): TDocumentDefinitions {
  const { header, footer, content, ...rest } = definition;
  const header_ = perPage(header);
  const footer_ = perPage(footer);
  return {
    ...rest,
    ...(header_ ? { header: header_ } : {}),
    ...(footer_ ? { footer: footer_ } : {}),
    content: expand(content) as Content,
    defaultStyle: { font: PDF_FONT, fontSize: 10, ...definition.defaultStyle },
    info: { producer: 'Client Care', creator: 'Client Care', ...definition.info },
  };
}

/**
 * Renders a document definition to PDF bytes on this thread (the render workers call it; the
 * product calls `renderPdf`, which sends the work to them). `definition.info.creationDate` fixes
 * the creation date (otherwise now): the same definition with the same date gives the same bytes.
 */
export async function renderPdfHere(definition: PdfDefinition): Promise<Buffer> {
  return pdfmake().createPdf(toPdfmake(definition)).getBuffer();
}
