/** The live boards' jobs: pruning the change log. */
import { z } from '@contracts/common/zod';
import { defineJob } from '@server/platform/jobs';

export const pruneLiveEvents = defineJob('live-displays.prune', z.object({}));
/** Every hour, at minute 23. */
export const PRUNE_CRON = '23 * * * *';
