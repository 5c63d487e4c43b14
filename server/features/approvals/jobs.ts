/** The engine's jobs: a reminder at half a step's due time, escalation at the due time (docs/adr/0156). */
import { z } from '@contracts/common/zod';
import { defineJob } from '@server/platform/jobs';

const stepOf = z.object({ requestId: z.number().int(), round: z.number().int(), step: z.number().int(), at: z.string() });
export const remindApprovers = defineJob('approvals.remind', stepOf);
export const escalateStep = defineJob('approvals.escalate', stepOf);
