/**
 * Which columns a data table shows: the column's priority against the table's width, then the
 * user's own choice from the column chooser (remembered per table in localStorage, through the
 * store the table machine is given).
 */
import type { ColumnOptions, ColumnPriority } from './table.types';

/** The table width (px) from which a column of each priority shows. */
export const PRIORITY_MIN_WIDTH: Record<ColumnPriority, number> = { 1: 0, 2: 600, 3: 900, 4: 1200 };

/** The user's choice: a field set to true is shown, false is hidden, absent follows the priority. */
export type ColumnChoice = Record<string, boolean>;

/** The localStorage key of one table's column choice. */
export const columnChoiceKey = (tableId: string) => `cc.table.${tableId}.columns`;

export function readColumnChoice(storage: Pick<Storage, 'getItem'> | undefined, tableId: string | undefined): ColumnChoice {
  if (!storage || !tableId) return {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(columnChoiceKey(tableId)) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, boolean] => typeof e[1] === 'boolean'));
  } catch {
    return {};
  }
}

export function writeColumnChoice(storage: Pick<Storage, 'setItem'> | undefined, tableId: string | undefined, choice: ColumnChoice) {
  if (!storage || !tableId) return;
  try {
    storage.setItem(columnChoiceKey(tableId), JSON.stringify(choice));
  } catch {
    // A full or blocked storage only loses the remembered choice.
  }
}

/** Where a table machine reads its column choice at start and writes each new choice. */
export type ColumnChoiceStore = { read(): ColumnChoice; write(choice: ColumnChoice): void };

/** One table's column choice in a storage area (the browser's localStorage), or none without a table name. */
export function columnChoiceStore(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, tableId: string | undefined): ColumnChoiceStore | undefined {
  if (!storage || !tableId) return undefined;
  return { read: () => readColumnChoice(storage, tableId), write: (choice) => writeColumnChoice(storage, tableId, choice) };
}

/** Whether the column fits at this width by its priority (an unknown width counts as wide). */
export const fitsWidth = (column: Pick<ColumnOptions, 'priority'>, width: number | null) =>
  width === null || width >= PRIORITY_MIN_WIDTH[column.priority ?? 1];

/** The columns shown: never the `hidden` ones; the user's choice wins over the priority. */
export function shownColumns<C extends Pick<ColumnOptions, 'field' | 'hidden' | 'priority'>>(columns: readonly C[], width: number | null, choice: ColumnChoice): C[] {
  return columns.filter((c) => !c.hidden && (choice[c.field] ?? fitsWidth(c, width)));
}

/** The columns the chooser offers: every column that is not permanently hidden. */
export const choosableColumns = <C extends Pick<ColumnOptions, 'hidden'>>(columns: readonly C[]) => columns.filter((c) => !c.hidden);
