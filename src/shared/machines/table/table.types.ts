/** Types of the data table: column options (spec 3), sort keys, queries. */

export type SortType = 'asc' | 'desc';
export type SortKey = { field: string; type: SortType };

/** A dropdown item: a plain value, or a text shown for a value. */
export type DropdownItem = string | number | { text: string; value: string | number };

export type ColumnFilterOptions = {
  enabled?: boolean;
  placeholder?: string;
  /** Items make the filter a dropdown; it applies at once. */
  filterDropdownItems?: readonly DropdownItem[];
  /** 'enter' applies a text filter only on Enter; otherwise after the 400 ms pause (or at once on Enter). */
  trigger?: 'enter';
  /** The value the filter starts with. */
  filterValue?: string;
};

/** How a cell value is read, compared and shown. */
/** How much a column matters when the table is narrow (see `ColumnOptions.priority`). */
export type ColumnPriority = 1 | 2 | 3 | 4;
export type ColumnType = 'text' | 'number' | 'money' | 'percent' | 'date' | 'boolean';

/** Column options of spec 3 (plus the value type the table needs to compare and format). */
export type ColumnOptions<Row = Record<string, unknown>> = {
  label: string;
  field: string;
  /** Reads the value when it is not `row[field]`. */
  value?: (row: Row) => unknown;
  hidden?: boolean;
  /**
   * How much the column matters when the table is narrow: 1 (default) always shows, 2 shows from
   * 600 px of table width, 3 from 900 px, 4 from 1200 px (wider than a laptop's table beside the
   * sidebar). Hidden columns come back through the column chooser.
   */
  priority?: ColumnPriority;
  sortable?: boolean;
  /** A CSS width, e.g. '120px'. */
  width?: string;
  tooltip?: string;
  filterOptions?: ColumnFilterOptions;
  firstSortType?: SortType;
  type?: ColumnType;
  /** For date columns: the format the values arrive in ('iso' or tokens yyyy MM dd HH mm ss). */
  dateInputFormat?: string;
  /** For date columns: the format shown (same tokens); defaults to the input format. */
  dateOutputFormat?: string;
  /** Leaves the column out of the global search. */
  globalSearchDisabled?: boolean;
};

/** What a server-mode endpoint receives. */
export type TableQuery = {
  page: number;
  /** -1 means all rows. */
  pageSize: number;
  sort: SortKey[];
  filters: Record<string, string>;
  search: string;
  /**
   * Server mode: the last row of the page before, when Next led to this page (and the query is
   * still the one it led to), so an endpoint with keyset paging continues right after it.
   */
  after?: Record<string, unknown>;
};

/** What a server-mode endpoint answers. */
export type TablePage<Row> = { rows: Row[]; total: number };
