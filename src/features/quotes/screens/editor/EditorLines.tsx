import { useSelector } from '@xstate/react';
import { formatMoney, parseCents } from '@contracts/quote-money';
import { QUOTE_LIMITS, netOf, totalsOf, type CatalogItem, type QuoteType } from '@contracts/quotes';
import { Button, Card, ComboBox } from '@/shared/ui/components';
import { pickerApi } from '../../api';
import { blankLine, typedPercent, typedQuantity, withLine, withLineAdded, withLineMoved, withOptional, withoutLine, type DraftLine } from '../../machines/draft';
import type { QuoteEditorActor } from '../../machines/editor-sessions';
import { selectCatalogSearch, selectDraft, selectFieldErrors, selectPickerRound } from '../../machines/quote-editor.machine';
import styles from '../quotes.module.css';
import type { FocusTargets } from './use-quote-editor';
import { ScrollBox } from '@/shared/ui/ScrollBox';

type LineRowProps = {
  line: DraftLine;
  type: QuoteType;
  index: number;
  count: number;
  onChange: (l: DraftLine) => void;
  onRemove: () => void;
  onMove: (d: -1 | 1) => void;
  errors: Record<string, string>;
  focus: FocusTargets;
};

/** One line of the draft: a section heading, or an item with its quantity, price, discount, taxable and optional. */
function LineRow({ line, type, index, count, onChange, onRemove, onMove, errors, focus }: LineRowProps) {
  const name = line.description.split('\n')[0] || (line.kind === 'heading' ? 'section' : `line ${index + 1}`);
  const field = (part: string) => focus(`line.${line.key}.${part}`);
  const moves = (
    <div className={styles.row}>
      <Button {...field('up')} size="sm" variant="quiet" onPress={() => onMove(-1)} isDisabled={index === 0} aria-label={`Move ${name} up`}>↑</Button>
      <Button {...field('down')} size="sm" variant="quiet" onPress={() => onMove(1)} isDisabled={index === count - 1} aria-label={`Move ${name} down`}>↓</Button>
      <Button {...field('remove')} size="sm" variant="quiet" onPress={onRemove} aria-label={`Remove ${name}`}>Remove</Button>
    </div>
  );
  if (line.kind === 'heading') {
    return (
      <tr className={styles.section}>
        <td colSpan={7}>
          <input {...field('heading')} aria-label={`Section heading ${index + 1}`} value={line.description} placeholder="Section heading" maxLength={200} onChange={(e) => onChange({ ...line, description: e.target.value })} />
        </td>
        <td>{moves}</td>
      </tr>
    );
  }
  const err = (f: string) => errors[`lines.${index}.${f}`];
  return (
    <tr className={line.optional ? styles.optional : undefined}>
      <td>
        <textarea
          {...field('description')}
          aria-label={`Description of line ${index + 1}`}
          value={line.description}
          rows={line.description.length > 60 ? 3 : 1}
          maxLength={QUOTE_LIMITS.descriptionMax}
          onChange={(e) => onChange({ ...line, description: e.target.value })}
          aria-invalid={Boolean(err('description'))}
        />
        {line.sku ? <div className={styles.muted}>{line.sku}</div> : null}
      </td>
      <td>
        <input
          {...field('quantity')}
          className={styles.tiny}
          aria-label={`${type === 'support' ? 'Hours' : 'Quantity'} of line ${index + 1}`}
          inputMode="decimal"
          defaultValue={String(line.quantity)}
          aria-invalid={Boolean(err('quantity'))}
          onChange={(e) => onChange({ ...line, quantity: typedQuantity(e.target.value, line.quantity) })}
        />
      </td>
      <td>
        <input
          {...field('unitPrice')}
          className={styles.narrow}
          aria-label={`Unit price of line ${index + 1}`}
          inputMode="decimal"
          defaultValue={(line.unitPriceCents / 100).toFixed(2)}
          aria-invalid={Boolean(err('unitPriceCents'))}
          onChange={(e) => {
            const c = parseCents(e.target.value);
            if (c !== null) onChange({ ...line, unitPriceCents: c });
          }}
        />
      </td>
      <td>
        <input
          {...field('discount')}
          className={styles.tiny}
          aria-label={`Discount percent of line ${index + 1}`}
          inputMode="decimal"
          defaultValue={String(line.discountPercent)}
          aria-invalid={Boolean(err('discountPercent'))}
          onChange={(e) => onChange({ ...line, discountPercent: typedPercent(e.target.value, 0) })}
        />
      </td>
      <td>
        <input {...field('taxable')} type="checkbox" aria-label={`Line ${index + 1} is taxable`} checked={line.taxable} onChange={(e) => onChange({ ...line, taxable: e.target.checked })} />
      </td>
      <td>
        <input {...field('optional')} type="checkbox" aria-label={`Line ${index + 1} is optional`} checked={line.optional} onChange={(e) => onChange(withOptional(line, e.target.checked))} />
      </td>
      <td className={`${styles.num} ${line.optional ? styles.excluded : ''}`}>{formatMoney(netOf(line))}</td>
      <td>{moves}</td>
    </tr>
  );
}

