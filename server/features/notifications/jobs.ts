/** The notifications' job: the sweep that tells assignees their ticket turned overdue, on the one job queue (ADR 61). */
import { z } from 'zod';
import { defineJob } from '@server/platform/jobs';

export const overdueSweep = defineJob('notifications.overdue-sweep', z.object({}));

/** Every minute: a ticket is told about within a minute of its due date passing. */
export const OVERDUE_SWEEP_CRON = '* * * * *';
