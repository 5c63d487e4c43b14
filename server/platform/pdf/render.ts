/**
 * The PDF service: pdfmake 0.3 on the server, with the Roboto fonts pdfmake ships. Nothing is
 * fetched while rendering: URL access is refused, and local file access is allowed for those
 * font files only. Text is real text (selectable and searchable), never an image.
 *
 * The fonts are given by their path inside the pdfmake package rather than through its virtual
 * file system: text inside SVG (chart labels) is drawn by svg-to-pdfkit, which opens the font
 * by name from disk and would otherwise fall back to Helvetica.
 */
import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

type PdfMake = typeof import('pdfmake');

const require = createRequire(import.meta.url);
let engine: PdfMake | undefined;

/** The one font of our PDFs. */
export const PDF_FONT = 'Roboto';

/** pdfmake is a process-wide singleton; it is configured once, on first use. */
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
  return (engine = made);
}

export type PdfDefinition = TDocumentDefinitions;

/**
 * Renders a document definition to PDF bytes. pdfmake fills in defaults on the object it is
 * given, so build a fresh definition per document. `definition.info.creationDate` fixes the
 * creation date (otherwise now): the same definition with the same date gives the same bytes.
 */
export async function renderPdf(definition: PdfDefinition): Promise<Buffer> {
  const doc: PdfDefinition = {
    ...definition,
    defaultStyle: { font: PDF_FONT, fontSize: 10, ...definition.defaultStyle },
    info: { producer: 'Client Care', creator: 'Client Care', ...definition.info },
  };
  return pdfmake().createPdf(doc).getBuffer();
}
