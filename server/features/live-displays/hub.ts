/**
 * The live hub: the open streams of each board, and one snapshot per change burst.
 *
 * A change (a `live.changed` event from the change-log triggers) marks each board that reads its
 * table. A board not computed in the last LIVE_TIMING.coalesceMs is computed at once (the leading
 * edge); changes arriving while it is computed or within that window are gathered and computed once
 * at the window's end, so a board is computed at most once per window. Each snapshot is encoded once
 * and the same frame is written to every stream of that board. A board nobody watches is not computed.
 * The first frames of streams opened together come from one computation too (see `firstFrame`).
 * When the bus reconnects (events may have been missed) every watched board is sent again as a
 * resync.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIVE_BOARDS, LIVE_FRAMES, LIVE_TIMING, type BoardData, type BoardSnapshot, type LiveBoard } from '@contracts/live-displays';
import type { AppContext } from '@server/context';
import { sharedFrame, type EventStream } from '@server/platform/http/sse';
import type { Queryable } from '@server/platform/sql';
import {
  BOARD_TABLES,
  developmentSnapshot,
  eventsAfter,
  logPosition,
  managedServicesSnapshot,
  qualitySnapshot,
  salesSnapshot,
  supportSnapshot,
} from './live-displays.repo';
import { displayRevoked, liveChanged } from './topics';

/** Where the hub reads the change log and the boards: the database (a test passes its own to drive the order of answers). */
export type HubSource = {
  /** The change log's settled and newest positions (ADR 0237). */
  position(): Promise<{ settled: number; newest: number }>;
  /** A board's data at an instant. */
  board(board: LiveBoard, now: Date): Promise<BoardData>;
  /** The changes after an id, or null when the log no longer reaches back that far (or never got there). */
  eventsAfter(afterId: number): Promise<{ id: number; topic: string }[] | null>;
};

/** The database as the hub's source. */
const databaseSource = (ctx: AppContext): HubSource => ({
  position: () => logPosition(ctx.database.pool),
  board: (board, now) => computeBoard(ctx.database.pool, board, now),
  eventsAfter: (afterId) => eventsAfter(ctx.database.pool, afterId),
});

/** Computes a board's data at an instant. */
export function computeBoard(db: Queryable, board: LiveBoard, now: Date): Promise<BoardData> {
  switch (board) {
    case 'support':
      return supportSnapshot(db, now);
    case 'managedservices':
      return managedServicesSnapshot(db, now);
    case 'development':
      return developmentSnapshot(db, now);
    case 'quality':
      return qualitySnapshot(db, now);
    case 'sales':
      return salesSnapshot(db, now);
  }
}

/** The build this server runs: the hash of the built page, so a new deployment reloads the TVs. */
function buildId(staticDir: string | undefined): string {
  const page = staticDir ? join(staticDir, 'index.html') : '';
  if (page && existsSync(page)) return createHash('sha256').update(readFileSync(page)).digest('hex').slice(0, 12);
  return `dev-${Date.now().toString(36)}`;
}

/**
 * A stream of a board, with the last frame it was sent: its id and its data (the one encoding
 * shared by every stream of the board). A frame behind that id, or the same id with the same data,
 * is not sent again: a snapshot sent on attach and a burst's frame computed at the same time (or
 * a burst whose change the stream's first snapshot already held) would otherwise show twice.
 */
type Frame = { kind: string; id: number; data: string; frame: Buffer };
/**
 * `ready` once the stream's first frame (or its finding it missed nothing) is settled: a burst's frame
 * computed before then waits in `pending` and follows the first frame, so a resync is never preceded
 * by a snapshot and a newer burst is not lost behind an older first frame.
 */
type Client = { stream: EventStream; displayId: number | null; lastId: number; lastData: string | undefined; ready: boolean; pending: Frame | undefined };

/** Sends a board's frame to one stream unless that stream already has it or something newer; a resync always goes. */
function deliver(client: Client, kind: string, id: number, data: string, frame: Buffer): void {
  if (kind !== LIVE_FRAMES.resync && (id < client.lastId || (id === client.lastId && data === client.lastData))) return;
  client.lastId = id;
  client.lastData = data;
  client.stream.sendRaw(frame);
}
/** The hub's clock for the coalescing window (a test drives its own). */
export type HubClock = {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};
const wallClock: HubClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** A computed snapshot: its id, its data's encoding (to compare) and its frame, encoded once per kind (bytes every stream shares). */
type Computed = { id: number; data: string; frame(kind: string): Buffer };

/**
 * The first frames' computation: streams that attach while it runs share it, unless a change was heard since it began (a frame of that change might have gone
 * to the board's streams before they attached).
 */
