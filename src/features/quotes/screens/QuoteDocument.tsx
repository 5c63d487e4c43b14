import { formatMoney } from '@contracts/quote-money';
import { QUOTE_LAYOUTS, lineCounts, type QuoteDocumentData, type QuoteLine } from '@contracts/quotes';
import { formatDate } from '@/shared/ui/tokens/format';
import styles from './quotes.module.css';
import { ScrollBox } from '@/shared/ui/ScrollBox';

export type QuoteDocumentProps = Omit<QuoteDocumentData, 'lines'> & {
  lines: readonly QuoteLine[];
  /** Optional lines get a checkbox (the client's page): chosen ids and the change handler. */
  choose?: { chosen: ReadonlySet<number>; onToggle: (id: number) => void; disabled?: boolean };
};

const qty = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** A quote as the client sees it, laid out by its type (docs/adr/0085-quote-layouts-by-type.md); the PDF follows the same layout. */
export function QuoteDocument(p: QuoteDocumentProps) {
  const layout = QUOTE_LAYOUTS[p.type];
  const columns = 4 + (layout.showSku ? 1 : 0) + (layout.showDiscount ? 1 : 0) + (p.choose ? 1 : 0);
  const isChosen = (l: QuoteLine) => (p.choose ? p.choose.chosen.has(l.id) : l.chosen);
  return (
    <article className={styles.doc} aria-label={`${layout.heading} ${p.number}`}>
      <header className={styles.docHead}>
        <div>
          <h2>
            {layout.heading} {p.number}
          </h2>
          {p.title ? <p>{p.title}</p> : null}
          <p className={styles.muted}>{layout.intro}</p>
        </div>
        <div>
          <p className={styles.muted}>Prepared for</p>
          <p>
            <strong>{p.companyName || '—'}</strong>
            {p.contactName ? <><br />{p.contactName}</> : null}
          </p>
          <p className={styles.muted}>Valid until {formatDate(`${p.validUntil}T12:00:00Z`)}</p>
        </div>
      </header>
      <ScrollBox label={`Lines of ${p.number}`} className={styles.tableWrap}>
        <table className={`${styles.lines} ${styles.stackOnPhone}`}>
          <caption className="sr-only">Lines of {p.number}</caption>
          <thead>
            <tr>
              {p.choose ? <th scope="col">Include</th> : null}
              {layout.showSku ? <th scope="col">SKU</th> : null}
              <th scope="col">Description</th>
              <th scope="col" className={styles.num}>{layout.quantityLabel}</th>
              <th scope="col" className={styles.num}>{layout.priceLabel}</th>
              {layout.showDiscount ? <th scope="col" className={styles.num}>Discount</th> : null}
              <th scope="col" className={styles.num}>Amount</th>
            </tr>
          </thead>
          <tbody>
            {p.lines.map((l) =>
              l.kind === 'heading' ? (
                <tr key={l.id} className={styles.section}>
                  <td colSpan={columns}>{l.description || 'Section'}</td>
                </tr>
              ) : (
                <tr key={l.id} className={l.optional ? styles.optional : undefined}>
                  {p.choose ? (
                    <td data-label="Include">
                      {l.optional ? (
                        <input
                          type="checkbox"
                          aria-label={`Include optional ${l.description.split('\n')[0]}`}
                          checked={p.choose.chosen.has(l.id)}
                          disabled={p.choose.disabled}
                          onChange={() => p.choose!.onToggle(l.id)}
                        />
                      ) : (
                        <span className={styles.muted}>Included</span>
                      )}
                    </td>
                  ) : null}
                  {layout.showSku ? <td data-label="SKU">{l.sku}</td> : null}
                  <td className={styles.desc} data-label="Description">
                    {l.description}
                    {l.optional ? <div className={styles.muted}>Optional{isChosen(l) ? ' · included' : ' · not included'}</div> : null}
                  </td>
                  <td className={styles.num} data-label={layout.quantityLabel}>{qty(l.quantity)}</td>
                  <td className={styles.num} data-label={layout.priceLabel}>{formatMoney(l.unitPriceCents)}</td>
                  {layout.showDiscount ? <td className={styles.num} data-label="Discount">{l.discountPercent ? `${l.discountPercent.toFixed(2)}%` : '—'}</td> : null}
                  <td data-label="Amount" className={`${styles.num} ${lineCounts({ ...l, chosen: isChosen(l) }) ? '' : styles.excluded}`}>{formatMoney(l.netCents)}</td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </ScrollBox>
      <table className={styles.totals} aria-label="Totals">
        <tbody>
          <tr>
            <th scope="row">Subtotal</th>
            <td>{formatMoney(p.totals.subtotalCents)}</td>
          </tr>
          <tr>
            <th scope="row">Tax ({p.taxRatePercent.toFixed(2)}% on taxable lines)</th>
            <td>{formatMoney(p.totals.taxCents)}</td>
          </tr>
          <tr className={styles.grand}>
            <th scope="row">Total</th>
            <td data-testid="quote-total">{formatMoney(p.totals.totalCents)}</td>
          </tr>
        </tbody>
      </table>
      {p.notes ? (
        <section>
          <h3>Notes</h3>
          <p className={styles.desc}>{p.notes}</p>
        </section>
      ) : null}
      {p.terms ? (
        <section>
          <h3>Terms</h3>
          <p className={styles.desc}>{p.terms}</p>
        </section>
      ) : null}
    </article>
  );
}
