/**
 * The answer to a database error that no handler turned into one of its own. A feature still maps
 * the errors it expects to precise messages naming the field (a duplicate account number); this is
 * the safety net that keeps the rest from answering 500.
 */
import { ERROR_CODES } from '@contracts/common/errors';
import { COLLISION_STATES, isTransientConflict, isUnavailable, sqlState } from '@server/platform/db/database';
import { ApiError } from './errors';

/** What a 503 asks the client to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** 503 with Retry-After: the database is down, restarting, busy or timed out. */
export const unavailable = () =>
  new ApiError(503, ERROR_CODES.unavailable, 'The service is busy or restarting; try again in a few seconds', undefined, {
    'retry-after': String(RETRY_AFTER_SECONDS),
  });

/**
 * 503 when the database cannot serve now; 409 for a transaction that kept losing races with
 * others (serialization failures, deadlocks: already retried by inTransaction), and for a unique or
 * exclusion violation; undefined for anything else (a fault of ours: 500).
 */
export function databaseErrorAnswer(error: unknown): ApiError | undefined {
  if (isUnavailable(error)) return unavailable();
  if (isTransientConflict(error)) {
    return new ApiError(409, ERROR_CODES.conflict, 'Someone else changed the same records at the same moment; try again');
  }
  const state = sqlState(error);
  if (state === COLLISION_STATES.uniqueViolation) return new ApiError(409, ERROR_CODES.conflict, 'This would duplicate a record that already exists');
  if (state === COLLISION_STATES.exclusionViolation) return new ApiError(409, ERROR_CODES.conflict, 'This overlaps a record that already exists');
  return undefined;
}
