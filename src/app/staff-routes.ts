import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Role } from '@contracts/common/constants';

export type ScreenProps = { params: Record<string, string | undefined> };
type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

export type StaffRoute = {
  /** wouter pattern. */
  path: string;
  /** The screen's name, shown on its placeholder and used as the page title. */
  name: string;
  /** The screen; without one, the route shows "This screen is being built". */
  screen?: Screen;
  /** Inside the shared layout (default) or bare. */
  layout?: boolean;
  /** Reachable without signing in. */
  public?: boolean;
  /** Only these roles see the screen (the server enforces the same on its data). */
  roles?: readonly Role[];
  /** Kept mounted when left, so coming back restores its state and scroll (spec 2.1). */
  keepAlive?: boolean;
  /** Re-mounts the screen when this parameter changes (spec 2.1: sprint detail per sprint id). */
  keyBy?: string;
};

const HomeScreen = lazy(() => import('@/features/home/screens/HomeScreen'));
const ManagementDashboardScreen = lazy(() => import('@/features/management/screens/ManagementDashboardScreen'));
const ChatBotWindow = lazy(() => import('@/features/chatbot/screens/ChatBotWindow'));
const TicketSearchScreen = lazy(() => import('@/features/tickets/screens/TicketSearchScreen'));
const CreateTicketScreen = lazy(() => import('@/features/tickets/screens/CreateTicketScreen'));
const TicketViewScreen = lazy(() => import('@/features/tickets/screens/TicketViewScreen'));
const ActiveTicketStatsScreen = lazy(() => import('@/features/tickets/screens/ActiveTicketStatsScreen'));
const CreateCompanyScreen = lazy(() => import('@/features/companies/screens/CreateCompanyScreen'));
const CompanySearchScreen = lazy(() => import('@/features/companies/screens/CompanySearchScreen'));
const CompanyViewScreen = lazy(() => import('@/features/companies/screens/CompanyViewScreen'));
const ClientPortalUsersScreen = lazy(() => import('@/features/client-users/screens/ClientPortalUsersScreen'));
const TableDemoScreen = lazy(() => import('@/features/table-demo/screens/TableDemoScreen'));
const SurveyResultsScreen = lazy(() => import('@/features/surveys/screens/SurveyResultsScreen'));
const MachinesScreen = lazy(() => import('@/features/qa/screens/MachinesScreen'));
const OutboxScreen = lazy(() => import('@/views/staff/OutboxScreen'));

const MANAGERS: readonly Role[] = ['manager', 'admin'];

