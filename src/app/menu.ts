/** The sidebar of spec 2.2, in its order: the features' entries, the shell's actions, and the entries of screens not built yet. */
import * as clientUsers from '@/features/client-users/routes';
import * as companies from '@/features/companies/routes';
import * as home from '@/features/home/routes';
import * as liveDisplays from '@/features/live-displays/routes';
import * as management from '@/features/management/routes';
import * as projects from '@/features/projects/routes';
import * as qa from '@/features/qa/routes';
import * as quotes from '@/features/quotes/routes';
import * as tableDemo from '@/features/table-demo/routes';
import * as tickets from '@/features/tickets/routes';
import * as time from '@/features/time/routes';
import { menuGroupOf, type MenuItem } from '@/shared/routing';

export { canSee, isGroup, type MenuEntry, type MenuGroup, type MenuItem, type MenuTarget } from '@/shared/routing';

const to = (label: string, route: string) => ({ label, target: { route } });

export const STAFF_MENU: MenuItem[] = [
  ...home.menu,
  { label: 'AI Chatbot', target: { action: 'chatbot' } },
  { label: 'Learning Center', target: { action: 'learningCenter' } },
  to('Profile', '/user/options'),
  to('Org Chart', '/orgchart'),
  ...management.menu,
  to('Weekly Schedule', '/weekly-schedule'),
  { group: 'Company', entries: [...companies.menu, ...clientUsers.menu] },
  { group: 'Tickets', entries: tickets.menu },
  { group: 'Projects', entries: projects.menu },
  { group: 'Quote', entries: quotes.menu },
  { group: 'Forms', entries: [to('Kudos Form', '/forms/kudo'), to('Correction Form', '/forms/correction'), to('Travel Expense', '/forms/travel/expense')] },
  to('Sales', '/sales/dashboard'),
  // Spec 2.2's "Quality Assurance" entry, as a group that also holds the machine diagrams (ADR 0050)
  // and, for admins, the developer screens (ADR 0135).
  { group: 'Quality Assurance', entries: [to('Quality Assurance', '/quality/qa'), ...qa.menu, ...tableDemo.menu] },
  // Spec 2.2's "Reports" entry, as a group that also holds the built report screens.
  { group: 'Reports', entries: [to('Reports', '/report/base'), to('Survey Results', '/report/surveys'), to('Active Ticket Stats', '/active/ticket/stats')] },
  to('Software Change Request', '/software/change/request'),
  ...time.menu,
  {
    group: 'Live Displays',
    entries: [
      to('Support', '/live/displays/support'),
      to('Managed Services', '/live/displays/managedservices'),
      to('Development', '/live/displays/development'),
      to('Quality Assurance', '/live/displays/quality'),
      to('Sales', '/live/displays/sales'),
      ...liveDisplays.menu,
    ],
  },
  { label: 'Outbox', target: { route: '/admin/outbox' }, roles: ['admin'] },
  { label: 'Email in', target: { route: '/admin/mail' }, roles: ['admin'] },
  { label: 'Log Out', target: { action: 'logout' } },
];

/** The group whose entry is the given route, for opening it when the route is active. */
export const groupOfRoute = (path: string) => menuGroupOf(STAFF_MENU, path);
