import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { formatMoney, parseCents } from '@contracts/quote-money';
import { QUOTE_LIMITS, QUOTE_TYPE_LABELS, QUOTE_TYPES, isQuoteType, netOf, totalsOf, type CatalogItem, type QuoteType } from '@contracts/quotes';
import type { ScreenProps } from '@/shared/routing';
import { Alert, Button, Card, ComboBox, PageHeader, RelativeTime, SkeletonCard, toast } from '@/shared/ui/components';
import { downloadBlob } from '@/shared/ui/download';
import { pickerApi, quotesApi } from '../api';
import { lineFrom, lineKey, storageStash, type DraftForm, type DraftLine } from '../machines/draft';
import { quoteEditorMachine } from '../machines/quote-editor.machine';
import { QuoteStatusBadge, TabTitle } from './parts';
import { QuoteRecord } from './QuoteRecord';
import styles from './quotes.module.css';

const num = (text: string, fallback = 0) => {
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) ? n : fallback;
};

type EditorActor = ActorRefFrom<typeof quoteEditorMachine>;
/**
 * A new quote gets its address (/quote/edit/{id}) once the server has it. The route change mounts
 * the screen again; the running editor is handed over, so nothing typed meanwhile is lost, and the
 * field that had the focus gets it back with its text and caret (a search half-typed in the catalog
 * picker is not part of the draft, so it travels with the focus).
 */
type Focus = { key: string; text: string | null; caret: number | null };
let handoff: { actor: EditorActor; focus: Focus | null } | null = null;
const mounts = new WeakMap<EditorActor, number>();
/** A field's name as people read it (generated ids change when the screen mounts again). */
const nameOf = (el: HTMLElement): string | null => {
  const labelledBy = el.getAttribute('aria-labelledby');
  const byIds = labelledBy
    ?.split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  const label = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el.labels?.[0]?.textContent?.trim() : undefined;
  return el.getAttribute('aria-label') || byIds || label || null;
};
const focusOf = (): Focus | null => {
  const el = document.activeElement as HTMLElement | null;
  const key = el && el !== document.body ? nameOf(el) : null;
  if (!el || !key) return null;
  const field = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el : null;
  return { key, text: field ? field.value : null, caret: field ? field.selectionStart : null };
};
const byKey = (key: string) => [...document.querySelectorAll<HTMLElement>('input, textarea, select, button, [tabindex]')].find((e) => nameOf(e) === key);

/** Gives the field its focus back; text the draft does not hold (a picker's search) is typed in again. */
function restoreFocus(focus: Focus): void {
  const el = byKey(focus.key);
  if (!el) return;
  el.focus();
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) || focus.text === null) return;
  if (el.value !== focus.text) {
    // Through the native setter and an input event, so React and the picker see it as typing.
    const proto = el instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, focus.text);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (focus.caret !== null) el.setSelectionRange(focus.caret, focus.caret);
}

function useEditor(id: number | null, type: QuoteType): EditorActor {
  const [actor] = useState<EditorActor>(() => {
    if (handoff && id !== null && handoff.actor.getSnapshot().context.id === id) {
      const taken = handoff;
      const focus = taken.focus;
      if (focus) requestAnimationFrame(() => restoreFocus(focus));
      return taken.actor;
    }
    return createActor(quoteEditorMachine, { input: { id, stash: storageStash(window.localStorage, id), type } });
  });
  useEffect(() => {
    if (handoff?.actor === actor) handoff = null;
    mounts.set(actor, (mounts.get(actor) ?? 0) + 1);
    actor.start();
    return () => {
      mounts.set(actor, (mounts.get(actor) ?? 1) - 1);
      // Stopped a moment later unless mounted again meanwhile (StrictMode's second effect, or the
      // screen of the new address taking it over).
      setTimeout(() => {
        if (!mounts.get(actor) && handoff?.actor !== actor) actor.stop();
      }, 0);
    };
  }, [actor]);
  return actor;
}

/** The one-line state of the autosave, always visible. */
function SaveState({ state, lastSavedAt, error }: { state: string; lastSavedAt: string | null; error: string | null }) {
  let text: React.ReactNode;
  if (state === 'saving') text = 'Saving…';
  else if (state === 'failed') text = `Not saved: ${error ?? 'the server did not answer'}. Your changes are kept on this device and will be saved again shortly.`;
  else if (state === 'conflict') text = error;
  else if (state === 'pending') text = 'Unsaved changes…';
  else if (lastSavedAt) text = <>Saved <RelativeTime value={lastSavedAt} /></>;
  else text = 'Not saved yet: start typing and the draft saves itself.';
  return (
    <p className={styles.saveState} role="status" aria-live="polite" data-testid="save-state">
      {text}
    </p>
  );
}

