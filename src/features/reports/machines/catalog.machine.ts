import { createQueryMachine } from '@/shared/machines/query.machine';
import { reportsApi } from '../api';

/** The catalog of reports (every feature's, grouped). */
export const reportCatalogMachine = createQueryMachine('reportCatalog', () => reportsApi.catalog());
/** The parameter bar's staff list. */
export const reportStaffMachine = createQueryMachine('reportStaff', () => reportsApi.staff());
/** The name of the company the address names (the parameter bar shows it, not its id). */
export const reportCompanyMachine = createQueryMachine('reportCompany', (id: number | null) => (id ? reportsApi.company(id) : Promise.resolve(null)));
