/** The editor's form state of a quote and its conversions to and from the API. */
import { DEFAULT_QUOTE_TAX_RATE_PERCENT, QUOTE_LIMITS, type QuoteDraftInput, type QuoteLine, type QuoteType, type QuoteView } from '@contracts/quotes';

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
  };
}
export const memoryStash = (): DraftStash & { value: { draft: DraftForm; baseVersion: number | null } | null } => {
  const stash = {
    value: null as { draft: DraftForm; baseVersion: number | null } | null,
    read: () => stash.value,
    write: (draft: DraftForm, baseVersion: number | null) => void (stash.value = { draft, baseVersion }),
    clear: () => void (stash.value = null),
  };
  return stash;
};
