import { createQueryMachine } from '@/shared/machines/query.machine';
import { reportsApi } from '../api';

/** The catalog of reports (every feature's, grouped). */
export const reportCatalogMachine = createQueryMachine('reportCatalog', () => reportsApi.catalog());
/** The parameter bar's staff list. */
export const reportStaffMachine = createQueryMachine('reportStaff', () => reportsApi.staff());
