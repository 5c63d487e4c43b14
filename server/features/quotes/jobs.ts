/** The quotes' job: expire a sent quote after its valid-until day, on the one job queue (ADR 61). */
import { z } from 'zod';
import { defineJob } from '@server/platform/jobs';

export const expireQuoteJob = defineJob('quotes.expire', z.object({ quoteId: z.number().int().positive() }));

/** When a quote sent with this valid-until day expires: the start of the next day (UTC). */
export function expiryTime(validUntil: string): Date {
  const day = new Date(`${validUntil}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day;
}
