import { describe, expect, it } from 'vitest';
import { chartSpec } from '@contracts/charts';
import { chartBlock, formatCell, formatGeneratedAt, renderPdf, standardPage, summaryBlock, tableBlock } from '@server/platform/pdf';
import { pdfText } from './pdf-text';

const ROWS = 200;
const rows = Array.from({ length: ROWS }, (_, i) => [`Item ${String(i + 1).padStart(3, '0')} support hours`, i + 1, (i + 1) * 1999]);
const totals = ['Total', rows.reduce((s, r) => s + (r[1] as number), 0), rows.reduce((s, r) => s + (r[2] as number), 0)];
const spec = chartSpec({
  kind: 'bar',
  title: 'Amount by month',
  summary: 'March brought the most.',
  unit: 'money',
  categories: ['January', 'February', 'March'],
  series: [{ name: 'Amount', values: [120000, 80050, 310099] }],
});

const report = (generatedAt = new Date('2026-03-31T12:00:00Z')) =>
  standardPage({
    title: 'Quote Q-2026-0042',
    company: { name: 'Northwind Technology Services' },
    generatedAt,
    content: [
      summaryBlock('Two hundred lines, their totals and a chart.'),
      chartBlock(spec),
      tableBlock([{ header: 'Description' }, { header: 'Qty', kind: 'count' }, { header: 'Amount', kind: 'money' }], rows, { totals }),
    ],
  });

describe('PDF service', () => {
  it('renders a 200-row table with a chart as real text: every row, the totals, the chart labels and "Page 3 of N"', async () => {
    const pages = await pdfText(await renderPdf(report()));
    const text = pages.join('\n');
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (const [description, qty, amount] of rows) {
      expect(text).toContain(`${description}   ${qty}   ${formatCell(amount!, 'money')}`);
    }
    expect(text).toContain(`Total   20,100   ${formatCell(totals[2]!, 'money')}`);
    expect(formatCell(totals[2]!, 'money')).toBe('401,799.00');
    // The chart is drawn from the same spec as on screen, its labels are text too.
    expect(pages[0]).toContain('Amount by month');
    expect(pages[0]).toContain('3,100.99');
    expect(pages[0]).toContain('March brought the most.');
    // Standard page: the company in the header and the page count in the footer of every page.
    pages.forEach((page, i) => {
      expect(page).toContain('Northwind Technology Services');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toContain('Generated Mar 31, 2026, 12:00 PM UTC');
    });
    expect(pages[2]).toContain(`Page 3 of ${pages.length}`);
    // The table header repeats on the pages the table runs over.
    expect(pages.slice(1).every((page) => page.includes('Description   Qty   Amount'))).toBe(true);
  });

  it('says when it was made to the minute, the hour without a leading zero, and names the zone', () => {
    expect(formatGeneratedAt(new Date('2026-11-26T14:05:42Z'))).toBe('Nov 26, 2026, 2:05 PM UTC');
    expect(formatGeneratedAt(new Date('2026-11-26T14:05:42Z'), 'en-US', 'America/New_York')).toBe('Nov 26, 2026, 9:05 AM EST');
  });

  it('gives identical bytes for identical input, and only the creation date changes them', async () => {
    const first = await renderPdf(report());
    const second = await renderPdf(report());
    expect(first.equals(second)).toBe(true);
    const later = await renderPdf({ ...report(), info: { title: 'Quote Q-2026-0042', creationDate: new Date('2026-04-01T00:00:00Z') } });
    expect(later.equals(first)).toBe(false);
    expect(later.length).toBe(first.length);
  });

  it('refuses to fetch anything while rendering (images by URL or from disk)', async () => {
    await expect(renderPdf({ content: [{ image: 'https://example.com/logo.png' }] })).rejects.toThrow(/policy|not allowed|access/i);
    await expect(renderPdf({ content: [{ image: '/etc/passwd' }] })).rejects.toThrow();
  });

  it('draws a chart whose title and summary hold replacement patterns ($1, $&, $`, $\')', async () => {
    const titled = chartSpec({ ...spec, title: "Closed sales $' by $1", summary: 'Acme $& Globex $` won' });
    const pages = await pdfText(await renderPdf(standardPage({ title: 'Closed sales', company: { name: 'Acme $1' }, generatedAt: new Date('2026-03-31T12:00:00Z'), content: [chartBlock(titled)] })));
    expect(pages[0]).toContain('Acme $& Globex $` won');
    expect(pages[0]).toContain('3,100.99');
  });

  it('aligns numbers and money right and leaves text left', () => {
    const block = tableBlock([{ header: 'Name' }, { header: 'Hours', kind: 'hours' }, { header: 'Share', kind: 'percent' }], [['Ann', 1.5, 41.5]]) as {
      table: { headerRows: number; body: { text: string; alignment: string }[][] };
    };
    expect(block.table.headerRows).toBe(1);
    expect(block.table.body[1]!.map((c) => [c.text, c.alignment])).toEqual([
      ['Ann', 'left'],
      ['1.5 h', 'right'],
      ['41.50 %', 'right'],
    ]);
  });
});
