/**
 * The live hub driven step by step: its clock, the change notices and the order in which the
 * change log and the boards answer are the test's, so nothing here waits on the wall clock or a
 * database. (The hub against the real database: live-displays.api.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { type BoardData, type LiveBoard } from '@contracts/live-displays';
import type { AppContext } from '@server/context';
import { LiveHub, type HubSource } from '@server/features/live-displays/hub';
import { BOARD_TABLES } from '@server/features/live-displays/live-displays.repo';
import { drivenClock, fakeStream } from './hub-fakes';

type Pending = { board: LiveBoard; resolve(data: BoardData): void };

/** A hub whose clock, change notices and source answer when the test says. */
function drivenHub() {
  const { clock, advance } = drivenClock();
  const handlers = new Map<string, (payload: unknown) => void>();
  const ctx = {
    config: { staticDir: undefined },
    now: () => new Date(Date.UTC(2026, 10, 27, 9)),
    events: {
      subscribe: (topic: { name: string }, handler: (payload: unknown) => void) => (handlers.set(topic.name, handler), () => handlers.delete(topic.name)),
      onReconnect: () => () => undefined,
    },
  } as unknown as AppContext;
  /** The board computations asked for and not answered yet, in the order asked. */
  const asked: Pending[] = [];
  let logAt = 10;
  const source: HubSource = {
    position: async () => ({ settled: logAt, newest: logAt }),
    board: (board) => new Promise<BoardData>((resolve) => asked.push({ board, resolve })),
    eventsAfter: async () => [],
  };
  const hub = new LiveHub(ctx, clock, source);
  /** Lets every promise and I/O callback due run (no time passes on the hub's clock). */
  const settle = async () => {
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  };
  return {
    hub,
    asked,
    settle,
    /** The change log's position the next computations read. */
    logAt: (id: number) => void (logAt = id),
    /** A change to a table the quality board reads, as the bus delivers it. */
    change: (id: number) => handlers.get('live.changed')!({ id, topic: BOARD_TABLES.quality[0] }),
    advance,
  };
}

/** A stream that keeps what it is sent, read as frame ids and as the quality board's waiting count. */
function keptStream() {
  const { stream, sent, raw } = fakeStream();
  return { stream, sent, raw, ids: () => sent.map((f) => Number(/^id: (\d+)$/m.exec(f)?.[1])), waiting: () => sent.map((f) => Number(/"waiting":(\d+)/.exec(f)?.[1])) };
}

const qualityData = (waiting: number) => ({ board: 'quality', waiting }) as unknown as BoardData;

describe('the live hub', () => {
  it('serves the first frames of streams opened together from one computation of the board', async () => {
    const h = drivenHub();
    const streams = Array.from({ length: 50 }, keptStream);
    const attached = Promise.all(streams.map((s) => h.hub.attach('quality', s.stream, null, null)));
    await h.settle();
    expect(h.asked).toHaveLength(1);
    h.asked[0]!.resolve(qualityData(3));
    await attached;
    expect(h.hub.computed.quality).toBe(1);
    for (const s of streams) expect(s.waiting()).toEqual([3]);
    // One encoding, as bytes every stream is given as they are: no stream makes a copy of its own.
    expect(Buffer.isBuffer(streams[0]!.raw[0])).toBe(true);
    expect(new Set(streams.map((s) => s.raw[0])).size).toBe(1);
    // Once it ended, a stream that attaches gets a computation of its own: a commit may have landed
    // whose notice has not reached this server yet.
    h.advance(1);
    const later = keptStream();
    const laterAttached = h.hub.attach('quality', later.stream, null, null);
    await h.settle();
    expect(h.asked).toHaveLength(2);
    h.asked[1]!.resolve(qualityData(3));
    await laterAttached;
    expect(later.waiting()).toEqual([3]);
    h.hub.stop();
  });

  it('computes the first frame again for a stream that attaches after a change was heard', async () => {
    const h = drivenHub();
    const a = keptStream();
    const aAttached = h.hub.attach('quality', a.stream, null, null);
    await h.settle();
    expect(h.asked).toHaveLength(1);
    // A change heard while the first frame is computed: its burst goes to A (after A's first frame).
    h.logAt(11);
    h.change(11);
    await h.settle();
    expect(h.asked).toHaveLength(2);
    // B attaches after the change: the computation begun before it may miss it, so B gets its own.
    const b = keptStream();
    const bAttached = h.hub.attach('quality', b.stream, null, null);
    await h.settle();
    expect(h.asked).toHaveLength(3);
    h.asked[0]!.resolve(qualityData(1));
    h.asked[1]!.resolve(qualityData(2));
    h.asked[2]!.resolve(qualityData(2));
    await Promise.all([aAttached, bAttached]);
    await h.settle();
    expect(a.ids()).toEqual([10, 11]);
    expect(b.ids()).toEqual([11]);
    expect(b.waiting()).toEqual([2]);
    h.hub.stop();
  });

  it("holds a burst's frame computed before a stream's first frame until that first frame is sent, then sends it if newer", async () => {
    const h = drivenHub();
    const s = keptStream();
    const attached = h.hub.attach('quality', s.stream, null, null);
    await h.settle();
    // A change while the first frame is computed: the burst's computation starts at once (leading edge).
    h.logAt(11);
    h.change(11);
    await h.settle();
    expect(h.asked.map((a) => a.board)).toEqual(['quality', 'quality']);
    // The burst answers first: nothing reaches the stream before its first frame.
    h.asked[1]!.resolve(qualityData(2));
    await h.settle();
    expect(s.sent).toEqual([]);
    h.asked[0]!.resolve(qualityData(1));
    await attached;
    await h.settle();
    expect(s.ids()).toEqual([10, 11]);
    expect(s.waiting()).toEqual([1, 2]);
    expect(s.sent[0]).toMatch(/^id: 10\nevent: snapshot\n/);
    h.hub.stop();
  });

  it("drops a burst's frame held for a stream when the stream's first frame turns out newer", async () => {
    const h = drivenHub();
    const s = keptStream();
    h.logAt(12);
    const attached = h.hub.attach('quality', s.stream, null, null);
    await h.settle();
    // The burst's computation read the log at an older position than the first frame did.
    h.logAt(11);
    h.change(11);
    await h.settle();
    h.asked[1]!.resolve(qualityData(2));
    await h.settle();
    expect(s.sent).toEqual([]);
    h.asked[0]!.resolve(qualityData(3));
    await attached;
    await h.settle();
    expect(s.ids()).toEqual([12]);
    expect(s.waiting()).toEqual([3]);
    h.hub.stop();
  });
});
