/** Approved travel expense claims as CSV (one row per line) and one claim as a PDF with its receipts' thumbnails, through the one PDF service. */
import { readFile } from 'node:fs/promises';
import type { Content } from 'pdfmake/interfaces';
import sharp from 'sharp';
import { toCsv, type CsvColumn } from '@contracts/common/csv';
import { EXPENSE_CSV_COLUMNS, EXPENSE_KIND_LABELS, HOME_CURRENCY, RATE_SCALE, claimTotal, type ExpenseKind, type Receipt } from '@contracts/expenses';
import { formatCents, formatMoney } from '@contracts/quote-money';
import { formatPdfDay, renderPdf, standardPage, summaryBlock, tableBlock } from '@server/platform/pdf';
import type { UploadStore } from '@server/platform/uploads';
import type { ExportLine } from './expenses.repo';

const rate = (micros: number) => String(micros / RATE_SCALE);
const original = (l: ExportLine) => (l.kind === 'mileage' ? `${formatCents(l.distanceHundredths)} mi` : `${formatCents(l.amountCents)} ${l.currency}`);

const VALUES: ((l: ExportLine) => unknown)[] = [
  (l) => l.requestId,
  (l) => l.requester,
  (l) => l.purpose,
  (l) => l.destination,
  (l) => l.position + 1,
  (l) => EXPENSE_KIND_LABELS[l.kind as ExpenseKind] ?? l.kind,
  (l) => l.day,
  (l) => l.merchant,
  (l) => l.description,
  (l) => (l.kind === 'mileage' ? formatCents(l.distanceHundredths) : formatCents(l.amountCents)),
  (l) => (l.kind === 'mileage' ? 'mi' : l.currency),
  (l) => rate(l.rateMicros),
  (l) => l.rateDay,
  (l) => formatCents(l.homeCents),
  (l) => (l.billable ? 'yes' : 'no'),
  (l) => l.quoteNumber ?? '',
];
const COLUMNS: CsvColumn<ExportLine>[] = EXPENSE_CSV_COLUMNS.map((header, i) => ({ header, value: VALUES[i]! }));

export const expensesCsv = (lines: readonly ExportLine[]) => toCsv(lines, COLUMNS);

/** The thumbnail of an image receipt as a PNG data URL (pdfmake draws PNG and JPEG), or null. */
async function thumbnailPng(store: UploadStore, key: string | null): Promise<string | null> {
  if (!key) return null;
  const bytes = await readFile(store.pathOf(key)).catch(() => null);
  if (!bytes) return null;
  const png = await sharp(bytes).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export async function expenseClaimPdf(
  claim: { id: number; title: string; requester: string; startDate: string; endDate: string },
  lines: readonly ExportLine[],
  receipts: Map<number, Receipt & { thumbnailKey: string | null }>,
  store: UploadStore,
  generatedAt: Date,
): Promise<Buffer> {
  const receiptBlocks: Content[] = [];
  for (const l of lines) {
    for (const id of l.receiptIds) {
      const r = receipts.get(id);
      if (!r) continue;
      const image = await thumbnailPng(store, r.thumbnailKey);
      receiptBlocks.push({
        unbreakable: true,
        margin: [0, 4, 0, 4],
        columns: [
          image ? { image, fit: [120, 120], width: 130 } : { text: 'PDF', width: 130, fontSize: 9, color: '#555' },
          { text: `Line ${l.position + 1} · ${l.day} · ${l.merchant || l.description}\n${r.name}`, fontSize: 9 },
        ],
      });
    }
  }
  return renderPdf(
    standardPage({
      title: `Travel expense claim #${claim.id}`,
      company: { name: 'Client Care' },
      generatedAt,
      content: [
        summaryBlock(`${claim.title}, by ${claim.requester}, ${formatPdfDay(claim.startDate)} to ${formatPdfDay(claim.endDate)}. Total ${formatMoney(claimTotal(lines))} (${HOME_CURRENCY}).`),
        tableBlock(
          [{ header: '#' }, { header: 'Date' }, { header: 'Kind' }, { header: 'Merchant / description' }, { header: 'Original' }, { header: 'Rate' }, { header: `Amount (${HOME_CURRENCY})` }],
          lines.map((l) => [
            String(l.position + 1),
            formatPdfDay(l.day),
            EXPENSE_KIND_LABELS[l.kind as ExpenseKind] ?? l.kind,
            [l.merchant, l.description].filter(Boolean).join(': '),
            original(l),
            `${rate(l.rateMicros)} (${l.rateDay})`,
            formatCents(l.homeCents),
          ]),
          { widths: [16, 'auto', 'auto', '*', 'auto', 'auto', 'auto'] },
        ),
        { text: 'Receipts', bold: true, fontSize: 11, margin: [0, 12, 0, 4] },
        ...(receiptBlocks.length ? receiptBlocks : [{ text: 'No receipts attached.', fontSize: 9 }]),
      ],
    }),
  );
}
