/** The editor's form state of a quote, its changes, and its conversions to and from the API. */
import { DEFAULT_QUOTE_TAX_RATE_PERCENT, QUOTE_LIMITS, type CatalogItem, type QuoteDraftInput, type QuoteLine, type QuoteType, type QuoteView } from '@contracts/quotes';

/** A line as the editor holds it: a quote line without what the server computes or numbers. */
export type DraftLine = Omit<QuoteLine, 'id' | 'position' | 'netCents'> & {
  /** A key for the list on screen; not sent. */
  key: string;
};
export type DraftForm = {
  type: QuoteType;
  companyId: number | null;
  companyName: string;
  clientMode: 'company' | 'new';
  clientName: string;
  contactName: string;
  contactEmail: string;
  title: string;
  validUntil: string;
  notes: string;
  terms: string;
  taxRatePercent: number;
  lines: DraftLine[];
};

let keys = 0;
export const lineKey = () => `l${Date.now().toString(36)}${(keys++).toString(36)}`;

const addDays = (today: Date, days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);

export function emptyDraft(type: QuoteType = 'support', today = new Date()): DraftForm {
  return {
    type,
    companyId: null,
    companyName: '',
    clientMode: 'company',
    clientName: '',
    contactName: '',
    contactEmail: '',
    title: '',
    validUntil: addDays(today, QUOTE_LIMITS.defaultValidDays),
    notes: '',
    terms: 'Prices are valid until the date above. Payment within 30 days of invoice.',
    taxRatePercent: DEFAULT_QUOTE_TAX_RATE_PERCENT,
    lines: [],
  };
}

export const lineFrom = (l: Omit<QuoteLine, 'id' | 'position' | 'netCents'>): DraftLine => ({ key: lineKey(), ...l });

/** A new line: a free item line (one, at no price yet) or a section heading. */
export const blankLine = (kind: DraftLine['kind']): DraftLine =>
  kind === 'item'
    ? lineFrom({ kind, catalogItemId: null, sku: '', description: '', quantity: 1, unitPriceCents: 0, discountPercent: 0, taxable: true, optional: false, chosen: false })
    : lineFrom({ kind, catalogItemId: null, sku: '', description: '', quantity: 0, unitPriceCents: 0, discountPercent: 0, taxable: false, optional: false, chosen: false });

/** The item the catalog picker offers, as much of it as a line needs. */
export type PickedItem = Pick<CatalogItem, 'id' | 'sku' | 'name' | 'description' | 'unit_price_cents' | 'taxable'>;

/** A line for a catalog item: its name (and description below it), one of it at its price, taxable as the item is. */
export const catalogLine = (item: PickedItem): DraftLine =>
  lineFrom({
    kind: 'item',
    catalogItemId: item.id,
    sku: item.sku,
    description: item.description ? `${item.name}\n${item.description}` : item.name,
    quantity: 1,
    unitPriceCents: item.unit_price_cents,
    discountPercent: 0,
    taxable: item.taxable,
    optional: false,
    chosen: false,
  });

// ---------------------------------------------------------------- changes of a draft

export const withLineAdded = (d: DraftForm, line: DraftLine): DraftForm => ({ ...d, lines: [...d.lines, line] });
export const withLine = (d: DraftForm, index: number, line: DraftLine): DraftForm => ({ ...d, lines: d.lines.map((x, k) => (k === index ? line : x)) });
export const withoutLine = (d: DraftForm, index: number): DraftForm => ({ ...d, lines: d.lines.filter((_, k) => k !== index) });
/** The line moved one place up (-1) or down (1). */
export function withLineMoved(d: DraftForm, index: number, by: -1 | 1): DraftForm {
  const lines = [...d.lines];
  const [line] = lines.splice(index, 1);
  lines.splice(index + by, 0, line!);
  return { ...d, lines };
}
/** An optional line is offered, not chosen: making a line optional (or not) leaves it unchosen. */
export const withOptional = (line: DraftLine, optional: boolean): DraftLine => ({ ...line, optional, chosen: false });

/** A number typed in a field (a comma counts as the decimal point); `fallback` when it is none. */
const typedNumber = (text: string, fallback: number) => {
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) ? n : fallback;
};
const hundredths = (n: number) => Math.round(n * 100) / 100;
/** A quantity typed: two decimals, never negative; the previous one while the text is no number. */
export const typedQuantity = (text: string, previous: number) => Math.max(0, hundredths(typedNumber(text, previous)));
/** A percentage typed (discount, tax rate): two decimals from 0 to 100. */
export const typedPercent = (text: string, fallback: number) => Math.min(100, Math.max(0, hundredths(typedNumber(text, fallback))));

export function draftFromView(view: QuoteView): DraftForm {
  const q = view.quote;
  const mode = q.companyCreated || !q.companyId ? 'new' : 'company';
  return {
    type: q.type,
    companyId: mode === 'company' ? q.companyId : null,
    companyName: q.companyName,
    clientMode: mode,
    clientName: mode === 'new' ? q.clientName || q.companyName : '',
    contactName: q.contactName,
    contactEmail: q.contactEmail,
    title: q.title,
    validUntil: q.validUntil,
    notes: q.notes,
    terms: q.terms,
    taxRatePercent: q.taxRatePercent,
    lines: view.lines.map(({ id: _id, position: _p, netCents: _n, ...l }) => ({ key: lineKey(), ...l })),
  };
}

/** What the API takes. */
export function draftToInput(d: DraftForm): QuoteDraftInput {
  return {
    type: d.type,
    companyId: d.clientMode === 'company' ? d.companyId : null,
    clientName: d.clientMode === 'new' ? d.clientName : '',
    contactName: d.contactName,
    contactEmail: d.contactEmail.trim(),
    title: d.title,
    validUntil: d.validUntil,
    notes: d.notes,
    terms: d.terms,
    taxRatePercent: d.taxRatePercent,
    lines: d.lines.map(({ key: _k, ...l }) => l),
  };
}

/** Where a draft not yet on the server waits (a closed tab loses nothing). */
export type DraftStash = {
  read(): { draft: DraftForm; baseVersion: number | null } | null;
  write(draft: DraftForm, baseVersion: number | null): void;
  clear(): void;
  /** The stash of the quote a new draft became: what waits here moves there. */
  moveTo(id: number): DraftStash;
};
export const STASH_PREFIX = 'quote-draft:';
export function storageStash(storage: Storage | undefined, id: number | null): DraftStash {
  const key = `${STASH_PREFIX}${id ?? 'new'}`;
  return {
    read() {
      try {
        const raw = storage?.getItem(key);
        return raw ? (JSON.parse(raw) as { draft: DraftForm; baseVersion: number | null }) : null;
      } catch {
        return null;
      }
    },
    write(draft, baseVersion) {
      try {
        storage?.setItem(key, JSON.stringify({ draft, baseVersion }));
      } catch {
        // A full or blocked storage only loses the offline copy; the server save goes on.
      }
    },
    clear() {
      storage?.removeItem(key);
    },
    moveTo(next) {
      const waiting = this.read();
      this.clear();
      const moved = storageStash(storage, next);
      if (waiting) moved.write(waiting.draft, waiting.baseVersion);
      return moved;
    },
  };
}
export const memoryStash = (): DraftStash & { value: { draft: DraftForm; baseVersion: number | null } | null } => {
  const stash = {
    value: null as { draft: DraftForm; baseVersion: number | null } | null,
    read: () => stash.value,
    write: (draft: DraftForm, baseVersion: number | null) => void (stash.value = { draft, baseVersion }),
    clear: () => void (stash.value = null),
    moveTo: () => stash,
  };
  return stash;
};
