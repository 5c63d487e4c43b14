/** A report as a PDF: the summary, the chart drawn on the server from the same spec, and the table with its totals. */
import type { ReportColumnKind, ReportResult } from '@contracts/reports';
import { formatNps } from '@contracts/surveys';
import { chartBlock, formatPdfDay, PDF_DEFAULT_LOCALE, renderPdf, standardPage, summaryBlock, tableBlock, type PdfColumnKind } from '@server/platform/pdf';
import { formatMonth } from '@contracts/common/dates';

/** Dates are written as the report gives them; an NPS is written whole and signed, aligned as a number. */
const pdfKind = (k: ReportColumnKind): PdfColumnKind => (k === 'date' ? 'text' : k === 'nps' ? 'count' : k);

export async function reportPdf(result: ReportResult, companyName: string): Promise<Buffer> {
  const wide = result.columns.length > 6;
  const lines = [result.period ? `Period: ${result.period.label}` : 'Tickets as they are now', result.summary];
  if (result.capped) lines.push(`The table shows the first ${result.rows.length} rows; the CSV export holds them all.`);
  const cell = (v: unknown, kind: ReportColumnKind) => {
    if (v === undefined) return null;
    if (kind === 'nps' && typeof v === 'number') return formatNps(v);
    // A day or a month bucket in words, as on the screen ("Nov 16, 2026", "Nov 2026").
    if (kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatPdfDay(v);
    if (kind === 'date' && typeof v === 'string' && /^\d{4}-\d{2}$/.test(v)) return formatMonth(v, { locale: PDF_DEFAULT_LOCALE, short: true });
    return v as string | number | null;
  };
  return renderPdf(
    standardPage({
      title: result.report.title,
      company: { name: companyName },
      generatedAt: new Date(result.generatedAt),
      pageOrientation: wide ? 'landscape' : 'portrait',
      content: [
        summaryBlock(lines.join('\n')),
        ...(result.chart ? [chartBlock(result.chart, { summary: false, ...(wide ? { width: 760, height: 300 } : {}) })] : []),
        tableBlock(
          result.columns.map((c) => ({ header: c.label, kind: pdfKind(c.kind) })),
          result.rows.map((r) => result.columns.map((c) => cell(r[c.key], c.kind))),
          result.totals ? { totals: result.columns.map((c) => cell(result.totals![c.key], c.kind)) } : {},
        ),
      ],
    }),
  );
}
