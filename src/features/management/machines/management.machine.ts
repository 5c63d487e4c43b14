import type { ManagementDrillQuery, ManagementScope } from '@contracts/management';
import { managementApi } from '../api';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { ROWS_PER_PAGE_ALL } from '@contracts/common/constants';
import { MANAGEMENT_PAGING } from '@contracts/management';
import { createServerTableMachine, type Row } from '@/shared/machines/table/table.machine';
import type { TableQuery } from '@/shared/machines/table/table.types';

/** The management dashboard's figures for a scope from the address (manager and admin only; the server checks the role and the team). */
export const managementDashboardMachine = createQueryMachine('managementDashboard', (scope: ManagementScope) => managementApi.dashboard(scope));

/** The list behind one figure, for the same scope. */
export const managementDrillMachine = createQueryMachine('managementDrill', (query: ManagementDrillQuery | null) => (query ? managementApi.drill(query) : Promise.resolve(null)));

/**
 * A paged list (the month's closed sales) in the shared data table, server mode: the table's page
 * and rows per page become the list's query ('All' asks for the largest page the server answers).
 */
export const managementPagedListMachine = (query: ManagementDrillQuery) =>
  createServerTableMachine(async (table: TableQuery) => {
    const all = table.pageSize === ROWS_PER_PAGE_ALL;
    const page = await managementApi.drill({ ...query, page: all ? 1 : table.page, pageSize: all ? MANAGEMENT_PAGING.pageSizeMax : table.pageSize });
    return { rows: page.rows as unknown as Row[], total: page.total };
  });
