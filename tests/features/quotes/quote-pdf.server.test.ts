import { describe, expect, it } from 'vitest';
import { formatMoney } from '@contracts/quote-money';
import { QUOTE_TYPES } from '@contracts/quotes';
import { renderQuotePdf } from '@server/features/quotes/pdf';
import { sampleQuote } from '@server/features/quotes/sample';
import { pdfText } from '@tests/platform/pdf/pdf-text';

/** The document's text without the footer line that says when it was made. */
const withoutDates = async (pdf: Buffer) => (await pdfText(pdf)).map((page) => page.replace(/Generated .*?(UTC|GMT)/g, 'Generated'));

describe('a quote as a PDF', () => {
  it('has every line and the totals, over several pages with their numbers', async () => {
    const quote = sampleQuote('hardware', 200);
    const pages = await pdfText(await renderQuotePdf(quote));
    const text = pages.join('\n').replace(/\s+/g, ' ');
    expect(pages.length).toBeGreaterThan(5);
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    for (const line of quote.lines.filter((l) => l.kind === 'item')) expect(text, line.sku).toContain(line.sku);
    for (const heading of quote.lines.filter((l) => l.kind === 'heading')) expect(text).toContain(heading.description);
    expect(text).toContain(`Subtotal ${formatMoney(quote.totals.subtotalCents)}`);
    expect(text).toContain(formatMoney(quote.totals.taxCents));
    expect(text).toContain(`Total ${formatMoney(quote.totals.totalCents)}`);
    expect(text).toContain('(optional, not included)');
  });

  it('writes its dates as people read them: valid until and the decision day, not ISO', async () => {
    const quote = { ...sampleQuote('support', 3), validUntil: '2026-02-14', status: 'accepted' as const, decision: { decision: 'accepted' as const, name: 'Casey Client', decidedAt: '2026-02-03T23:30:00.000Z', contentHash: null } };
    const text = (await pdfText(await renderQuotePdf(quote)))[0]!.replace(/\s+/g, ' ');
    expect(text).toContain('Valid until Feb 14, 2026');
    expect(text).toContain('by Casey Client on Feb 3, 2026');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('lays out each type with its own columns', async () => {
    const header = async (type: (typeof QUOTE_TYPES)[number]) => (await pdfText(await renderQuotePdf(sampleQuote(type, 3))))[0]!.replace(/\s+/g, ' ');
    expect(await header('support')).toMatch(/Description Hours Rate Discount Amount/);
    expect(await header('paper')).toMatch(/SKU Description Cases Per case Amount/);
    expect(await header('hardware')).toMatch(/SKU Description Qty Unit price Discount Amount/);
  });

  it('gives the same bytes for the same quote, apart from its creation date', async () => {
    const a = await renderQuotePdf(sampleQuote('project', 60, new Date('2026-01-15T12:00:00Z')));
    const b = await renderQuotePdf(sampleQuote('project', 60, new Date('2026-02-20T08:30:00Z')));
    const c = await renderQuotePdf(sampleQuote('project', 60, new Date('2026-01-15T12:00:00Z')));
    expect(a.equals(c)).toBe(true);
    expect(a.equals(b)).toBe(false);
    expect(await withoutDates(a)).toEqual(await withoutDates(b));
  });
});
