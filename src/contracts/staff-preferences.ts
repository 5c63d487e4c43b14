/**
 * A staff user's preferences that follow them across browsers (docs/adr/0137): for now the rows
 * per page of each data table that remembers it, by table name.
 */
import { z } from './common/zod';
import { ROWS_PER_PAGE_ALL, ROWS_PER_PAGE_OPTIONS } from './common/constants';
import { safeText } from './common/input';
import { endpoint } from './common/endpoint';

/** A table's name as the screens give it (`tableId`: "tickets", "client-users"). */
const TABLE_NAME = /^[a-z][a-z0-9-]{0,39}$/;
const TABLE_NAME_TEXT = 'table must be a table name: lowercase letters, digits and dashes, at most 40';
export const tableParamsSchema = z.strictObject({ table: safeText(TABLE_NAME_TEXT, 'table').regex(TABLE_NAME, TABLE_NAME_TEXT) });

/** The sizes the pager offers: its options, and All. */
export const PAGE_SIZE_CHOICES: readonly number[] = [...ROWS_PER_PAGE_OPTIONS, ROWS_PER_PAGE_ALL];
const SIZE_TEXT = `size must be one of ${ROWS_PER_PAGE_OPTIONS.join(', ')} or ${ROWS_PER_PAGE_ALL} (All)`;
export const pageSizeSchema = z.strictObject({
  size: z.number({ error: SIZE_TEXT }).refine((n) => PAGE_SIZE_CHOICES.includes(n), SIZE_TEXT),
});
/** The remembered size, or null when the user never chose one (the table's default then). */
export const rememberedPageSizeSchema = z.object({ size: z.number().nullable() });

export const STAFF_PREFERENCES = {
  pageSize: endpoint({
    method: 'GET',
    path: '/api/v2/preferences/table-size/:table',
    audience: 'staff',
    tag: 'Preferences',
    summary: 'The rows per page the caller last chose for a table (null: never chosen)',
    params: tableParamsSchema,
    response: rememberedPageSizeSchema,
  }),
  rememberPageSize: endpoint({
    method: 'PUT',
    path: '/api/v2/preferences/table-size/:table',
    audience: 'staff',
    tag: 'Preferences',
    summary: 'Remember the rows per page the caller chose for a table',
    params: tableParamsSchema,
    body: pageSizeSchema,
    response: rememberedPageSizeSchema,
  }),
} as const;
