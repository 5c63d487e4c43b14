/** A quote as a PDF, through the one PDF service: the standard page, its lines as a table, per type. */
import type { Content } from 'pdfmake/interfaces';
import { formatMoney } from '@contracts/quote-money';
import { QUOTE_LAYOUTS, QUOTE_STATUS_LABELS, type QuoteDecision, type QuoteDocumentData, type QuoteLine, type QuoteStatus } from '@contracts/quotes';
import { formatPdfDate, formatPdfDay, renderPdf, standardPage, summaryBlock, tableBlock, type PdfCellValue, type PdfColumn } from '@server/platform/pdf';

export type QuotePdfInput = QuoteDocumentData & {
  status: QuoteStatus;
  decision: Pick<QuoteDecision, 'decision' | 'name' | 'decidedAt' | 'contentHash'> | null;
  generatedAt: Date;
  /** The seller's name in the header. */
  seller: string;
  logoSvg?: string;
};

/** The document definition: exposed so the layout tester shows exactly what the download draws. */
export function quotePdfDefinition(q: QuotePdfInput) {
  const layout = QUOTE_LAYOUTS[q.type];
  const columns: PdfColumn[] = [
    ...(layout.showSku ? [{ header: 'SKU' }] : []),
    { header: 'Description' },
    { header: layout.quantityLabel, kind: 'count' as const },
    { header: layout.priceLabel, kind: 'money' as const },
    ...(layout.showDiscount ? [{ header: 'Discount', kind: 'percent' as const }] : []),
    { header: 'Amount', kind: 'money' as const },
  ];
  const widths = [...(layout.showSku ? [60 as const] : []), '*' as const, 40, 60, ...(layout.showDiscount ? [48] : []), 64] as (number | '*')[];
  const rowOf = (l: QuoteLine): PdfCellValue[] => [
    ...(layout.showSku ? [l.sku] : []),
    l.optional ? `${l.description}\n(optional${l.chosen ? ', chosen' : ', not included'})` : l.description,
    l.quantity.toLocaleString('en-US', { maximumFractionDigits: 2 }),
    l.unitPriceCents,
    ...(layout.showDiscount ? [l.discountPercent ? l.discountPercent : null] : []),
    l.optional && !l.chosen ? null : l.netCents,
  ];
  const blocks: Content[] = [];
  let section: QuoteLine[] = [];
  let sectionTitle: string | null = null;
  const flush = () => {
    if (!section.length && sectionTitle === null) return;
    if (sectionTitle !== null) blocks.push({ text: sectionTitle, bold: true, fontSize: 11, margin: [0, 6, 0, 4] });
    if (section.length) blocks.push(tableBlock(columns, section.map(rowOf), { widths }));
    section = [];
    sectionTitle = null;
  };
  for (const line of q.lines) {
    if (line.kind === 'heading') {
      flush();
      sectionTitle = line.description || 'Section';
    } else section.push(line);
  }
  flush();
  const totalsRows: PdfCellValue[][] = [
    ['Subtotal', q.totals.subtotalCents],
    [`Tax (${q.taxRatePercent.toFixed(2)}% on taxable lines)`, q.totals.taxCents],
    ['Total', q.totals.totalCents],
  ];
  const status = q.decision
    ? `${QUOTE_STATUS_LABELS[q.status]} by ${q.decision.name} on ${formatPdfDate(q.decision.decidedAt)}${q.decision.contentHash ? ` (content SHA-256 ${q.decision.contentHash.slice(0, 16)}…)` : ''}`
    : QUOTE_STATUS_LABELS[q.status];
  return standardPage({
    title: `${layout.heading} ${q.number}`,
    company: { name: q.seller, ...(q.logoSvg ? { logoSvg: q.logoSvg } : {}) },
    generatedAt: q.generatedAt,
    info: { subject: q.title || layout.heading },
    content: [
      {
        columns: [
          { stack: [{ text: 'Prepared for', color: '#52606D', fontSize: 8 }, { text: q.companyName || '—', bold: true }, { text: q.contactName }] },
          {
            stack: [
              { text: `Valid until ${formatPdfDay(q.validUntil)}`, alignment: 'right' },
              { text: `Status: ${status}`, alignment: 'right', fontSize: 9, color: '#52606D' },
            ],
          },
        ],
        margin: [0, 0, 0, 10],
      },
      ...(q.title ? [{ text: q.title, fontSize: 12, bold: true, margin: [0, 0, 0, 4] } as Content] : []),
      summaryBlock(layout.intro),
      ...blocks,
      {
        table: { widths: ['*', 90], body: totalsRows.map(([k, v], i) => [{ text: String(k), alignment: 'right', bold: i === 2 }, { text: formatMoney(Number(v)), alignment: 'right', bold: i === 2 }]) },
        layout: 'noBorders',
        margin: [0, 4, 0, 12],
        unbreakable: true,
      } as Content,
      ...(q.notes ? [{ text: 'Notes', bold: true, margin: [0, 6, 0, 2] } as Content, { text: q.notes, fontSize: 9 } as Content] : []),
      ...(q.terms ? [{ text: 'Terms', bold: true, margin: [0, 6, 0, 2] } as Content, { text: q.terms, fontSize: 9 } as Content] : []),
    ],
  });
}

export const renderQuotePdf = (q: QuotePdfInput): Promise<Buffer> => renderPdf(quotePdfDefinition(q));
