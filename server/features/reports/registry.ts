/**
 * The report registry: every report of the catalog is a definition here, registered by the
 * feature that owns its data (see catalog.ts: one line per feature). A definition says what the
 * catalog shows (meta), which SQL answers it, the table's columns, the chart, the one-line
 * summary and, per row and per chart point, the drill key that opens the matching list.
 */
import type { ChartSpecInput } from '@contracts/charts';
import type { ReportColumn, ReportMeta, ReportParams, ReportRow, ResolvedPeriod } from '@contracts/reports';

/** A statement with positional parameters. */
export type SqlQuery = { text: string; values: unknown[] };

/** What a definition's functions get: the validated parameters, the period they resolve to, and the time of the run. */
export type ReportRun = { params: ReportParams; period: ResolvedPeriod | null; now: Date };

export type ReportDefinition = {
  meta: ReportMeta;
  /** A report of tickets as they are now: it takes no period. */
  snapshot?: boolean;
  columns: ReportColumn[];
  /**
   * The SQL, rows in the report's order with one field per column key (and any fields `drill`
   * reads). `limit` caps the rows (null: every row, for the CSV).
   */
  sql: (run: ReportRun, limit: number | null) => SqlQuery;
  /** A stored row as the table shows it (default: as it is). */
  mapRow?: (row: Record<string, unknown>, run: ReportRun) => ReportRow;
  /** The drill key of a row (the query of meta.drillRoute), null when no list matches it. */
  drill?: (row: ReportRow, run: ReportRun) => string | null;
  /** Drill keys of a row's cells by column key (a count that opens exactly what it counts). */
  cellDrill?: (row: ReportRow, run: ReportRun) => Record<string, string | null>;
  totals?: (rows: ReportRow[], run: ReportRun) => ReportRow | null;
  chart?: (rows: ReportRow[], run: ReportRun, drill: (string | null)[]) => ChartSpecInput | null;
  summary: (rows: ReportRow[], run: ReportRun) => string;
  /** The statement timeout of this report, when it differs from REPORT_SETTINGS.statementTimeoutMs. */
  timeoutMs?: number;
};

/** Collects positional parameters while a statement is written. */
export function sqlParams() {
  const values: unknown[] = [];
  return {
    values,
    p(v: unknown): string {
      values.push(v);
      return `$${values.length}`;
    },
  };
}

const REGISTRY = new Map<string, ReportDefinition>();

/** Adds reports to the catalog (a feature's reports, at start; a test's own). A second report with an id replaces the first. */
export function registerReports(definitions: readonly ReportDefinition[]): void {
  for (const d of definitions) REGISTRY.set(d.meta.id, d);
}

/** Takes a report out of the catalog (tests that registered one). */
export function unregisterReport(id: string): void {
  REGISTRY.delete(id);
}

export function reportDefinition(id: string): ReportDefinition | undefined {
  return REGISTRY.get(id);
}

export function reportDefinitions(): ReportDefinition[] {
  return [...REGISTRY.values()];
}
