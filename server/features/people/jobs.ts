/** The people feature's jobs on the one queue: PTO accrual and certification reminders, once a day each. */
import { z } from '@contracts/common/zod';
import { defineJob } from '@server/platform/jobs';

export const ptoAccrual = defineJob('people.pto-accrual', z.object({}));
export const certificationReminders = defineJob('people.certification-reminders', z.object({}));
/** Early in the morning (UTC), every day. */
export const PTO_ACCRUAL_CRON = '15 1 * * *';
export const CERTIFICATION_REMINDERS_CRON = '30 6 * * *';
