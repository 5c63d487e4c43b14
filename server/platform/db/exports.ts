/**
 * The export cap: exports (every CSV download) hold database connections for as long as the
 * reader takes, so ten slow ones could hold the whole pool and leave every other request waiting.
 * At most `exportConnections` exports run at once; one past the cap waits `exportWaitMs` for a
 * slot and then answers 503 with Retry-After. The rest of the pool stays for ordinary requests.
 */
import { ERROR_CODES } from '@contracts/common/errors';
import { EXPORT_RETRY_AFTER_SECONDS, type DbSettings } from '@server/config';
import { ApiError } from '@server/platform/http/errors';

const busy = () =>
  new ApiError(503, ERROR_CODES.unavailable, 'Too many exports are running at once; try again in a few seconds', undefined, {
    'retry-after': String(EXPORT_RETRY_AFTER_SECONDS),
  });

export class ExportCap {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly settings: Pick<DbSettings, 'exportConnections' | 'exportWaitMs'>) {}

  /** Exports running now (for tests and metrics). */
  get active(): number {
    return this.running;
  }

  /**
   * A slot for one export: at once when one is free, else after waiting at most `exportWaitMs`
   * (503 with Retry-After past that). Answers the function that gives the slot back (once).
   */
  async acquire(): Promise<() => void> {
    if (this.running < this.settings.exportConnections) {
      this.running++;
      return this.releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const handOver = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(handOver), 1);
        reject(busy());
      }, this.settings.exportWaitMs);
      this.waiting.push(handOver);
    });
    // The slot was handed over by the export that finished: `running` did not change.
    return this.releaser();
  }

  /** Runs an export in a slot, giving it back when the export is done (built in memory, then sent). */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    };
  }
}
