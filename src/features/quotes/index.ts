/**
 * Quotes and the item catalog (staff), and the client's page of a sent quote. What other features
 * may use: the company-view section, the pipeline machine and chart (sales), the money rules.
 */
import { lazy } from 'react';
import type { RegisteredMachine } from '@/shared/machine-registry';
import { itemManagementMachine } from './machines/item-management.machine';
import { quoteEditorMachine } from './machines/quote-editor.machine';
import { quoteRecordMachine } from './machines/quote-record.machine';

export { menu, routes } from './routes';
/** The company view's Quotes section (`<CompanyQuotesSection companyId={id} />`), loaded with the company page. */
export const CompanyQuotesSection = lazy(() => import('./screens/CompanyQuotesSection'));
export { pipelineMachine, quoteTableMachine } from './machines/quotes.machines';
export { quotesApi } from './api';

export const machines: RegisteredMachine[] = [
  {
    id: 'quote-editor',
    machine: quoteEditorMachine,
    description: 'The quote editor: autosaving drafts with retries and a local copy, read-only sent quotes, revisions, the PDF; the focus and the picker move with a new quote to its address.',
  },
  { id: 'quote-record', machine: quoteRecordMachine, description: "A quote's record for staff: decisions recorded by staff, the next revision, the PDF." },
  { id: 'item-management', machine: itemManagementMachine, description: 'Item Management: the catalog item form, the CSV import (preview, then all rows or none) and the export.' },
];

