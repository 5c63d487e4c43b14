/** Sample data of the PDF layout tester: long descriptions, 200 lines, sections, optional lines. */
import { netOf, totalsOf, type QuoteLine, type QuoteType } from '@contracts/quotes';
import type { QuotePdfInput } from './pdf';

const WORDS = 'install configure migrate monitor backup restore licence firewall switch laptop mailbox tenant policy endpoint patch audit'.split(' ');

/** Deterministic sample lines: a heading every 25 lines, every 7th line optional, some long descriptions. */
export function sampleLines(count = 200): QuoteLine[] {
  const lines: QuoteLine[] = [];
  let position = 0;
  for (let i = 0; i < count; i++) {
    if (i % 25 === 0) {
      lines.push({ id: ++position, position, kind: 'heading', catalogItemId: null, sku: '', description: `Phase ${i / 25 + 1}`, quantity: 0, unitPriceCents: 0, discountPercent: 0, taxable: false, optional: false, chosen: false, netCents: 0 });
    }
    const long = i % 10 === 3;
    const description = long
      ? `Line ${i + 1}: ${Array.from({ length: 40 }, (_, k) => WORDS[(i + k) % WORDS.length]).join(' ')}`
      : `Line ${i + 1}: ${WORDS[i % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]}`;
    const line = {
      id: ++position,
      position,
      kind: 'item' as const,
      catalogItemId: null,
      sku: `SKU-${String(i + 1).padStart(4, '0')}`,
      description,
      quantity: (i % 5) + 1 + (i % 4 === 0 ? 0.5 : 0),
      unitPriceCents: 1999 + ((i * 1234) % 50000),
      discountPercent: i % 6 === 0 ? 10 : 0,
      taxable: i % 3 !== 0,
      optional: i % 7 === 6,
      chosen: i % 14 === 6,
    };
    lines.push({ ...line, netCents: netOf(line) });
  }
  return lines;
}

export function sampleQuote(type: QuoteType, count = 200, generatedAt = new Date('2026-01-15T12:00:00Z')): QuotePdfInput {
  const lines = sampleLines(count);
  return {
    number: 'Q-SAMPLE-R2',
    type,
    status: 'sent',
    title: 'Managed workplace refresh for 120 seats',
    companyName: 'Acme Manufacturing Ltd',
    contactName: 'Pat Example',
    validUntil: '2026-02-14',
    notes: 'Prices include installation on site during business hours. Optional lines are included only if chosen.',
    terms: 'Payment within 30 days of invoice. Hardware remains our property until paid in full.',
    taxRatePercent: 8.25,
    lines,
    totals: totalsOf(lines, 8.25),
    decision: null,
    generatedAt,
    seller: 'Client Care',
  };
}
