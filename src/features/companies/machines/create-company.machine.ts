/** Create Company (/create/company): the shared create page's machine (`createPageMachine`) over the company form. */
import type { SnapshotFrom } from 'xstate';
import type { CompanyView, CreateCompanyInput } from '@contracts/companies';
import { createPageMachine, selectCreateForm } from '@/shared/machines/create-page.machine';
import { createCompanyMachine } from './companies.machines';

export const createCompanyScreenMachine = createPageMachine<CreateCompanyInput, CompanyView>(createCompanyMachine, {
  id: 'createCompanyScreen',
  record: 'company',
  // A failure is shown on the form (beside its field, or above the form when it belongs to none).
  notices: { saved: (r) => `Company ${r.company.name} created` },
  opened: (r) => `/company/${r.company.id}`,
  back: '/company/search',
  description: 'Create Company: the save and the page it opens (the new company, or the company search on Cancel).',
});

export const selectForm = (s: SnapshotFrom<typeof createCompanyScreenMachine>) => selectCreateForm<CreateCompanyInput, CompanyView>(s);
