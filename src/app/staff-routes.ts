/**
 * Every staff route of spec 2.2 and 2.3, in one table: each feature's routes (one line per
 * feature).
 */
import * as approvals from '@/features/approvals/routes';
import * as assistant from '@/features/assistant/routes';
import * as clientUsers from '@/features/client-users/routes';
import * as companies from '@/features/companies/routes';
import * as forms from '@/features/forms/routes';
import * as liveDisplays from '@/features/live-displays/routes';
import * as home from '@/features/home/routes';
import * as management from '@/features/management/routes';
import * as outbox from '@/features/outbox/routes';
import * as changes from '@/features/changes/routes';
import * as channels from '@/features/channels/routes';
import * as people from '@/features/people/routes';
import * as projects from '@/features/projects/routes';
import * as qa from '@/features/qa/routes';
import * as quality from '@/features/quality/routes';
import * as reports from '@/features/reports/routes';
import * as sales from '@/features/sales/routes';
import * as quotes from '@/features/quotes/routes';
import * as surveys from '@/features/surveys/routes';
import * as tableDemo from '@/features/table-demo/routes';
import * as tickets from '@/features/tickets/routes';
import * as time from '@/features/time/routes';
import type { StaffRoute } from '@/shared/routing';

export type { ScreenProps, StaffRoute } from '@/shared/routing';

export const STAFF_ROUTES: StaffRoute[] = [
  ...home.routes,
  ...approvals.routes,
  ...forms.routes,
  ...outbox.routes,
  ...channels.routes,
  ...people.routes,
  ...assistant.routes,
  ...management.routes,
  ...companies.routes,
  ...clientUsers.routes,
  ...tickets.routes,
  ...time.routes,
  ...quotes.routes,
  ...sales.routes,
  ...projects.routes,
  ...changes.routes,
  ...quality.routes,
  ...surveys.routes,
  ...qa.routes,
  ...reports.routes,
  ...tableDemo.routes,
  ...liveDisplays.routes,
];
