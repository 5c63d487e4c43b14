/**
 * zod, configured once for every contract before any schema is built: jitless, because the
 * portal's CSP (default-src 'self') forbids eval and zod would otherwise probe for it on the
 * first parse (a console error on every page). Every contract takes `z` from here.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