/** Every staff route of spec 2.2 and 2.3, in one table. */
export const STAFF_ROUTES: StaffRoute[] = [
  { path: '/home', name: 'Home', screen: HomeScreen },
  { path: '/admin/outbox', name: 'Outbox', screen: OutboxScreen, roles: ['admin'] },
  { path: '/chat/bot', name: 'AI Chatbot', screen: ChatBotWindow, layout: false },
  { path: '/user/options', name: 'Profile' },
  { path: '/orgchart', name: 'Org Chart' },
  { path: '/mgmtdash', name: 'Management Dashboard', screen: ManagementDashboardScreen, roles: MANAGERS },
  { path: '/weekly-schedule', name: 'Weekly Schedule' },
  { path: '/create/company', name: 'Create Company', screen: CreateCompanyScreen },
  { path: '/company/search', name: 'Company Search', screen: CompanySearchScreen },
  { path: '/client/portal/users', name: 'Client Portal Users', screen: ClientPortalUsersScreen },
  { path: '/create/ticket/:companyId?', name: 'Create Ticket', screen: CreateTicketScreen },
  { path: '/ticket/search', name: 'Ticket Search', screen: TicketSearchScreen },
  { path: '/create/project', name: 'Create Project' },
  { path: '/project/search', name: 'Project Search' },
  { path: '/project/sprints', name: 'Programming Sprints' },
  { path: '/quote/list', name: 'Support Quote' },
  { path: '/quote/item/management', name: 'Item Management' },
  { path: '/forms/kudo', name: 'Kudos Form' },
  { path: '/forms/correction', name: 'Correction Form' },
  { path: '/forms/travel/expense', name: 'Travel Expense' },
  { path: '/sales/dashboard', name: 'Sales Dashboard' },
  { path: '/quality/qa', name: 'Quality Assurance' },
  { path: '/report/base', name: 'Reports' },
  { path: '/software/change/request', name: 'Software Change Request' },
  { path: '/managed/services', name: 'Managed Services' },
  { path: '/timesheet', name: 'Time' },
  { path: '/live/displays/support', name: 'Live Display: Support' },
  { path: '/live/displays/managedservices', name: 'Live Display: Managed Services' },
  { path: '/live/displays/development', name: 'Live Display: Development' },
  { path: '/live/displays/quality', name: 'Live Display: Quality Assurance' },
  { path: '/live/displays/sales', name: 'Live Display: Sales' },
  { path: '/active/ticket/stats', name: 'Active Ticket Stats', screen: ActiveTicketStatsScreen },
  { path: '/active/project/stats', name: 'Active Project Stats' },
  { path: '/company/:id', name: 'Company', screen: CompanyViewScreen, keyBy: 'id' },
  { path: '/ticket/:id', name: 'Ticket', screen: TicketViewScreen, keepAlive: true },
  { path: '/project/kanban/:id', name: 'Project Kanban' },
  { path: '/project/sprint/:id', name: 'Sprint', keyBy: 'id' },
  { path: '/project/:id', name: 'Project' },
  { path: '/certification-pto-dashboard', name: 'Certification and PTO Dashboard' },
  { path: '/report/view', name: 'Report' },
  { path: '/report/surveys', name: 'Survey Results', screen: SurveyResultsScreen },
  { path: '/timeclock', name: 'Time Clock' },
  { path: '/sales/quotes', name: 'Sales Quotes' },
  { path: '/sales/customers', name: 'Sales Customers' },
  { path: '/sales/territories', name: 'Sales Territories' },
  { path: '/sales/company/:id', name: 'Sales Company' },
  { path: '/quote/index', name: 'Quotes' },
  { path: '/quote/new/client', name: 'New Client Quote' },
  { path: '/quote/edit/:id', name: 'Edit Quote' },
  { path: '/quote/pdf-organization-tester', name: 'Quote PDF Layout Tester' },
  { path: '/quote/view/:id', name: 'Quote' },
  { path: '/sales/quote/:id', name: 'Sales Quote' },
  { path: '/ms/time/tracker/:id/:name/:user_id', name: 'Managed Services Time Tracker', layout: false },
  { path: '/sales/huhy', name: 'How Did You Hear About Us' },
  { path: '/sales/reporting', name: 'Sales Reporting' },
  { path: '/sales/reports', name: 'Sales Reporting' },
  { path: '/sales/settings', name: 'Sales Settings' },
  { path: '/sales/debug/cac', name: 'Customer Acquisition Cost Check' },
  { path: '/sales/reports/number-of-calls', name: 'Number of Calls' },
  { path: '/sales/reports/number-of-letters-sent', name: 'Number of Letters Sent' },
  { path: '/sales/reports/new-leads-generated', name: 'New Leads Generated' },
  { path: '/sales/reports/closed-sales', name: 'Closed Sales' },
  { path: '/qa/machines', name: 'Machines', screen: MachinesScreen },
  { path: '/qa/ui', name: 'UI Kit', screen: lazy(() => import('@/shared/ui/gallery/UiGalleryScreen')) },
  { path: '/ui/table-demo', name: 'Data Table Demo', screen: TableDemoScreen },
  { path: '/dtc/huhy/submit', name: 'How Did You Hear About Us?', public: true, layout: false },
];
