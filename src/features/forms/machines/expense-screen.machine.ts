/**
 * The Travel Expense form's screen (docs/adr/0107): which tab shows, which request is open, the
 * claim being written (trip and lines), the receipts uploaded for each line and their thumbnails,
 * and what happens once a claim is sent. The claim's form and the receipts' upload are children
 * (`submitChild`) that tell this machine how each save ended.
 */
import { assertEvent, assign, enqueueActions, fromPromise, sendTo, setup, spawnChild, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { RequestView } from '@contracts/approvals';
import { HOME_CURRENCY, type ExpenseCurrency, type ExpenseKind, type ExpensePayloadInput, type Receipt, type StoredExpenseLine, type StoredExpensePayload, type StoredReceipt } from '@contracts/expenses';
import { parseCents } from '@contracts/quote-money';
import { submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import { objectUrlsOf, thumbnailsMachine, type ThumbnailsActor } from '@/shared/machines/thumbnails.machine';
import { formsApi } from '../api';
import { submitExpenseMachine, uploadReceiptsMachine } from './forms.machines';

/** The form's tabs; `rates` shows to admins only (docs/adr/0230). */
export const EXPENSE_TABS = ['new', 'mine', 'review', 'rates'] as const;
export type ExpenseTab = (typeof EXPENSE_TABS)[number];

/** A line as typed: amounts as text until sent. */
export type LineDraft = {
  key: number;
  kind: ExpenseKind;
  date: string;
  merchant: string;
  description: string;
  amount: string;
  currency: ExpenseCurrency;
  distance: string;
  billable: boolean;
  receiptIds: number[];
};
export type TripDraft = { purpose: string; destination: string; startDate: string; endDate: string; companyId: number | null; companyName: string | null; ticketId: number | null };
export type ExpenseDraft = TripDraft & { lines: LineDraft[] };

export const newLine = (key: number, date = ''): LineDraft => ({ key, kind: 'meals', date, merchant: '', description: '', amount: '', currency: HOME_CURRENCY, distance: '', billable: false, receiptIds: [] });
export const emptyDraft = (): ExpenseDraft => ({ purpose: '', destination: '', startDate: '', endDate: '', companyId: null, companyName: null, ticketId: null, lines: [newLine(1)] });

/** "12.50" → 1250; text that is not an amount → 0 (the form then says "Enter the amount paid"). */
const hundredths = (text: string) => parseCents(text) ?? 0;

/** The claim as the contract takes it. */
export function payloadOf(d: ExpenseDraft): ExpensePayloadInput {
  return {
    purpose: d.purpose,
    destination: d.destination,
    startDate: d.startDate,
    endDate: d.endDate,
    ...(d.companyId ? { companyId: d.companyId } : {}),
    ...(d.ticketId ? { ticketId: d.ticketId } : {}),
    lines: d.lines.map((l) =>
      l.kind === 'mileage'
        ? { kind: l.kind, date: l.date, description: l.description, distanceHundredths: hundredths(l.distance), billable: l.billable, receiptIds: l.receiptIds }
        : { kind: l.kind, date: l.date, merchant: l.merchant, description: l.description, amountCents: hundredths(l.amount), currency: l.currency, billable: l.billable, receiptIds: l.receiptIds },
    ),
  };
}

/** Cents or hundredths as the form's text ("189.00"). */
const asText = (hundredthsOf: number | undefined) => (hundredthsOf ? (hundredthsOf / 100).toFixed(2) : '');

/** A claim sent back, as the form shows it again: its trip, its lines and the receipts they name. */
export function draftOf(request: RequestView): ExpenseDraft {
  const p = request.payload as Partial<StoredExpensePayload>;
  const lines = (p.lines ?? []) as Partial<StoredExpenseLine>[];
  return {
    purpose: p.purpose ?? '',
    destination: p.destination ?? '',
    startDate: p.startDate ?? '',
    endDate: p.endDate ?? '',
    companyId: p.companyId ?? null,
    companyName: p.companyName ?? null,
    ticketId: p.ticketId ?? null,
    lines: (lines.length ? lines : [{}]).map((l, i) => ({
      ...newLine(i + 1, l.date ?? ''),
      kind: l.kind ?? 'meals',
      merchant: l.merchant ?? '',
      description: l.description ?? '',
      amount: l.kind === 'mileage' ? '' : asText(l.amountCents),
      currency: l.currency ?? HOME_CURRENCY,
      distance: l.kind === 'mileage' ? asText(l.distanceHundredths) : '',
      billable: l.billable ?? false,
      receiptIds: l.receiptIds ?? [],
    })),
  };
}

/** What is known of the receipts a sent-back claim names (older claims name only their ids). */
const receiptsOf = (request: RequestView): StoredReceipt[] => ((request.payload as Partial<StoredExpensePayload>).lines ?? []).flatMap((l) => l.receipts ?? []);

/** The latest "send back" comment: what the manager asked to change. */
const askedOf = (request: RequestView) => [...request.history].reverse().find((h) => h.action === 'sentBack')?.comment ?? null;

/** A sent-back claim being changed: which request, the version read, what was asked. */
export type Resubmitting = { id: number; version: number; asked: string | null };

export type ExpenseScreenContext = {
  tab: ExpenseTab;
  open: number | null;
  sent: number;
  mine: AnyActorRef;
  draft: ExpenseDraft;
  /** The next line's key (rows keep their identity as others are removed). */
  nextKey: number;
  /** What is known of each receipt uploaded here, by id. */
  receipts: Readonly<Record<number, StoredReceipt>>;
  /** The line whose receipts are being uploaded, if any. */
  uploading: number | null;
  /** Why the last upload failed, by the line's key. */
  uploadErrors: Readonly<Record<number, string>>;
  /** The sent-back claim the form is changing, to send again; null for a new claim. */
  resubmit: Resubmitting | null;
};
export type ExpenseScreenEvent =
  | { type: 'tab.select'; tab: ExpenseTab }
  | { type: 'request.open'; id: number }
  | { type: 'request.close' }
  | { type: 'trip.change'; patch: Partial<TripDraft> }
  /** A claim sent back opens in the form, filled as it was sent, lines and receipts kept. */
  | { type: 'claim.edit'; request: RequestView }
  /** The person leaves the sent-back claim as it is and starts a new one. */
  | { type: 'claim.fresh' }
  | { type: 'line.add' }
  | { type: 'line.remove'; key: number }
  | { type: 'line.change'; key: number; patch: Partial<Omit<LineDraft, 'key' | 'receiptIds'>> }
  | { type: 'receipts.add'; key: number; files: readonly File[] }
  | { type: 'receipt.remove'; key: number; id: number }
  | { type: 'receipts.uploaded'; result: { receipts: Receipt[] } }
  | ({ type: 'receipts.refused' } & SubmitFailure)
  | { type: 'expense.sent'; result: RequestView }
  | ({ type: 'expense.refused' } & SubmitFailure);

const withLine = (d: ExpenseDraft, key: number, change: (l: LineDraft) => LineDraft): ExpenseDraft => ({ ...d, lines: d.lines.map((l) => (l.key === key ? change(l) : l)) });

export const expenseScreenMachine = setup({
  types: { context: {} as ExpenseScreenContext, events: {} as ExpenseScreenEvent, input: {} as { mine: AnyActorRef } },
  actors: {
    form: submitChild(submitExpenseMachine, { saved: 'expense.sent', failed: 'expense.refused' }),
    uploader: submitChild(uploadReceiptsMachine, { saved: 'receipts.uploaded', failed: 'receipts.refused' }),
    thumbnails: thumbnailsMachine.provide({ actors: { fetchAll: fromPromise(({ input }) => objectUrlsOf(input, (file) => formsApi.receiptThumbnail(file.id))) } }),
  },
  guards: {
    idle: ({ context }) => context.uploading === null,
    hasLines: ({ context }) => context.draft.lines.length > 1,
    canResubmit: ({ event }) => event.type === 'claim.edit' && event.request.canResubmit,
    isResubmitting: ({ context }) => context.resubmit !== null,
  },
}).createMachine({
  id: 'expense-screen',
  description: 'The Travel Expense form: a new claim (trip, lines, receipts), my submissions and review; a sent claim moves the screen to my submissions.',
  context: ({ input }) => ({ tab: 'new', open: null, sent: 0, mine: input.mine, draft: emptyDraft(), nextKey: 2, receipts: {}, uploading: null, uploadErrors: {}, resubmit: null }),
  entry: [
    spawnChild('form', {
      id: 'form',
      input: {
        notices: {
          saved: (r: RequestView, sent: { resubmit?: unknown }) => ({ title: sent.resubmit ? 'Expense claim sent again' : 'Expense claim submitted', description: r.waitingOn.length ? `Waiting on ${r.waitingOn.join(', ')}.` : undefined }),
          failed: 'The expense claim was not submitted',
        },
      },
    }),
    spawnChild('uploader', { id: 'uploader', input: {} }),
    spawnChild('thumbnails', { id: 'thumbnails' }),
  ],
  on: {
    'tab.select': { actions: assign({ tab: ({ event }) => event.tab }), description: 'The person picks a tab.' },
    'request.open': { actions: assign({ open: ({ event }) => event.id }), description: 'A submission opens with its details and history.' },
    'request.close': { actions: assign({ open: null }), description: 'The details close.' },
    'claim.edit': {
      guard: 'canResubmit',
      actions: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'claim.edit');
        const draft = draftOf(event.request);
        const known = receiptsOf(event.request);
        enqueue.assign({
          tab: 'new' as ExpenseTab,
          open: null,
          draft,
          nextKey: draft.lines.length + 1,
          receipts: { ...context.receipts, ...Object.fromEntries(known.map((r) => [r.id, r])) },
          uploadErrors: {},
          resubmit: { id: event.request.id, version: event.request.version, asked: askedOf(event.request) },
        });
        const images = known.filter((r) => r.image).map((r) => ({ recordId: r.id, id: r.id }));
        if (images.length) enqueue.sendTo('thumbnails', { type: 'thumbnails.show', files: images });
      }),
      description: 'A claim sent back for changes opens in the form as it was sent (trip, lines, receipts), to change and send again.',
    },
    'claim.fresh': {
      guard: 'isResubmitting',
      actions: assign({ draft: () => emptyDraft(), nextKey: 2, resubmit: null, uploadErrors: {} }),
      description: 'The sent-back claim stays as it is; the form starts a new claim.',
    },
    'trip.change': { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, ...event.patch }) }), description: 'A field of the trip changes.' },
    'line.add': {
      actions: assign({
        draft: ({ context }) => ({ ...context.draft, lines: [...context.draft.lines, newLine(context.nextKey, context.draft.lines.at(-1)?.date || context.draft.startDate)] }),
        nextKey: ({ context }) => context.nextKey + 1,
      }),
      description: 'A line is added, on the day of the line before (or the trip’s first day).',
    },
    'line.remove': {
      guard: 'hasLines',
      actions: assign({ draft: ({ context, event }) => ({ ...context.draft, lines: context.draft.lines.filter((l) => l.key !== event.key) }) }),
      description: 'A line is removed (a claim keeps at least one).',
    },
    'line.change': { actions: assign({ draft: ({ context, event }) => withLine(context.draft, event.key, (l) => ({ ...l, ...event.patch })) }), description: 'A field of a line changes.' },
    'receipts.add': {
      guard: 'idle',
      actions: [
        assign({ uploading: ({ event }) => event.key, uploadErrors: ({ context, event }) => Object.fromEntries(Object.entries(context.uploadErrors).filter(([k]) => Number(k) !== event.key)) }),
        sendTo('uploader', ({ event }) => ({ type: 'form.submit', input: { files: event.files } })),
      ],
      description: 'Receipts chosen for a line are uploaded (one upload at a time).',
    },
    'receipt.remove': {
      actions: assign({ draft: ({ context, event }) => withLine(context.draft, event.key, (l) => ({ ...l, receiptIds: l.receiptIds.filter((id) => id !== event.id) })) }),
      description: 'A receipt is taken off its line.',
    },
    'receipts.uploaded': {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const key = context.uploading;
        const ids = event.result.receipts.map((r) => r.id);
        enqueue.assign({
          uploading: null,
          receipts: { ...context.receipts, ...Object.fromEntries(event.result.receipts.map((r) => [r.id, r])) },
          draft: key === null ? context.draft : withLine(context.draft, key, (l) => ({ ...l, receiptIds: [...l.receiptIds, ...ids] })),
        });
        const index = context.draft.lines.findIndex((l) => l.key === key);
        if (index >= 0) enqueue.sendTo('form', { type: 'form.change', field: `lines.${index}.receiptIds` });
        const images = event.result.receipts.filter((r) => r.image).map((r) => ({ recordId: r.id, id: r.id }));
        if (images.length) enqueue.sendTo('thumbnails', { type: 'thumbnails.show', files: images });
      }),
      description: 'Uploaded: the receipts are attached to their line (its receipt message goes) and their thumbnails fetched.',
    },
    'receipts.refused': {
      actions: assign({
        uploadErrors: ({ context, event }) => (context.uploading === null ? context.uploadErrors : { ...context.uploadErrors, [context.uploading]: Object.values(event.fieldErrors)[0] ?? event.error }),
        uploading: null,
      }),
      description: 'The upload was refused (type, size): the reason shows by the line.',
    },
    'expense.sent': {
      actions: [
        sendTo(({ context }) => context.mine, { type: 'query.reload' }),
        assign({ tab: 'mine' as ExpenseTab, open: null, sent: ({ context }) => context.sent + 1, draft: () => emptyDraft(), nextKey: 2, resubmit: null }),
      ],
      description: 'Sent, or sent again (the form says so): my submissions load again and show, and a fresh claim starts.',
    },
  },
});

export type ExpenseScreenActor = ActorRefFrom<typeof expenseScreenMachine>;
type Snapshot = SnapshotFrom<typeof expenseScreenMachine>;
export const selectExpenseForm = (s: Snapshot) => s.children.form as ActorRefFrom<typeof submitExpenseMachine>;
export const selectThumbnailsActor = (s: Snapshot) => s.children.thumbnails as ThumbnailsActor | undefined;
