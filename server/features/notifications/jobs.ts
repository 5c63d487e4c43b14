/** The notifications' jobs on the one job queue (ADR 61): the overdue sweep, and mail held by quiet hours. */
import { z } from 'zod';
import { defineJob } from '@server/platform/jobs';

export const overdueSweep = defineJob('notifications.overdue-sweep', z.object({}));

/** Every minute: a ticket is told about within a minute of its due date passing. */
export const OVERDUE_SWEEP_CRON = '* * * * *';

/** A notice's mail that came within the person's quiet hours, sent when they end (ADR 0170). */
export const heldMail = defineJob(
  'notifications.held-mail',
  z.object({
    key: z.string(),
    userId: z.number().int(),
    event: z.enum(['assigned', 'client_reply', 'overdue']),
    email: z.object({ to: z.string(), subject: z.string(), body: z.string(), kind: z.string(), html: z.string().optional(), headers: z.record(z.string(), z.string()).optional() }),
  }),
);
