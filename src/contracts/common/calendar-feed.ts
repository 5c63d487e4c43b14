/** The secret address of a calendar feed (…/feed/<43 URL-safe characters>.ics); anything else is not found. */
import { safeText } from './input';
import { z } from './zod';

export const feedTokenParamsSchema = z.strictObject({ token: safeText('No such feed', 'Feed').regex(/^[A-Za-z0-9_-]{43}\.ics$/, 'No such feed') });
