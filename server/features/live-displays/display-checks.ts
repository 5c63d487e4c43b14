/**
 * The open streams' checks of paired displays, gathered: the checks asked within DISPLAY_CHECK_GATHER_MS go to
 * the database as one query. 1,000 displays each paired on its own, each stream checked every 2.5–5 s, cost a
 * few queries a second instead of one per display check (about 270; docs/bench/live-displays.md (k)).
 * A check waits at most that long more for its answer; the first check, when a stream opens, is not gathered.
 */
import type { DisplaySelf } from '@contracts/live-displays';
import type { Queryable } from '@server/platform/sql';
import { displaysByCookies } from './live-displays.repo';

/** How long a display's recheck waits for others to share its query (ms). */
export const DISPLAY_CHECK_GATHER_MS = 100;

type Found = (DisplaySelf & { allowed: boolean }) | null;
type Asked = { cookieHash: Buffer; address: string; resolve(found: Found): void; reject(error: unknown): void };

export class DisplayChecks {
  private asked: Asked[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** Queries made (the benchmark and the tests read it). */
  queries = 0;

  constructor(
    private readonly db: Queryable,
    private readonly gatherMs = DISPLAY_CHECK_GATHER_MS,
  ) {}

  /** The display of a cookie's hash, seen from an address; null when no live display holds it. */
  check(cookieHash: Buffer, address: string): Promise<Found> {
    return new Promise((resolve, reject) => {
      this.asked.push({ cookieHash, address, resolve, reject });
      if (!this.timer) {
        this.timer = setTimeout(() => void this.run(), this.gatherMs);
        this.timer.unref();
      }
    });
  }

  private async run(): Promise<void> {
    this.timer = undefined;
    const asked = this.asked;
    this.asked = [];
    this.queries++;
    try {
      const found = await displaysByCookies(this.db, asked);
      const byPosition = new Map(found.map(({ n, ...display }) => [n, display]));
      asked.forEach((a, i) => a.resolve(byPosition.get(i + 1) ?? null));
    } catch (error) {
      for (const a of asked) a.reject(error);
    }
  }
}