type FirstFrames = { notices: number; result: Promise<Computed>; endedAt: number | undefined };

type BoardState = {
  clients: Set<Client>;
  /** Changes (and resyncs, hand-overs, settled positions) heard for this board, counted. */
  notices: number;
  first: FirstFrames | undefined;
  /** The window's end is pending: the gathered changes are computed then. */
  timer: unknown;
  /** When the board's last computation for a change began (on the hub's clock). */
  lastAt: number;
  computing: boolean;
  again: boolean;
  /** Resync instead of snapshot for the next frame. */
  resync: boolean;
  /** Recomputes the board when a watch it shows ends (the support board's on-call tile). */
  handover: NodeJS.Timeout | undefined;
  /** Looks at the change log again while the last frame's id is behind its newest id (a transaction was still open). */
  settle: NodeJS.Timeout | undefined;
};

/** The instant a board's data goes out of date with no table changing: the end of the first on-call watch shown. */
function expiresAt(data: BoardData): number | null {
  if (data.board !== 'support' || !data.onCall.length) return null;
  return Math.min(...data.onCall.map((w) => Date.parse(w.until)));
}

export class LiveHub {
  readonly build: string;
  /** Snapshots computed per board (the coalescing test reads it). */
  readonly computed: Record<LiveBoard, number> = { support: 0, managedservices: 0, development: 0, quality: 0, sales: 0 };
  private readonly boards = new Map<LiveBoard, BoardState>();
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly clock: HubClock = wallClock,
    private readonly source: HubSource = databaseSource(ctx),
  ) {
    this.build = buildId(ctx.config.staticDir);
    for (const board of LIVE_BOARDS) this.boards.set(board, { clients: new Set(), notices: 0, first: undefined, timer: undefined, lastAt: -Infinity, computing: false, again: false, resync: false, handover: undefined, settle: undefined });
    this.unsubscribe.push(
      ctx.events.subscribe(liveChanged, ({ topic }) => {
        for (const board of LIVE_BOARDS) if (BOARD_TABLES[board].includes(topic)) this.changed(board, false);
      }),
      ctx.events.subscribe(displayRevoked, ({ displayId }) => this.closeDisplay(displayId)),
      ctx.events.onReconnect(() => {
        for (const board of LIVE_BOARDS) this.changed(board, true);
      }),
    );
  }

  /** Streams open per board. */
  connections(board: LiveBoard): number {
    return this.boards.get(board)!.clients.size;
  }

  /**
   * Adds a stream to a board: a full snapshot first, unless the caller's Last-Event-ID shows it
   * missed nothing this board reads; a resync when the change log no longer reaches back that far.
   */
  async attach(board: LiveBoard, stream: EventStream, displayId: number | null, lastEventId: number | null): Promise<void> {
    const state = this.boards.get(board)!;
    const client: Client = { stream, displayId, lastId: 0, lastData: undefined, ready: false, pending: undefined };
    state.clients.add(client);
    stream.signal.addEventListener('abort', () => state.clients.delete(client));
    try {
      let kind: string = LIVE_FRAMES.snapshot;
      if (lastEventId !== null) {
        const missed = await this.source.eventsAfter(lastEventId);
        if (missed === null) kind = LIVE_FRAMES.resync;
        else {
          // The caller holds everything up to its id: a frame no newer than that is not sent again.
          client.lastId = Math.max(client.lastId, lastEventId);
          if (!missed.some((e) => BOARD_TABLES[board].includes(e.topic))) return;
        }
      }
      const first = await this.firstFrame(board);
      deliver(client, kind, first.id, first.data, first.frame(kind));
    } finally {
      this.ready(client);
    }
  }

  /**
   * The board's snapshot for streams that just attached: one computation for all that attach while
   * it runs (1,000 TVs reconnecting at once cost one snapshot, not 1,000), and one encoding they all
   * share; once it ended, a stream computes its own (a commit may have landed whose notice has not
   * reached this server yet). A change heard since it began
   * starts a new one: a burst's frame computed after it may have gone out before they attached.
   */
  private firstFrame(board: LiveBoard): Promise<Computed> {
    const state = this.boards.get(board)!;
    const shared = state.first;
    // Only while it runs: once it ended, a commit may have landed whose notice has not reached this server yet.
    if (shared && shared.notices === state.notices && shared.endedAt === undefined) return shared.result;
    const first: FirstFrames = { notices: state.notices, endedAt: undefined, result: undefined as unknown as Promise<Computed> };
    first.result = this.compute(board).then(
      ({ id, snapshot }) => {
        first.endedAt = this.clock.now();
        const frames = new Map<string, Buffer>();
        return {
          id,
          data: JSON.stringify(snapshot.data),
          frame: (kind) => frames.get(kind) ?? frames.set(kind, sharedFrame(kind, snapshot, id)).get(kind)!,
        };
      },
      (error: unknown) => {
        if (state.first === first) state.first = undefined;
        throw error;
      },
    );
    state.first = first;
    return first.result;
  }

  /** The stream's first frame is settled: a burst's frame that waited for it goes now, if newer. */
  private ready(client: Client): void {
    client.ready = true;
    const waiting = client.pending;
    client.pending = undefined;
    if (waiting) deliver(client, waiting.kind, waiting.id, waiting.data, waiting.frame);
  }

  /** Ends every stream of a display (revoked). */
  closeDisplay(displayId: number): void {
    for (const state of this.boards.values()) for (const c of [...state.clients]) if (c.displayId === displayId) c.stream.close();
  }

  stop(): void {
    for (const u of this.unsubscribe.splice(0)) u();
    for (const state of this.boards.values()) {
      if (state.timer) this.clock.clearTimeout(state.timer);
      if (state.handover) clearTimeout(state.handover);
      if (state.settle) clearTimeout(state.settle);
      state.timer = undefined;
      state.handover = undefined;
      state.settle = undefined;
      state.first = undefined;
      for (const c of [...state.clients]) c.stream.close();
      state.clients.clear();
    }
  }

  private changed(board: LiveBoard, resync: boolean): void {
    const state = this.boards.get(board)!;
    state.notices++;
    if (!state.clients.size) return;
    state.resync ||= resync;
    if (state.timer) return;
    if (state.computing) {
      // Gathered: computed once when this computation ends (and its window has passed).
      state.again = true;
      return;
    }
    const wait = state.lastAt + LIVE_TIMING.coalesceMs - this.clock.now();
    if (wait <= 0) {
      // Not computed in the last window: at once.
      void this.flush(board);
      return;
    }
    state.timer = this.clock.setTimeout(() => {
      state.timer = undefined;
      void this.flush(board);
    }, wait);
  }

  private async flush(board: LiveBoard): Promise<void> {
    const state = this.boards.get(board)!;
    if (state.computing) {
      state.again = true;
      return;
    }
    state.computing = true;
    state.lastAt = this.clock.now();
    const kind = state.resync ? LIVE_FRAMES.resync : LIVE_FRAMES.snapshot;
    state.resync = false;
    try {
      const { id, snapshot } = await this.compute(board);
      const frame = sharedFrame(kind, snapshot, id);
      const data = JSON.stringify(snapshot.data);
      for (const c of [...state.clients]) {
        if (c.ready) deliver(c, kind, id, data, frame);
        else c.pending = { kind, id, data, frame };
      }
    } catch {
      // The database is away: the boards keep their last data, the next change (or reconnect) tries again.
    } finally {
      state.computing = false;
      if (state.again) {
        state.again = false;
        this.changed(board, false);
      }
    }
  }

  /** Sends the board again when what it shows ends by the clock (an on-call hand-over), while anyone watches. */
  private refreshAtExpiry(board: LiveBoard, data: BoardData, now: Date): void {
    const state = this.boards.get(board)!;
    const at = expiresAt(data);
    if (state.handover) clearTimeout(state.handover);
    state.handover = undefined;
    if (at === null || !state.clients.size) return;
    state.handover = setTimeout(() => {
      state.handover = undefined;
      this.changed(board, false);
    }, Math.max(0, at - now.getTime()));
    state.handover.unref();
  }

  /**
   * While changes newer than a frame's id are in the log (a transaction that drew a smaller id was
   * still open when the frame was read), the log is looked at again until they settle, and the
   * board is sent again then: same data at most, under an id a reconnecting TV can trust.
   */
  private settleLater(board: LiveBoard, newest: number): void {
    const state = this.boards.get(board)!;
    if (state.settle || !state.clients.size) return;
    state.settle = setTimeout(() => {
      state.settle = undefined;
      void this.source
        .position()
        .then(({ settled }) => (settled >= newest ? this.changed(board, false) : this.settleLater(board, newest)))
        .catch(() => this.settleLater(board, newest));
    }, LIVE_TIMING.settleCheckMs);
    state.settle.unref();
  }

  private async compute(board: LiveBoard): Promise<{ id: number; snapshot: BoardSnapshot }> {
    // The log's settled position is read first: the snapshot read after it includes every change up to it.
    const { settled, newest } = await this.source.position();
    const now = this.ctx.now();
    const data = await this.source.board(board, now);
    this.computed[board]++;
    this.refreshAtExpiry(board, data, now);
    if (settled < newest) this.settleLater(board, newest);
    return { id: settled, snapshot: { at: now.toISOString(), build: this.build, data } };
  }
}