function LineRow({ line, type, index, count, onChange, onRemove, onMove, errors }: {
  line: DraftLine;
  type: QuoteType;
  index: number;
  count: number;
  onChange: (l: DraftLine) => void;
  onRemove: () => void;
  onMove: (d: -1 | 1) => void;
  errors: Record<string, string>;
}) {
  const name = line.description.split('\n')[0] || (line.kind === 'heading' ? 'section' : `line ${index + 1}`);
  const moves = (
    <div className={styles.row}>
      <Button size="sm" variant="quiet" onPress={() => onMove(-1)} isDisabled={index === 0} aria-label={`Move ${name} up`}>↑</Button>
      <Button size="sm" variant="quiet" onPress={() => onMove(1)} isDisabled={index === count - 1} aria-label={`Move ${name} down`}>↓</Button>
      <Button size="sm" variant="quiet" onPress={onRemove} aria-label={`Remove ${name}`}>Remove</Button>
    </div>
  );
  if (line.kind === 'heading') {
    return (
      <tr className={styles.section}>
        <td colSpan={7}>
          <input aria-label={`Section heading ${index + 1}`} value={line.description} placeholder="Section heading" maxLength={200} onChange={(e) => onChange({ ...line, description: e.target.value })} />
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
          className={styles.tiny}
          aria-label={`${type === 'support' ? 'Hours' : 'Quantity'} of line ${index + 1}`}
          inputMode="decimal"
          defaultValue={String(line.quantity)}
          aria-invalid={Boolean(err('quantity'))}
          onChange={(e) => onChange({ ...line, quantity: Math.max(0, Math.round(num(e.target.value, line.quantity) * 100) / 100) })}
        />
      </td>
      <td>
        <input
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
          className={styles.tiny}
          aria-label={`Discount percent of line ${index + 1}`}
          inputMode="decimal"
          defaultValue={String(line.discountPercent)}
          aria-invalid={Boolean(err('discountPercent'))}
          onChange={(e) => onChange({ ...line, discountPercent: Math.min(100, Math.max(0, Math.round(num(e.target.value, 0) * 100) / 100)) })}
        />
      </td>
      <td>
        <input type="checkbox" aria-label={`Line ${index + 1} is taxable`} checked={line.taxable} onChange={(e) => onChange({ ...line, taxable: e.target.checked })} />
      </td>
      <td>
        <input type="checkbox" aria-label={`Line ${index + 1} is optional`} checked={line.optional} onChange={(e) => onChange({ ...line, optional: e.target.checked, chosen: false })} />
      </td>
      <td className={`${styles.num} ${line.optional ? styles.excluded : ''}`}>{formatMoney(netOf(line))}</td>
      <td>{moves}</td>
    </tr>
  );
}

/** /quote/new/client and /quote/edit/{id}: the quote editor; drafts save themselves, sent quotes are read-only. */
export default function QuoteEditorScreen({ params }: ScreenProps) {
  const id = params.id ? Number(params.id) : null;
  const [location, navigate] = useLocation();
  const initialType = useMemo(() => {
    const t = new URLSearchParams(window.location.search).get('type');
    return isQuoteType(t) ? t : 'support';
  }, []);
  const editor = useEditor(id, initialType);
  const snapshot = useSelector(editor, (s) => s);
  const { draft, view, lastSavedAt, error, fieldErrors, revisedId } = snapshot.context;
  const stateName = snapshot.matches('saving')
    ? 'saving'
    : snapshot.matches('failed')
      ? 'failed'
      : snapshot.matches('conflict')
        ? 'conflict'
        : snapshot.matches({ editing: 'pending' })
          ? 'pending'
          : 'saved';
  const readOnly = snapshot.hasTag('readOnly');
  const items = useRef(new Map<number, CatalogItem>());
  const [pickerKey, setPickerKey] = useState(0);

  // A new quote gets its address once the server has it; the draft in storage moves with it.
  const newId = snapshot.context.id;
  useEffect(() => {
    if (id === null && newId !== null) {
      storageStash(window.localStorage, null).clear();
      handoff = { actor: editor, focus: focusOf() };
      navigate(`/quote/edit/${newId}`, { replace: true });
    }
  }, [id, newId, navigate, editor]);
  useEffect(() => {
    if (revisedId) {
      toast.success('New revision created');
      navigate(`/quote/edit/${revisedId}`);
    }
  }, [revisedId, navigate]);
  const sent = snapshot.matches('readOnly') && view?.quote.status === 'sent';
  const wasSending = useRef(false);
  useEffect(() => {
    if (snapshot.matches('sending')) wasSending.current = true;
    else if (wasSending.current) {
      wasSending.current = false;
      if (sent) toast.success(`Quote sent to ${view?.quote.contactEmail}`);
    }
  }, [snapshot, sent, view]);

  const edit = (patch: Partial<DraftForm>) => editor.send({ type: 'draft.edit', draft: { ...draft, ...patch } });
  const setLine = (i: number, l: DraftLine) => edit({ lines: draft.lines.map((x, k) => (k === i ? l : x)) });
  const move = (i: number, d: -1 | 1) => {
    const lines = [...draft.lines];
    const [l] = lines.splice(i, 1);
    lines.splice(i + d, 0, l!);
    edit({ lines });
  };
  const add = (l: Omit<DraftLine, 'key'>) => edit({ lines: [...draft.lines, { key: lineKey(), ...l }] });
  const addItem = (item: CatalogItem) =>
    edit({
      lines: [
        ...draft.lines,
        lineFrom({ kind: 'item', catalogItemId: item.id, sku: item.sku, description: item.description ? `${item.name}\n${item.description}` : item.name, quantity: 1, unitPriceCents: item.unit_price_cents, discountPercent: 0, taxable: item.taxable, optional: false, chosen: false }),
      ],
    });
  const totals = totalsOf(draft.lines, draft.taxRatePercent);
  const title = id === null ? 'New Client Quote' : 'Edit Quote';

  if (snapshot.hasTag('loading') || snapshot.matches('start')) return <><TabTitle>{title}</TabTitle><SkeletonCard /></>;
  if (snapshot.matches('loadFailed')) {
    return (
      <>
        <TabTitle>{title}</TabTitle>
        <Alert tone="danger" title="The quote could not be opened">{error}</Alert>
        <Button onPress={() => editor.send({ type: 'quote.reload' })}>Try again</Button>
      </>
    );
  }
  if (readOnly && view) {
    return (
      <>
        <TabTitle>{`Quote ${view.quote.number}`}</TabTitle>
        <QuoteRecord
          view={view}
          error={error}
          busy={snapshot.hasTag('busy')}
          onRevise={view.quote.superseded ? undefined : () => editor.send({ type: 'quote.revise' })}
          onReload={() => editor.send({ type: 'quote.reload' })}
          location={location}
        />
      </>
    );
  }
  const fieldError = (f: string) => fieldErrors[f];
  return (
    <>
      <TabTitle>{view ? `Edit Quote ${view.quote.number}` : title}</TabTitle>
      <PageHeader
        title={view ? <>Quote {view.quote.number} <QuoteStatusBadge status={view.quote.status} /></> : title}
        subtitle={<SaveState state={stateName} lastSavedAt={lastSavedAt} error={error} />}
        actions={
          <>
            {view ? <Button onPress={async () => downloadBlob(`quote-${view.quote.number}.pdf`, await quotesApi.pdf(view.quote.id))}>Download PDF</Button> : null}
            {view ? <Link href={`/quote/view/${view.quote.id}?type=${draft.type}`}>Preview</Link> : null}
            <Button onPress={() => editor.send({ type: 'draft.saveNow' })} isDisabled={snapshot.matches('saving')}>Save now</Button>
            <Button
              variant="primary"
              onPress={() => editor.send({ type: 'quote.send' })}
              isDisabled={!view || !snapshot.can({ type: 'quote.send' })}
              isPending={snapshot.matches('sending') || snapshot.context.sendAfterSave}
            >
              Send to client
            </Button>
          </>
        }
      />
      <div className={`${styles.stack} ${styles.editLines}`}>
        {error && snapshot.matches('saved') ? <Alert tone="danger" title="The quote was not sent">{error}</Alert> : null}
        {snapshot.matches('conflict') ? (
          <Alert tone="warning" title="This quote changed elsewhere">
            {error} <Button size="sm" onPress={() => editor.send({ type: 'quote.reload' })}>Reload</Button>
          </Alert>
        ) : null}
        <Card title="Client" asRegion>
          <div className={styles.stack}>
            <fieldset className={styles.choices}>
              <legend className="sr-only">Who the quote is for</legend>
              <label>
                <input type="radio" name="clientMode" checked={draft.clientMode === 'company'} onChange={() => edit({ clientMode: 'company' })} /> An existing company
              </label>
              <label>
                <input type="radio" name="clientMode" checked={draft.clientMode === 'new'} onChange={() => edit({ clientMode: 'new', companyId: null })} /> A new client (saved as a prospect)
              </label>
            </fieldset>
            <div className={styles.grid2}>
              {draft.clientMode === 'company' ? (
                <ComboBox
                  label="Company"
                  loader={pickerApi.companies}
                  defaultInputValue={draft.companyName}
                  placeholder="Search by name or account number"
                  errorMessage={fieldError('companyId')}
                  onChange={(key) => {
                    if (key !== null) edit({ companyId: Number(key) });
                  }}
                />
              ) : (
                <label>
                  New client&apos;s company name
                  <input value={draft.clientName} maxLength={200} onChange={(e) => edit({ clientName: e.target.value })} aria-invalid={Boolean(fieldError('companyId'))} />
                </label>
              )}
              <label>
                Contact name
                <input value={draft.contactName} maxLength={120} onChange={(e) => edit({ contactName: e.target.value })} />
              </label>
              <label>
                Contact email (receives the quote)
                <input type="email" value={draft.contactEmail} maxLength={254} onChange={(e) => edit({ contactEmail: e.target.value })} aria-invalid={Boolean(fieldError('contactEmail'))} aria-describedby="contact-email-err" />
                <span id="contact-email-err" className={styles.errorCell}>{fieldError('contactEmail')}</span>
              </label>
            </div>
          </div>
        </Card>
        <Card title="Quote" asRegion>
          <div className={styles.grid2}>
            <label>
              Type
              <select value={draft.type} onChange={(e) => edit({ type: e.target.value as QuoteType })}>
                {QUOTE_TYPES.map((t) => (
                  <option key={t} value={t}>{QUOTE_TYPE_LABELS[t]}</option>
                ))}
              </select>
            </label>
            <label>
              Title
              <input value={draft.title} maxLength={200} onChange={(e) => edit({ title: e.target.value })} />
            </label>
            <label>
              Valid until
              <input type="date" value={draft.validUntil} onChange={(e) => e.target.value && edit({ validUntil: e.target.value })} aria-invalid={Boolean(fieldError('validUntil'))} aria-describedby="valid-err" />
              <span id="valid-err" className={styles.errorCell}>{fieldError('validUntil')}</span>
            </label>
            <label>
              Tax rate (%) on taxable lines
              <input inputMode="decimal" defaultValue={String(draft.taxRatePercent)} onChange={(e) => edit({ taxRatePercent: Math.min(100, Math.max(0, Math.round(num(e.target.value, draft.taxRatePercent) * 100) / 100)) })} />
            </label>
          </div>
        </Card>
        <Card title="Lines" description="Optional lines are offered to the client, who may include them when accepting." asRegion>
          <div className={styles.stack}>
            {fieldError('lines') ? <p role="alert" className={styles.errorCell}>{fieldError('lines')}</p> : null}
            <div className={styles.tableWrap}>
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
                    <LineRow key={l.key} line={l} type={draft.type} index={i} count={draft.lines.length} errors={fieldErrors} onChange={(x) => setLine(i, x)} onRemove={() => edit({ lines: draft.lines.filter((_, k) => k !== i) })} onMove={(d) => move(i, d)} />
                  ))}
                </tbody>
              </table>
            </div>
            <div className={styles.grid2}>
              <ComboBox<{ id: number; label: string; description: string }>
                key={pickerKey}
                label="Add from the catalog"
                placeholder="Search by SKU, name or description"
                loader={async (q) =>
                  (await pickerApi.items(q)).map((item) => {
                    items.current.set(item.id, item);
                    return { id: item.id, label: `${item.sku} · ${item.name}`, description: formatMoney(item.unit_price_cents) };
                  })
                }
                onChange={(key) => {
                  const item = key === null ? undefined : items.current.get(Number(key));
                  if (item) {
                    addItem(item);
                    setPickerKey((k) => k + 1);
                  }
                }}
              />
              <div className={styles.row}>
                <Button onPress={() => add({ kind: 'item', catalogItemId: null, sku: '', description: '', quantity: 1, unitPriceCents: 0, discountPercent: 0, taxable: true, optional: false, chosen: false })}>
                  Add free line
                </Button>
                <Button onPress={() => add({ kind: 'heading', catalogItemId: null, sku: '', description: '', quantity: 0, unitPriceCents: 0, discountPercent: 0, taxable: false, optional: false, chosen: false })}>
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
        <Card title="Notes and terms" asRegion>
          <div className={styles.grid2}>
            <label>
              Notes (shown to the client)
              <textarea rows={4} value={draft.notes} maxLength={QUOTE_LIMITS.notesMax} onChange={(e) => edit({ notes: e.target.value })} />
            </label>
            <label>
              Terms
              <textarea rows={4} value={draft.terms} maxLength={QUOTE_LIMITS.notesMax} onChange={(e) => edit({ terms: e.target.value })} />
            </label>
          </div>
        </Card>
      </div>
    </>
  );
}
