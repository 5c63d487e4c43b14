import type { ManagementDrillQuery, ManagementScope } from '@contracts/management';
import { managementApi } from '../api';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { ROWS_PER_PAGE_ALL } from '@contracts/common/constants';
import { DEFAULT_PAGED_SORT, DRILL_SORT_FIELDS, MANAGEMENT_PAGING, type DrillSortField } from '@contracts/management';
import { createServerTableMachine, type Row } from '@/shared/machines/table/table.machine';
import type { TableQuery } from '@/shared/machines/table/table.types';

/** The management dashboard's figures for a scope from the address (manager and admin only; the server checks the role and the team). */
export const managementDashboardMachine = createQueryMachine('managementDashboard', (scope: ManagementScope) => managementApi.dashboard(scope));

/** The list behind one figure, for the same scope. */
export const managementDrillMachine = createQueryMachine('managementDrill', (query: ManagementDrillQuery | null) => (query ? managementApi.drill(query) : Promise.resolve(null)));

/**
 * A paged list (the month's closed sales) in the shared data table, server mode: the table's page,
 * rows per page and sort become the list's query ('All' asks for the largest page the server
 * answers; the server sorts by one column, the table's first key).
 */
export const managementPagedListMachine = (query: ManagementDrillQuery) =>
  createServerTableMachine(async (table: TableQuery) => {
    const all = table.pageSize === ROWS_PER_PAGE_ALL;
    const key = table.sort[0];
    // The default order (newest first) goes unsaid.
    const named = key && (DRILL_SORT_FIELDS as readonly string[]).includes(key.field) && !(key.field === DEFAULT_PAGED_SORT.field && key.type === DEFAULT_PAGED_SORT.dir);
    const sort = named ? { sort: key.field as DrillSortField, dir: key.type } : {};
    const page = await managementApi.drill({ ...query, ...sort, page: all ? 1 : table.page, pageSize: all ? MANAGEMENT_PAGING.pageSizeMax : table.pageSize });
    return { rows: page.rows as unknown as Row[], total: page.total };
  });
