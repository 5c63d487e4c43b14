/**
 * Where failures that the spec says are "only logged" go (failed staff calls, a failed
 * sign-out, a failed overdue check). One place, so tests can watch it.
 */
export function logError(what: string, error: unknown): void {
  console.error(`[client-care] ${what}:`, error instanceof Error ? error.message : error);
}
