import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the reply went out: what a public endpoint does only for some callers
 * (a known email, an existing company) happens here, so the answer takes the same time for
 * everyone. Failures are logged, never answered. The app waits for pending work when it closes.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  /** Starts `work` once the current reply has been written. */
  run(log: FastifyBaseLogger, what: string, work: () => Promise<void>): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves when no work is pending (work started by pending work included). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
