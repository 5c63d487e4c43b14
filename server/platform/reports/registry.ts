/**
 * The report registry: every report of the catalog is a definition here. A feature declares its
 * reports in its `Feature` (`reports: [...]`, server/platform/http/plugins.ts) and the app
 * registers them all when it starts (server/app.ts), so no feature imports another to add a
 * report (docs/adr/0110-reports-plug-in-through-features.md). A definition says what the catalog
 * shows (meta), which SQL answers it, the table's columns, the chart, the one-line summary and,
 * per row and per chart point, the drill key that opens the matching list. The reports feature
 * runs them (table, CSV, PDF) under each definition's access rule.
 */
import type { ChartSpecInput } from '@contracts/charts';
import type { Role } from '@contracts/common/constants';
import type { ReportAccess, ReportColumn, ReportMeta, ReportParams, ReportRow, ResolvedPeriod } from '@contracts/reports';

/** A statement with positional parameters. */
export type SqlQuery = { text: string; values: unknown[] };

/**
 * Who runs a report: their staff id and role, and the people whose time they may see (the time
 * rule, docs/adr/0080: themselves and those they manage; null for an admin, who sees everyone's).
 */
export type ReportViewer = { userId: number; role: Role; people: number[] | null };

/** What a definition's functions get: the validated parameters, the period they resolve to, the time of the run, and who runs it. */
export type ReportRun = { params: ReportParams; period: ResolvedPeriod | null; now: Date; viewer: ReportViewer };

export type ReportDefinition = {
  meta: ReportMeta;
  /**
   * Who may run it and whose rows it shows (docs/adr/0104-report-access.md); the runner enforces
   * it. A report of per-person time (`{ rows: 'time' }`) puts `timeRows(run, p, column)` of the
   * reports feature's query.ts in its WHERE clause; the runner refuses to run one that does not.
   */
  access: ReportAccess;
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

/** True for a rule the runner knows (docs/adr/0104-report-access.md). */
export function isReportAccess(access: unknown): access is ReportAccess {
  if (access === 'staff' || access === 'managers') return true;
  if (typeof access !== 'object' || access === null) return false;
  const keys = Object.keys(access);
  return keys.length === 1 && ((access as { person?: unknown }).person === 'managers' || (access as { rows?: unknown }).rows === 'time');
}

/**
 * Adds reports to the catalog (the features' reports, when the app starts; a test's own). A second report with
 * an id replaces the first. A report without a declared access rule is refused: nobody could say
 * who may see it.
 */
export function registerReports(definitions: readonly ReportDefinition[]): void {
  for (const d of definitions) {
    if (!isReportAccess((d as { access?: unknown }).access)) {
      throw new Error(`Report ${d.meta.id} declares no access rule: give it access 'staff', 'managers', { person: 'managers' } or { rows: 'time' } (docs/adr/0104-report-access.md)`);
    }
  }
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
