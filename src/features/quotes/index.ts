/**
 * Quotes and the item catalog (staff), and the client's page of a sent quote. What other features
 * may use: the company-view section, the pipeline machine and chart (sales), the money rules.
 */
import { lazy } from 'react';
import type { RegisteredMachine } from '@/shared/machine-registry';
import { quoteEditorMachine } from './machines/quote-editor.machine';

export { menu, routes } from './routes';
/** The company view's Quotes section (`<CompanyQuotesSection companyId={id} />`), loaded with the company page. */
export const CompanyQuotesSection = lazy(() => import('./screens/CompanyQuotesSection'));
export { pipelineMachine, quoteTableMachine } from './machines/quotes.machines';
export { quotesApi } from './api';

export const machines: RegisteredMachine[] = [
  { id: 'quote-editor', machine: quoteEditorMachine, description: 'The quote editor: autosaving drafts with retries and a local copy, read-only sent quotes, revisions.' },
];

