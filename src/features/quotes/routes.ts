import { lazy } from 'react';
import type { CompanyViewSection } from '@/features/companies';
import type { MenuEntry, StaffRoute } from '@/shared/routing';

const list = lazy(() => import('./screens/QuoteListScreen'));
const editor = lazy(() => import('./screens/QuoteEditorScreen'));

export const routes: StaffRoute[] = [
  { path: '/quote/list', name: 'Support Quote', screen: list },
  { path: '/quote/index', name: 'Quotes', screen: lazy(() => import('./screens/QuoteIndexScreen')) },
  { path: '/quote/item/management', name: 'Item Management', screen: lazy(() => import('./screens/CatalogScreen')) },
  { path: '/quote/new/client', name: 'New Client Quote', screen: editor },
  { path: '/quote/edit/:id', name: 'Edit Quote', screen: editor, keyBy: 'id' },
  { path: '/quote/pdf-organization-tester', name: 'Quote PDF Layout Tester', screen: lazy(() => import('./screens/PdfTesterScreen')) },
  { path: '/quote/view/:id', name: 'Quote', screen: lazy(() => import('./screens/QuoteViewScreen')), keyBy: 'id' },
  { path: '/sales/quote/:id', name: 'Sales Quote', screen: lazy(() => import('./screens/SalesQuoteViewScreen')), keyBy: 'id' },
  { path: '/sales/quotes', name: 'Sales Quotes', screen: lazy(() => import('./screens/SalesQuotesScreen')) },
  // The client's page of a sent quote: public, outside the staff layout, opened by its key.
  { path: '/quote/accept/:key', name: 'Your Quote', screen: lazy(() => import('./screens/QuoteAcceptScreen')), public: true, layout: false },
];

/** Entries of the Quote group of the menu (spec 2.2). */
export const menu: MenuEntry[] = [
  { label: 'Support Quote', target: { route: '/quote/list' } },
  { label: 'Item Management', target: { route: '/quote/item/management' } },
];

/** What this feature adds to a company's page (listed in src/app/company-sections.ts); it loads when first shown. */
export const companySections: CompanyViewSection[] = [
  { id: 'quotes', title: 'Quotes', order: 30, component: lazy(() => import('./screens/CompanyQuotesSection')) },
];
