/** The time feature's jobs: usage alerts of managed-services contracts, and forgotten punch-outs. */
import { z } from '@contracts/common/zod';
import { defineJob } from '@server/platform/jobs';

/** Checks usage thresholds of one company's contract (after time is tracked on it) or of every contract (hourly). */
export const usageAlerts = defineJob('time.ms-usage-alerts', z.object({ companyId: z.number().int().optional() }));
/** Flags punches left open past the end of their day (hourly). */
export const flagPunches = defineJob('time.flag-forgotten-punches', z.object({}));
