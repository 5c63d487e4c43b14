import { lazy } from 'react';
import type { CompanyViewSection } from '@/features/companies';
import type { MenuEntry, StaffRoute } from '@/shared/routing';
import { SALES_REPORTS } from '@contracts/sales-kinds';

const entry = lazy(() => import('./screens/ReportsScreens').then((m) => ({ default: m.SalesReportEntryScreen })));
const report = lazy(() => import('./screens/ReportsScreens').then((m) => ({ default: m.SalesReportScreen })));

/** The sales screens of the spec (the route names are the tab titles), and the public HUHY form. */
export const routes: StaffRoute[] = [
  { path: '/sales/dashboard', name: 'Sales Dashboard', screen: lazy(() => import('./screens/DashboardScreen')) },
  { path: '/sales/customers', name: 'Sales Customers', screen: lazy(() => import('./screens/CustomersScreen')) },
  { path: '/sales/territories', name: 'Sales Territories', screen: lazy(() => import('./screens/TerritoriesScreen')) },
  { path: '/sales/company/:id', name: 'Sales Company', screen: lazy(() => import('./screens/CompanyScreen')), keyBy: 'id' },
  { path: '/sales/huhy', name: 'How Did You Hear About Us', screen: lazy(() => import('./screens/HuhyScreen')) },
  { path: '/sales/reporting', name: 'Sales Reporting', screen: entry },
  { path: '/sales/reports', name: 'Sales Reporting', screen: entry },
  { path: '/sales/settings', name: 'Sales Settings', screen: lazy(() => import('./screens/SettingsScreen')) },
  { path: '/sales/debug/cac', name: 'Customer Acquisition Cost Check', screen: lazy(() => import('./screens/CacScreen')) },
  { path: `/sales/reports/${SALES_REPORTS.call.id}`, name: 'Number of Calls', screen: report },
  { path: `/sales/reports/${SALES_REPORTS.letter.id}`, name: 'Number of Letters Sent', screen: report },
  { path: `/sales/reports/${SALES_REPORTS.lead.id}`, name: 'New Leads Generated', screen: report },
  { path: `/sales/reports/${SALES_REPORTS.sale.id}`, name: 'Closed Sales', screen: report },
  { path: '/dtc/huhy/submit', name: 'How Did You Hear About Us?', screen: lazy(() => import('./screens/HuhySubmitScreen')), public: true, layout: false },
];

/** The sidebar's "Sales" entry already points at /sales/dashboard (spec 2.2); nothing to add. */
export const menu: MenuEntry[] = [];

/** The Sales section of a company's page: its activity timeline and pipeline, with logging. */
export const companySections: CompanyViewSection[] = [
  { id: 'sales', title: 'Sales', order: 35, component: lazy(() => import('./screens/CompanySalesSection')) },
];
