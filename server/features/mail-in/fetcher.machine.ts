/**
 * The reader of one IMAP mailbox, as a statechart: it connects, processes what is new, then waits
 * (IDLE, when the server offers it: the server tells of new mail; otherwise polling on a timer)
 * and processes again; any error waits (doubling, capped) and connects again. The services are
 * actors, provided by fetcher.ts for a real mailbox and replaced in the path tests.
 */
import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';

export type FetcherEvent =
  | { type: 'fetcher.check' }
  | { type: 'fetcher.stop' }
  | { type: 'mail.arrived' }
  | { type: 'mail.lost'; reason?: string };

export type FetcherContext = {
  pollMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Errors in a row (the wait before connecting again doubles with each). */
  attempts: number;
  /** Whether the server tells of new mail (IDLE). */
  idle: boolean;
  lastError: string | null;
  processed: number;
};

export type FetcherInput = Pick<FetcherContext, 'pollMs' | 'backoffBaseMs' | 'backoffMaxMs'>;

const messageOf = (error: unknown) => String((error as Error)?.message ?? error);

export const mailFetcherMachine = setup({
  types: { context: {} as FetcherContext, events: {} as FetcherEvent, input: {} as FetcherInput },
  actors: {
    connect: fromPromise<{ idle: boolean }>(async () => {
      throw new Error('connect is provided by the reader');
    }),
    fetchNew: fromPromise<{ processed: number }>(async () => {
      throw new Error('fetchNew is provided by the reader');
    }),
    waitForMail: fromCallback<EventObject>(() => () => {}),
  },
  delays: {
    POLL_INTERVAL: ({ context }) => context.pollMs,
    BACKOFF: ({ context }) => Math.min(context.backoffMaxMs, context.backoffBaseMs * 2 ** Math.max(0, context.attempts - 1)),
  },
  guards: {
    isIdleCapable: ({ context }) => context.idle,
  },
  actions: {
    recordError: assign({ lastError: ({ event }) => messageOf((event as { error?: unknown }).error ?? (event as { reason?: string }).reason ?? 'Connection lost') }),
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
    resetAttempts: assign({ attempts: 0, lastError: null }),
  },
}).createMachine({
  id: 'mailFetcher',
  description: 'Reads one IMAP mailbox: connect, process what is new, wait (IDLE or polling), back off on errors.',
  context: ({ input }) => ({ ...input, attempts: 0, idle: false, lastError: null, processed: 0 }),
  initial: 'connecting',
  on: {
    'fetcher.stop': { target: '.stopped', description: 'The app stops or the channel is switched off.' },
  },
  states: {
    connecting: {
      description: 'Signs in to the mailbox and opens its folder.',
      invoke: {
        src: 'connect',
        onDone: { target: 'processing', actions: assign({ idle: ({ event }) => event.output.idle }) },
        onError: { target: 'backoff', actions: 'recordError' },
      },
    },
    processing: {
      description: 'Turns every new message into a ticket, a note, or a review entry, and marks it read.',
      invoke: {
        src: 'fetchNew',
        onDone: [
          { guard: 'isIdleCapable', target: 'idle', actions: ['resetAttempts', assign({ processed: ({ context, event }) => context.processed + event.output.processed })], description: 'The server tells of new mail.' },
          { target: 'polling', actions: ['resetAttempts', assign({ processed: ({ context, event }) => context.processed + event.output.processed })], description: 'No IDLE: read again on a timer.' },
        ],
        onError: { target: 'backoff', actions: 'recordError' },
      },
    },
    idle: {
      description: 'Waits for the server to tell of new mail (IDLE); reads again now and then all the same.',
      invoke: { src: 'waitForMail' },
      on: {
        'mail.arrived': { target: 'processing' },
        'fetcher.check': { target: 'processing', description: 'An admin asked to check now.' },
        'mail.lost': { target: 'backoff', actions: 'recordError', description: 'The connection closed.' },
      },
      after: { POLL_INTERVAL: { target: 'processing' } },
    },
    polling: {
      description: 'Waits for the next read (the server has no IDLE).',
      on: { 'fetcher.check': { target: 'processing', description: 'An admin asked to check now.' } },
      after: { POLL_INTERVAL: { target: 'processing' } },
    },
    backoff: {
      description: 'Waits after an error, longer after each in a row, then connects again.',
      entry: 'countAttempt',
      on: { 'fetcher.check': { target: 'connecting', description: 'An admin asked to try again now.' } },
      after: { BACKOFF: { target: 'connecting' } },
    },
    stopped: { type: 'final', description: 'Stopped: the connection is closed.' },
  },
});
