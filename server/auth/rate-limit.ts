/**
 * Fixed-window counters in memory, one per key (an address, an account). A single server
 * process holds them; a restart forgets them, which only ever lets an attacker start over.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt; answers the seconds to wait when over the limit, else 0. */
  hit(key: string): number {
    const now = this.now();
    this.sweep(now);
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return 0;
    }
    w.count += 1;
    return w.count > this.limit ? Math.ceil((w.resetAt - now) / 1000) : 0;
  }

  /** Seconds to wait before another attempt, without counting one. */
  retryAfter(key: string): number {
    const w = this.windows.get(key);
    const now = this.now();
    if (!w || w.resetAt <= now || w.count < this.limit) return 0;
    return Math.ceil((w.resetAt - now) / 1000);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private lastSweep = 0;
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}
