/**
 * The disk under DATA_DIR full (docs/adr/0203): a write that fails for want of space, in the upload
 * store (ENOSPC, EDQUOT) or in the database (SQLSTATE 53100 disk_full), answers 503 with
 * Retry-After and a message that says "Storage full", is logged as an error, and is remembered so
 * that an administrator sees it in /readyz and the metrics. Reads go on working, and nothing here
 * stops a write: once space returns, the next write succeeds.
 */
import { ERROR_CODES } from '@contracts/common/errors';
import { ApiError } from '@server/platform/http/errors';

/** What a write that found no space answers. */
export const STORAGE_FULL_MESSAGE = 'Storage full: this change was not saved. An administrator must free disk space; try again later';
/** The Retry-After of that 503: freeing space takes a person, not a moment. */
export const STORAGE_FULL_RETRY_AFTER_SECONDS = 60;
/** /readyz and the metrics say "storage full" until this long after the last write that found no space. */
export const STORAGE_FULL_NOTICE_MS = 5 * 60_000;

/** Node's codes for a file system with no space (or quota) left. */
const NO_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT']);
/** PostgreSQL's disk_full. */
const DISK_FULL_STATE = '53100';

/** True when an error means a write found no space left on its disk. */
export function isStorageFull(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (NO_SPACE_CODES.has(code) || code === DISK_FULL_STATE);
}

export const storageFull = () =>
  new ApiError(503, ERROR_CODES.unavailable, STORAGE_FULL_MESSAGE, undefined, { 'retry-after': String(STORAGE_FULL_RETRY_AFTER_SECONDS) });

export type StorageState = { full: false } | { full: true; since: Date; last: Date; error: string };

/** What this server saw of its storage: the writes that found no space, and when. */
export class StorageHealth {
  /** Writes that failed for want of space since the server started. */
  failures = 0;
  private since: Date | undefined;
  private last: Date | undefined;
  private error = '';

  /** Records a write that found no space. */
  noteFull(error: unknown, now: Date): void {
    this.failures++;
    if (!this.since || !this.last || now.getTime() - this.last.getTime() > STORAGE_FULL_NOTICE_MS) this.since = now;
    this.last = now;
    this.error = error instanceof Error ? error.message : String(error);
  }

  /** Full while a write found no space within the last STORAGE_FULL_NOTICE_MS. */
  state(now: Date): StorageState {
    if (!this.since || !this.last || now.getTime() - this.last.getTime() > STORAGE_FULL_NOTICE_MS) return { full: false };
    return { full: true, since: this.since, last: this.last, error: this.error };
  }

  /** The administrator's sentence for /readyz (undefined when storage is fine). */
  warning(now: Date): string | undefined {
    const s = this.state(now);
    if (!s.full) return undefined;
    return `Storage full: writes have failed for want of disk space since ${s.since.toISOString()} (last at ${s.last.toISOString()}: ${s.error}); free space under DATA_DIR`;
  }
}
