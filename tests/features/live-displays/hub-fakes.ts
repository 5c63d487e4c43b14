/** A clock the test drives for the live hub, and a stream that keeps what it is sent. */
import type { HubClock } from '@server/features/live-displays/hub';
import type { EventStream } from '@server/platform/http/sse';

/** The hub's clock: time passes only when the test advances it, running the timers then due. */
export function drivenClock() {
  let now = 1_000_000;
  const due: { at: number; run: () => void }[] = [];
  const clock: HubClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      const entry = { at: now + ms, run };
      due.push(entry);
      return entry;
    },
    clearTimeout: (entry) => void due.splice(due.indexOf(entry as (typeof due)[number]), 1),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const entry of due.filter((e) => e.at <= now)) {
      due.splice(due.indexOf(entry), 1);
      entry.run();
    }
  };
  return { clock, due, advance };
}

/** A stream that keeps the frames it is sent: as text, and as they were given (`raw`: bytes shared or a string). */
export function fakeStream() {
  const sent: string[] = [];
  const raw: (string | Buffer)[] = [];
  const abort = new AbortController();
  const stream: EventStream = {
    send: () => undefined,
    sendRaw: (f) => void (raw.push(f), sent.push(String(f))),
    close: () => abort.abort(),
    signal: abort.signal,
    closed: false,
    buffered: 0,
  };
  return { stream, sent, raw };
}
