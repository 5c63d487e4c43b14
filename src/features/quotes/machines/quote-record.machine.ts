/**
 * A quote's record for staff (/quote/view/{id}, /sales/quote/{id}): the quote as the client sees
 * it, with its status, the client's decision and its revisions. Staff record a decision the client
 * gave another way (deciding), make the next revision (revising → revised, whose editor the screen
 * opens) and download the PDF. The machine owns the screen's service calls (invoked by the states
 * that wait for them, and the downloads child it spawns with a system id) and says what the person
 * is told.
 */
import { and, assertEvent, assign, fromPromise, not, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { QuoteView } from '@contracts/quotes';
import { toApiError } from '@/shared/http/http';
import { notifyActions } from '@/shared/machines/notify';
import { quotesApi } from '../api';
import { downloads, type DownloadEvent } from './downloads';

export type QuoteRecordInput = { id: number };
export type QuoteRecordContext = {
  id: number;
  /** The child that fetches and offers the PDF. */
  downloads: ActorRefFrom<typeof downloads>;
  view: QuoteView | null;
  /** Why the quote could not be loaded. */
  loadError: string | null;
  /** Why the last decision or revision was refused. */
  error: string | null;
  revisedId: number | null;
  pdfBusy: boolean;
};
export type QuoteDecisionStatus = 'accepted' | 'declined';
export type QuoteRecordEvent = { type: 'quote.reload' } | { type: 'quote.decide'; status: QuoteDecisionStatus } | { type: 'quote.revise' } | { type: 'quote.downloadPdf' } | DownloadEvent;

const PDF_NOTICE = 'quote-record-pdf';

export const quoteRecordMachine = setup({
  types: { context: {} as QuoteRecordContext, events: {} as QuoteRecordEvent, input: {} as QuoteRecordInput },
  actors: {
    load: fromPromise<QuoteView, number>(({ input }) => quotesApi.view(input)),
    decide: fromPromise<QuoteView, { id: number; status: QuoteDecisionStatus }>(({ input }) => quotesApi.decide(input.id, input.status)),
    revise: fromPromise<QuoteView, number>(({ input }) => quotesApi.revise(input)),
    downloads,
  },
  guards: {
    hasQuote: ({ context }) => context.view !== null,
    pdfBusy: ({ context }) => context.pdfBusy,
  },
  actions: notifyActions,
}).createMachine({
  id: 'quoteRecord',
  description: "A quote's record for staff: its decision recorded, its next revision, its PDF.",
  context: ({ input, spawn }) => ({
    id: input.id,
    downloads: spawn('downloads', { id: 'downloads', systemId: 'quote-record.downloads' }),
    view: null,
    loadError: null,
    error: null,
    revisedId: null,
    pdfBusy: false,
  }),
  on: {
    'quote.downloadPdf': {
      guard: and(['hasQuote', not('pdfBusy')]),
      actions: [
        { type: 'dismissNotice', params: { key: PDF_NOTICE } },
        assign({ pdfBusy: true }),
        sendTo(({ context }) => context.downloads, ({ context }) => ({ type: 'download.pdf' as const, id: context.view!.quote.id, number: context.view!.quote.number })),
      ],
      description: 'The PDF is fetched and offered as a file.',
    },
    'download.done': { actions: assign({ pdfBusy: false }) },
    'download.failed': {
      actions: [
        assign({ pdfBusy: false }),
        { type: 'notify', params: ({ event }) => ({ tone: 'error' as const, title: 'The PDF was not downloaded', description: event.error, key: PDF_NOTICE }) },
      ],
    },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The quote is being loaded.',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.id,
        onDone: { target: 'ready', actions: assign({ view: ({ event }) => event.output, loadError: null }) },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => toApiError(event.error).message }) },
      },
    },
    failed: {
      description: 'The quote could not be loaded (missing, or the network); it can be tried again.',
      on: { 'quote.reload': 'loading' },
    },
    ready: {
      description: 'The record is shown.',
      initial: 'idle',
      states: {
        idle: {
          on: {
            'quote.decide': { target: 'deciding', description: "Staff record the client's decision given by phone or on paper." },
            'quote.revise': 'revising',
          },
        },
        deciding: {
          tags: ['busy'],
          invoke: {
            id: 'decide',
            src: 'decide',
            input: ({ context, event }) => {
              assertEvent(event, 'quote.decide');
              return { id: context.id, status: event.status };
            },
            onDone: {
              target: 'idle',
              actions: [assign({ view: ({ event }) => event.output, error: null }), { type: 'notify', params: ({ event }) => ({ tone: 'success' as const, title: `Quote ${event.output.quote.status}` }) }],
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => toApiError(event.error).message }) },
          },
        },
        revising: {
          tags: ['busy'],
          invoke: {
            id: 'revise',
            src: 'revise',
            input: ({ context }) => context.id,
            onDone: {
              target: '#quoteRecord.revised',
              actions: [
                assign({ revisedId: ({ event }) => event.output.quote.id, error: null }),
                { type: 'notify', params: ({ event }) => ({ tone: 'success' as const, title: `Revision ${event.output.quote.number} created` }) },
              ],
            },
            onError: { target: 'idle', actions: assign({ error: ({ event }) => toApiError(event.error).message }) },
          },
        },
      },
    },
    revised: {
      // Not a final state: the record stays alive (with its downloads child) until the screen leaves.
      description: 'The next revision exists; the screen opens its editor.',
    },
  },
});

// ---------------------------------------------------------------- what the screen reads

export type QuoteRecordSnapshot = SnapshotFrom<typeof quoteRecordMachine>;
export const selectRecordView = (s: QuoteRecordSnapshot) => s.context.view;
export const selectRecordLoadError = (s: QuoteRecordSnapshot) => s.context.loadError;
export const selectRecordError = (s: QuoteRecordSnapshot) => s.context.error;
export const selectRecordBusy = (s: QuoteRecordSnapshot) => s.hasTag('busy');
export const selectRecordPdfBusy = (s: QuoteRecordSnapshot) => s.context.pdfBusy;
/** The editor of the revision just made. */
export const selectRecordRevisionAddress = (s: QuoteRecordSnapshot) => (s.context.revisedId === null ? null : `/quote/edit/${s.context.revisedId}`);
