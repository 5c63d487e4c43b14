/** A view test's guard against requests bound to fail: a path naming record 0, which no table holds. */
import type { SetupServer } from 'msw/node';
import { afterEach, expect } from 'vitest';

/** A path segment that is the id 0 (`/api/v2/companies/0`, `/api/v2/sales/companies/0/…`). */
const ID_ZERO = /\/0(?=\/|$)/;

/**
 * Records every request the screen makes whose path names id 0 (whatever handler answers it) and
 * fails the test that made one: a screen asks for a record only once it knows which.
 */
export function refuseDoomedRequests(server: SetupServer, pattern: RegExp = ID_ZERO): void {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (pattern.test(url.pathname)) seen.push(`${request.method} ${url.pathname}`);
  });
  afterEach(() => {
    const made = seen.splice(0);
    expect(made, 'requests bound to fail').toEqual([]);
  });
}
