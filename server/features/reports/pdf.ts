/** A report as a PDF: the summary, the chart drawn on the server from the same spec, and the table with its totals. */
import type { ReportColumnKind, ReportResult } from '@contracts/reports';
import { chartBlock, renderPdf, standardPage, summaryBlock, tableBlock, type PdfColumnKind } from '@server/platform/pdf';

const pdfKind = (k: ReportColumnKind): PdfColumnKind => (k === 'date' ? 'text' : k);

export async function reportPdf(result: ReportResult, companyName: string): Promise<Buffer> {
  const wide = result.columns.length > 6;
  const lines = [result.period ? `Period: ${result.period.label}` : 'Tickets as they are now', result.summary];
  if (result.capped) lines.push(`The table shows the first ${result.rows.length} rows; the CSV export holds them all.`);
  const cell = (v: unknown) => (v === undefined ? null : (v as string | number | null));
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
          result.rows.map((r) => result.columns.map((c) => cell(r[c.key]))),
          result.totals ? { totals: result.columns.map((c) => cell(result.totals![c.key])) } : {},
        ),
      ],
    }),
  );
}
