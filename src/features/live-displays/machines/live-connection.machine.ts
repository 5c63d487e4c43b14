import { assertEvent, assign, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { LIVE_TIMING, type BoardSnapshot, type LiveBoard } from '@contracts/live-displays';
import { streamBoard, type StreamReport } from '../api';

export type LiveConnectionInput = {
  /** The boards shown, in turn when there are several (a TV's rotation). */
  boards: readonly LiveBoard[];
  /** Seconds each board of a rotation stays (null: no rotation). */
  rotateSeconds?: number | null;
};

export type LiveConnectionContext = {
  boards: readonly LiveBoard[];
  index: number;
  rotateMs: number | null;
  /** The last data received (kept while stale or reconnecting). */
  snapshot: BoardSnapshot | null;
  /** The newest change-log id seen (sent back as Last-Event-ID). */
  lastEventId: number | null;
  /** When the last message (data or heartbeat) arrived. */
  lastMessageAt: number | null;
  /** Since when the board is not live (null while live). */
  staleSince: number | null;
  attempt: number;
  /** The server build the page was loaded against; another one reloads the page. */
  build: string | null;
  /** Why the server refuses this board (a revoked display, a signed-out tab). */
  refusal: string | null;
  /** The clock the board shows (and "updated N s ago" counts from), ticking each second. */
  now: number;
};

export type LiveConnectionEvent = StreamReport | { type: 'live.retry' } | { type: 'live.show'; board: LiveBoard } | { type: 'live.tick'; now: number };

/** The board's clock ticks this often. */
export const TICK_MS = 1_000;

/** Reconnection waits, the last repeated. */
export const backoffOf = (attempt: number) => LIVE_TIMING.backoffMs[Math.min(attempt, LIVE_TIMING.backoffMs.length - 1)]!;

/** Milliseconds from `now` to the next daily reload (the quiet hour, the device's local time). */
export function untilDailyReload(now: Date, hour: number = LIVE_TIMING.dailyReloadHour): number {
  const next = new Date(now);
  next.setHours(hour, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * The connection of a live board: connecting → live; without a message for staleAfterMs the data
 * stays, marked stale since the last message, while it reconnects with growing waits; a snapshot
 * makes it live again. A refusal (revoked display, ended session) waits for a retry. A snapshot
 * of another server build reloads the page, as does the daily reload at the quiet hour; a
 * rotation shows the next board every rotateSeconds.
 */
export const liveConnectionMachine = setup({
  types: { context: {} as LiveConnectionContext, events: {} as LiveConnectionEvent, input: {} as LiveConnectionInput },
  actors: {
    stream: fromCallback<LiveConnectionEvent, { board: LiveBoard; lastEventId: number | null }>(({ input, sendBack }) => {
      const abort = new AbortController();
      void streamBoard(input.board, input.lastEventId, abort.signal, (r) => sendBack(r));
      return () => abort.abort();
    }),
    clock: fromCallback<LiveConnectionEvent>(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'live.tick', now: Date.now() }), TICK_MS);
      return () => clearInterval(timer);
    }),
  },
  actions: {
    reloadPage: () => window.location.reload(),
    recordFrame: assign(({ context, event }) => {
      assertEvent(event, 'live.frame');
      return {
        snapshot: event.snapshot,
        lastEventId: event.id ?? context.lastEventId,
        lastMessageAt: Date.now(),
        staleSince: null,
        attempt: 0,
        refusal: null,
        build: context.build ?? event.snapshot.build,
      };
    }),
    recordBeat: assign({ lastMessageAt: () => Date.now() }),
    markStale: assign({ staleSince: ({ context }) => context.staleSince ?? context.lastMessageAt ?? Date.now() }),
  },
  guards: {
    isNewBuild: ({ context, event }) => event.type === 'live.frame' && context.build !== null && event.snapshot.build !== context.build,
    hasRotation: ({ context }) => context.rotateMs !== null && context.boards.length > 1,
  },
  delays: {
    STALE_AFTER: LIVE_TIMING.staleAfterMs,
    BACKOFF: ({ context }) => backoffOf(context.attempt),
    ROTATE: ({ context }) => context.rotateMs ?? LIVE_TIMING.staleAfterMs,
    DAILY_RELOAD: () => untilDailyReload(new Date()),
  },
}).createMachine({
  id: 'live-connection',
  description: 'The connection of a live board (or a rotation of boards): live, stale with its last data, reconnecting, refused.',
  context: ({ input }) => ({
    boards: input.boards,
    index: 0,
    rotateMs: input.rotateSeconds ? input.rotateSeconds * 1000 : null,
    snapshot: null,
    lastEventId: null,
    lastMessageAt: null,
    staleSince: null,
    attempt: 0,
    build: null,
    refusal: null,
    now: Date.now(),
  }),
  invoke: { src: 'clock' },
  initial: 'connected',
  after: { DAILY_RELOAD: { target: '.reloading', description: 'Once a day, at the quiet hour, the page loads afresh (memory, a missed deployment).' } },
  on: {
    'live.tick': { actions: assign({ now: ({ event }) => event.now }), description: 'The clock moves on.' },
    'live.show': {
      target: '.connected',
      reenter: true,
      actions: assign(({ context, event }) => ({ index: Math.max(0, context.boards.indexOf(event.board)), snapshot: null, lastEventId: null, staleSince: null, attempt: 0 })),
      description: 'Another board: its own stream and snapshot.',
    },
  },
  states: {
    connected: {
      description: 'The stream of the current board is open (or opening).',
      invoke: { src: 'stream', input: ({ context }) => ({ board: context.boards[context.index]!, lastEventId: context.lastEventId }) },
      initial: 'connecting',
      after: {
        ROTATE: {
          guard: 'hasRotation',
          target: 'connected',
          reenter: true,
          actions: assign(({ context }) => ({ index: (context.index + 1) % context.boards.length, snapshot: null, lastEventId: null, attempt: 0 })),
          description: 'A rotation shows the next board.',
        },
      },
      on: {
        'live.closed': { target: 'reconnecting', actions: 'markStale', description: 'The stream ended: keep the data, marked stale, and reconnect.' },
        'live.refused': { target: 'refused', actions: assign({ refusal: ({ event }) => event.message }), description: 'The server refuses this board here (revoked display, signed out).' },
      },
      states: {
        connecting: {
          description: 'Waiting for the server to answer.',
          on: {
            'live.open': { target: 'live', actions: assign({ staleSince: null, attempt: 0, refusal: null }), description: 'The server answered: the snapshot follows (or nothing was missed since the last one).' },
            'live.frame': [
              { guard: 'isNewBuild', target: '#live-connection.reloading', description: 'The server runs another build: load the page that goes with it.' },
              { target: 'live', actions: 'recordFrame', description: 'The first data.' },
            ],
          },
          after: { STALE_AFTER: { target: '#live-connection.reconnecting', actions: 'markStale', description: 'No answer in time: try again.' } },
        },
        live: {
          tags: ['live'],
          description: 'Messages arrive; the board is current.',
          on: {
            'live.frame': [
              { guard: 'isNewBuild', target: '#live-connection.reloading', description: 'The server runs another build: load the page that goes with it.' },
              { target: 'live', reenter: true, actions: 'recordFrame', description: 'New data: shown at once, and the stale timer starts again.' },
            ],
            'live.beat': { target: 'live', reenter: true, actions: 'recordBeat', description: 'A heartbeat: the connection is alive.' },
          },
          after: {
            STALE_AFTER: { target: '#live-connection.reconnecting', actions: 'markStale', description: 'Nothing for too long (heartbeats come every 15 s): stale since the last message; reconnect.' },
          },
        },
      },
    },
    reconnecting: {
      tags: ['stale'],
      description: 'Waiting before the next attempt (growing waits); the last data stays shown, marked stale.',
      after: { BACKOFF: { target: 'connected', actions: assign({ attempt: ({ context }) => context.attempt + 1 }), description: 'Try again.' } },
    },
    reloading: {
      entry: 'reloadPage',
      description: 'The page loads afresh (a new server build, or the daily reload); the stream is closed.',
    },
    refused: {
      description: 'The server refuses the board; it says why. A TV keeps trying, slowly, so re-pairing or a new session brings it back.',
      on: { 'live.retry': { target: 'connected', actions: assign({ refusal: null }), description: 'Try again now.' } },
      after: { BACKOFF: { target: 'connected', actions: assign({ attempt: ({ context }) => context.attempt + 1 }), description: 'Try again later by itself.' } },
    },
  },
});

export type LiveConnectionRef = ActorRefFrom<typeof liveConnectionMachine>;
type Snap = SnapshotFrom<typeof liveConnectionMachine>;

export const selectSnapshot = (s: Snap) => s.context.snapshot;
export const selectBoard = (s: Snap) => s.context.boards[s.context.index]!;
export const selectIsLive = (s: Snap) => s.hasTag('live');
export const selectStaleSince = (s: Snap) => (s.hasTag('live') ? null : s.context.staleSince);
export const selectRefusal = (s: Snap) => (s.matches('refused') ? s.context.refusal : null);
export const selectLastMessageAt = (s: Snap) => s.context.lastMessageAt;
export const selectNow = (s: Snap) => s.context.now;