type CatalogOption = { id: number; label: string; description: string; item: CatalogItem };
/** Active catalog items matching what is typed, as options of the picker. */
const catalogOptions = async (q: string): Promise<CatalogOption[]> =>
  (await pickerApi.items(q)).map((item) => ({ id: item.id, label: `${item.sku} · ${item.name}`, description: formatMoney(item.unit_price_cents), item }));

/** Adds an active catalog item as a line; the picker starts empty again, and what is typed in it travels with the editor. */
function CatalogPicker({ editor, focus }: { editor: QuoteEditorActor; focus: FocusTargets }) {
  const round = useSelector(editor, selectPickerRound);
  const search = useSelector(editor, selectCatalogSearch);
  return (
    <ComboBox<CatalogOption>
      {...focus('catalog')}
      key={round}
      label="Add from the catalog"
      placeholder="Search by SKU, name or description"
      loader={catalogOptions}
      defaultInputValue={search}
      onInputChange={(text) => editor.send({ type: 'catalog.search', text })}
      onPick={(option) => editor.send({ type: 'catalog.pick', item: option.item })}
    />
  );
}

/** The quote's lines, the ways to add one, and the totals. */
export function LinesCard({ editor, focus }: { editor: QuoteEditorActor; focus: FocusTargets }) {
  const draft = useSelector(editor, selectDraft);
  const fieldErrors = useSelector(editor, selectFieldErrors);
  const edit = (next: typeof draft) => editor.send({ type: 'draft.edit', draft: next });
  const totals = totalsOf(draft.lines, draft.taxRatePercent);
  return (
    <Card title="Lines" description="Optional lines are offered to the client, who may include them when accepting." asRegion>
      <div className={styles.stack}>
        {fieldErrors.lines ? <p role="alert" className={styles.errorCell}>{fieldErrors.lines}</p> : null}
        <ScrollBox label="Quote lines" className={styles.tableWrap}>
          <table className={styles.lines}>
            <caption className="sr-only">Quote lines</caption>
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col">{draft.type === 'support' ? 'Hours' : 'Qty'}</th>
                <th scope="col">Unit price</th>
                <th scope="col">Discount %</th>
                <th scope="col">Taxable</th>
                <th scope="col">Optional</th>
                <th scope="col" className={styles.num}>Amount</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {draft.lines.length === 0 ? (
                <tr>
                  <td colSpan={8} className={styles.muted}>No lines yet: add items from the catalog, a free line or a section heading.</td>
                </tr>
              ) : null}
              {draft.lines.map((l, i) => (
                <LineRow
                  key={l.key}
                  line={l}
                  type={draft.type}
                  index={i}
                  count={draft.lines.length}
                  errors={fieldErrors}
                  focus={focus}
                  onChange={(x) => edit(withLine(draft, i, x))}
                  onRemove={() => edit(withoutLine(draft, i))}
                  onMove={(d) => edit(withLineMoved(draft, i, d))}
                />
              ))}
            </tbody>
          </table>
        </ScrollBox>
        <div className={styles.grid2}>
          <CatalogPicker editor={editor} focus={focus} />
          <div className={styles.row}>
            <Button {...focus('addLine')} onPress={() => edit(withLineAdded(draft, blankLine('item')))}>
              Add free line
            </Button>
            <Button {...focus('addHeading')} onPress={() => edit(withLineAdded(draft, blankLine('heading')))}>
              Add section heading
            </Button>
          </div>
        </div>
        <table className={styles.totals} aria-label="Totals">
          <tbody>
            <tr>
              <th scope="row">Subtotal</th>
              <td>{formatMoney(totals.subtotalCents)}</td>
            </tr>
            <tr>
              <th scope="row">Tax ({draft.taxRatePercent.toFixed(2)}%)</th>
              <td>{formatMoney(totals.taxCents)}</td>
            </tr>
            <tr className={styles.grand}>
              <th scope="row">Total</th>
              <td data-testid="editor-total">{formatMoney(totals.totalCents)}</td>
            </tr>
          </tbody>
        </table>
      </div>
    </Card>
  );
}
