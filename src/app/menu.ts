import { MANAGER_ROLES, type Role } from '@contracts/common/constants';

/** What a menu entry does: go to a route, or run one of the shell's actions. */
export type MenuTarget = { route: string } | { action: 'chatbot' | 'learningCenter' | 'logout' };

export type MenuEntry = { label: string; target: MenuTarget; roles?: readonly Role[] };
export type MenuGroup = { group: string; entries: MenuEntry[] };
export type MenuItem = MenuEntry | MenuGroup;

export const isGroup = (item: MenuItem): item is MenuGroup => 'group' in item;

/** The sidebar of spec 2.2, in its order. */
export const STAFF_MENU: MenuItem[] = [
  { label: 'Home', target: { route: '/home' } },
  { label: 'AI Chatbot', target: { action: 'chatbot' } },
  { label: 'Learning Center', target: { action: 'learningCenter' } },
  { label: 'Profile', target: { route: '/user/options' } },
  { label: 'Org Chart', target: { route: '/orgchart' } },
  { label: 'Management Dashboard', target: { route: '/mgmtdash' }, roles: MANAGER_ROLES },
  { label: 'Weekly Schedule', target: { route: '/weekly-schedule' } },
  {
    group: 'Company',
    entries: [
      { label: 'Create Company', target: { route: '/create/company' } },
      { label: 'Company Search', target: { route: '/company/search' } },
      { label: 'Client Portal Users', target: { route: '/client/portal/users' } },
    ],
  },
  {
    group: 'Tickets',
    entries: [
      { label: 'Create Ticket', target: { route: '/create/ticket' } },
      { label: 'Ticket Search', target: { route: '/ticket/search' } },
    ],
  },
  {
    group: 'Projects',
    entries: [
      { label: 'Create Project', target: { route: '/create/project' } },
      { label: 'Project Search', target: { route: '/project/search' } },
      { label: 'Programming Sprints', target: { route: '/project/sprints' } },
    ],
  },
  {
    group: 'Quote',
    entries: [
      { label: 'Support Quote', target: { route: '/quote/list' } },
      { label: 'Item Management', target: { route: '/quote/item/management' } },
    ],
  },
  {
    group: 'Forms',
    entries: [
      { label: 'Kudos Form', target: { route: '/forms/kudo' } },
      { label: 'Correction Form', target: { route: '/forms/correction' } },
      { label: 'Travel Expense', target: { route: '/forms/travel/expense' } },
    ],
  },
  { label: 'Sales', target: { route: '/sales/dashboard' } },
  // Spec 2.2's "Quality Assurance" entry, as a group that also holds the machine diagrams (ADR 0050).
  {
    group: 'Quality Assurance',
    entries: [
      { label: 'Quality Assurance', target: { route: '/quality/qa' } },
      { label: 'Machines', target: { route: '/qa/machines' } },
    ],
  },
  { label: 'Reports', target: { route: '/report/base' } },
  { label: 'Software Change Request', target: { route: '/software/change/request' } },
  { label: 'Managed Services', target: { route: '/managed/services' } },
  { label: 'Time', target: { route: '/timesheet' } },
  {
    group: 'Live Displays',
    entries: [
      { label: 'Support', target: { route: '/live/displays/support' } },
      { label: 'Managed Services', target: { route: '/live/displays/managedservices' } },
      { label: 'Development', target: { route: '/live/displays/development' } },
      { label: 'Quality Assurance', target: { route: '/live/displays/quality' } },
      { label: 'Sales', target: { route: '/live/displays/sales' } },
    ],
  },
  { label: 'Log Out', target: { action: 'logout' } },
];

export const canSee = (entry: MenuEntry, role: Role) => !entry.roles || entry.roles.includes(role);

/** The group whose entry is the given route, for opening it when the route is active. */
export function groupOfRoute(path: string): string | null {
  for (const item of STAFF_MENU) {
    if (isGroup(item) && item.entries.some((e) => 'route' in e.target && e.target.route === path)) return item.group;
  }
  return null;
}
