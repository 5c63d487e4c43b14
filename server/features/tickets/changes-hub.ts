/**
 * The open streams of ticket changes (GET /api/v2/tickets/changes) and one frame per change burst.
 *
 * A write to tickets lands in the change log and a `live.changed` event on the one event bus (the
 * triggers of migration 0040). The first change after a quiet spell is read and sent at once; the
 * changes that follow within TICKET_CHANGES_TIMING.coalesceMs of a frame wait for the window's end
 * and make one frame. The log is read once per frame, from the oldest change announced since the
 * last one, and the same frame {latest, ids} is written to every stream. Nobody listening, nothing
 * read. When the bus reconnects (events may have been
 * missed) every stream gets a frame with no ids: its list reloads anyway.
 */
import { TICKET_CHANGES_FRAME, TICKET_CHANGES_LIMITS, TICKET_CHANGES_TIMING, type TicketChangesFrame } from '@contracts/tickets-changes';
import type { AppContext } from '@server/context';
import { liveChanged } from '@server/features/live-displays';
import { sharedFrame, type EventStream } from '@server/platform/http/sse';
import { latestChange, ticketsChangedAfter } from './changes.repo';

/** The change log's topic of the tickets table. */
const TICKETS_TOPIC = 'tickets';

export class TicketChangesHub {
  /** Frames written (the coalescing test reads it). */
  frames = 0;
  private readonly streams = new Set<EventStream>();
  /** The newest change every stream has been told of. */
  private cursor = 0;
  /** The oldest change announced since the last frame (a transaction may commit after a newer one). */
  private pendingFrom: number | null = null;
  private resync = false;
  private timer: NodeJS.Timeout | undefined;
  /** When the last frame went out (ms): the next one waits for the window after it. */
  private sentAt = 0;
  private flushing = false;
  private again = false;
  private readonly unsubscribe: (() => void)[];

  constructor(private readonly ctx: AppContext) {
    this.unsubscribe = [
      ctx.events.subscribe(liveChanged, ({ id, topic }) => {
        if (topic === TICKETS_TOPIC) this.changed(id, false);
      }),
      ctx.events.onReconnect(() => this.changed(null, true)),
    ];
  }

  /** Streams open now. */
  get connections(): number {
    return this.streams.size;
  }

  /**
   * Adds a stream. `after` is the change the caller was last told of (null: from now): the tickets
   * changed since then are sent at once, or a frame with no ids when the log no longer reaches back.
   */
  async attach(stream: EventStream, after: number | null): Promise<void> {
    const pool = this.ctx.database.pool;
    if (!this.streams.size) this.cursor = await latestChange(pool);
    this.streams.add(stream);
    stream.signal.addEventListener('abort', () => this.streams.delete(stream));
    if (after === null) return;
    const missed = await ticketsChangedAfter(pool, after, TICKET_CHANGES_LIMITS.idsMax);
    if (missed.complete && !missed.ids.length) return;
    const frame: TicketChangesFrame = { latest: missed.latest, ids: missed.complete ? missed.ids : [] };
    stream.send(TICKET_CHANGES_FRAME, frame, frame.latest);
  }

  stop(): void {
    for (const u of this.unsubscribe.splice(0)) u();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const s of [...this.streams]) s.close();
    this.streams.clear();
  }

  private changed(id: number | null, resync: boolean): void {
    if (!this.streams.size) return;
    if (id !== null) this.pendingFrom = Math.min(this.pendingFrom ?? id, id);
    this.resync ||= resync;
    if (this.timer) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        void this.flush();
      },
      Math.max(0, this.sentAt + TICKET_CHANGES_TIMING.coalesceMs - Date.now()),
    );
  }

  private async flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return;
    }
    this.flushing = true;
    const from = Math.min(this.cursor, (this.pendingFrom ?? this.cursor + 1) - 1);
    const resync = this.resync;
    this.pendingFrom = null;
    this.resync = false;
    try {
      const read = await ticketsChangedAfter(this.ctx.database.pool, from, TICKET_CHANGES_LIMITS.idsMax);
      if (read.ids.length || resync) {
        const frame: TicketChangesFrame = { latest: read.latest, ids: resync ? [] : read.ids };
        const encoded = sharedFrame(TICKET_CHANGES_FRAME, frame, frame.latest);
        for (const s of [...this.streams]) s.sendRaw(encoded);
        this.frames++;
        this.sentAt = Date.now();
      }
      this.cursor = Math.max(this.cursor, read.latest);
    } catch {
      // The database is away: the next change (or the bus's reconnection) tries again.
      this.resync = true;
    } finally {
      this.flushing = false;
      if (this.again) {
        this.again = false;
        this.changed(null, false);
      }
    }
  }
}
