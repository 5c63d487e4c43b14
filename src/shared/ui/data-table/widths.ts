/** Column widths of the data table: the width a column gets when it names none, and the table's floor. */
import type { Row } from '@/shared/machines/table/table.machine';
import type { ColumnOptions } from '@/shared/machines/table/table.types';

/** The narrowest a text column gets: its header and a few words stay readable. */
export const TEXT_COLUMN_MIN_WIDTH = '7rem';
/** The row checkbox column (matches `.check` in the module). */
const CHECK_COLUMN_WIDTH = '2.75rem';

/**
 * The table's minimum width: every fixed column at its width, every text column at
 * `TEXT_COLUMN_MIN_WIDTH`. With `table-layout: fixed` a table narrower than its fixed columns would
 * squeeze text columns to nothing (headers cut to an empty cell, body text spilling under the next
 * column); with this floor the columns keep their widths, header over body, and a box too narrow
 * for them scrolls sideways instead.
 */
export function tableMinWidth(columns: readonly ColumnOptions<Row>[], selectable: boolean): string {
  const parts = columns.map((c) => c.width ?? defaultWidth(c) ?? TEXT_COLUMN_MIN_WIDTH);
  if (selectable) parts.unshift(CHECK_COLUMN_WIDTH);
  return parts.length ? `calc(${parts.join(' + ')})` : '0px';
}

/** A width for columns that do not name one: numbers and dates are narrow, text shares the rest. */
export function defaultWidth(c: ColumnOptions<Row>): string | undefined {
  if (c.type === 'number' || c.type === 'boolean' || c.type === 'percent') return '6.5rem';
  if (c.type === 'money') return '8rem';
  if (c.type === 'date') return '8.5rem';
  return undefined;
}
