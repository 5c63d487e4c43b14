import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type Key } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { QUEUES, SEVERITIES, TICKET_STATUSES } from '@contracts/common/codes';
import { fieldErrors } from '@contracts/common/errors';
import {
  DEFAULT_PERIOD,
  GRANULARITIES,
  PERIOD_PRESETS,
  RATING_FILTERS,
  REPORT_SETTINGS,
  REPORT_STATUS_ANY,
  REPORT_STATUS_OPEN,
  SURVEY_KINDS,
  dayIn,
  periodPresetsOf,
  reportParamsSchema,
  reportSearchParams,
  type ReportCatalogEntry,
  type ReportColumn,
  type ReportParamName,
  type ReportParamsInput,
  type ReportResult,
  type ReportRow,
} from '@contracts/reports';
import { formatChartValue } from '@contracts/charts';
import { formatNps } from '@contracts/surveys';
import { readerZone, reportsApi } from '../api';
import { reportCatalogMachine, reportCompanyMachine, reportStaffMachine } from '../machines/catalog.machine';
import { liveReportViewerMachine } from '../machines/report-viewer.live';
import styles from './reports.module.css';
import { usePageTitle } from '@/shared/page-title';
import { Chart } from '@/shared/ui/chart';
import { CellText, DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { Alert, Breadcrumbs, Button, Card, ComboBox, DatePicker, EmptyState, PageHeader, Select, SkeletonCard, SkeletonTable } from '@/shared/ui/components';
import { formatDay, formatMonth } from '@contracts/common/dates';
import { formatDateTime } from '@/shared/ui/tokens/format';

const PARAM_KEYS = ['period', 'from', 'to', 'company', 'assignee', 'queue', 'severity', 'status', 'granularity', 'kind', 'rating', 'tz'] as const;

/** The message of a custom period whose start is after its end (the API answers the same with a 400). */
export const RANGE_ERROR = 'The end date must be on or after the start date.';

/** The report and its parameters as the address holds them. */
function fromAddress(search: string): { report: string; params: ReportParamsInput; raw: Record<string, string> } {
  const url = new URLSearchParams(search);
  const raw: Record<string, string> = {};
  for (const k of PARAM_KEYS) {
    const v = url.get(k);
    if (v) raw[k] = v;
  }
  return { report: url.get('report') ?? '', params: raw as ReportParamsInput, raw };
}

const options = (entries: Record<string, string>) => Object.entries(entries).map(([id, label]) => ({ id, label }));

const STATUS_OPTIONS = [{ id: REPORT_STATUS_OPEN, label: 'Open (not closed)' }, { id: REPORT_STATUS_ANY, label: 'Any status' }, ...options(TICKET_STATUSES)];
const ANY = '';

/**
 * The Assignee choices: the people the catalog says the caller may name (everyone when it names
 * none), and what leaving it empty means: the whole desk, or (a report of per-person time) every
 * row the caller may see, which is their own or their team's.
 */
function assigneeChoices(meta: ReportCatalogEntry, staff: { id: number; name: string }[]): { any: string; people: { id: number; name: string }[] } {
  const allowed = meta.assignees;
  if (!allowed) return { any: 'Anyone', people: staff };
  const people = staff.filter((s) => allowed.includes(s.id));
  const timeRows = typeof meta.access === 'object' && 'rows' in meta.access;
  return { any: timeRows ? (allowed.length > 1 ? 'You and your team' : 'Only you') : 'Anyone', people };
}

/** The company parameter: its name fetched when the address names one, then any company by name. */
function CompanyParam({ id, onChange }: { id: number | undefined; onChange: (id: Key) => void }) {
  const named = useActorRef(reportCompanyMachine, { input: { query: id ?? null } });
  const name = useSelector(named, (s) => (id && s.context.data?.id === id ? s.context.data.name : null));
  const failed = useSelector(named, (s) => Boolean(s.context.error));
  const shown = id ? (name ?? (failed ? `Company #${id}` : '')) : '';
  return (
    <ComboBox
      key={`${id ?? ''}-${shown}`}
      label="Company"
      placeholder={id && !shown ? 'Loading…' : 'Any company'}
      defaultInputValue={shown}
      loader={async (text, signal) => (await reportsApi.companies(text, signal)).map((c) => ({ id: String(c.id), label: c.name }))}
      onSelectionChange={(k) => k !== null && onChange(k)}
    />
  );
}

function ParameterBar({ meta, params, onChange }: { meta: ReportCatalogEntry; params: ReportParamsInput; onChange: (next: ReportParamsInput) => void }) {
  const staffQuery = useActorRef(reportStaffMachine, { input: {} });
  const staff = useSelector(staffQuery, (s) => s.context.data ?? []);
  const assignees = assigneeChoices(meta, staff);
  const takes = (p: ReportParamName) => meta.params.includes(p);
  const set = (key: keyof ReportParamsInput, value: Key | null) => {
    const next: Record<string, unknown> = { ...params, [key]: value === null || value === ANY ? undefined : String(value) };
    if (key === 'period' && value !== 'custom') {
      delete next.from;
      delete next.to;
    }
    if (key === 'period' && value === 'custom' && !params.from) {
      // This month so far, in the zone the report counts days in.
      const today = dayIn(new Date(), params.tz ?? readerZone());
      next.from = `${today.slice(0, 8)}01`;
      next.to = today;
    }
    onChange(next as ReportParamsInput);
  };
  const period = params.period ?? meta.defaultPeriod ?? DEFAULT_PERIOD;
  const backwards = Boolean(params.from && params.to && params.from > params.to);
  const presets = periodPresetsOf(meta).map((id) => ({ id, label: PERIOD_PRESETS[id] }));
  const anyOf = (label: string, entries: { id: string; label: string }[]) => [{ id: ANY, label }, ...entries];
  return (
    <Card padding="compact">
      <form className={styles.bar} aria-label="Report parameters" onSubmit={(e) => e.preventDefault()}>
        {takes('period') ? <Select label="Period" items={presets} selectedKey={period} onSelectionChange={(k) => set('period', k)} /> : null}
        {takes('period') && period === 'custom' ? (
          <>
            <DatePicker label="From" value={params.from ?? null} onChange={(v) => v && onChange({ ...params, from: v })} />
            <DatePicker label="To" value={params.to ?? null} errorMessage={backwards ? RANGE_ERROR : undefined} onChange={(v) => v && onChange({ ...params, to: v })} />
          </>
        ) : null}
        {takes('granularity') ? <Select label="Per" items={options(GRANULARITIES)} selectedKey={params.granularity ?? 'week'} onSelectionChange={(k) => set('granularity', k)} /> : null}
        {takes('status') ? (
          <Select label="Status" items={STATUS_OPTIONS} selectedKey={params.status ?? (meta.id === 'ticket-list' ? REPORT_STATUS_ANY : REPORT_STATUS_OPEN)} onSelectionChange={(k) => set('status', k)} />
        ) : null}
        {takes('severity') ? <Select label="Priority" items={anyOf('Any priority', options(SEVERITIES))} selectedKey={params.severity ?? ANY} onSelectionChange={(k) => set('severity', k)} /> : null}
        {takes('queue') ? <Select label="Queue" items={anyOf('Any queue', QUEUES.map((q) => ({ id: q, label: q })))} selectedKey={params.queue ?? ANY} onSelectionChange={(k) => set('queue', k)} /> : null}
        {takes('assignee') ? (
          <Select
            label="Assignee"
            items={anyOf(assignees.any, assignees.people.map((s) => ({ id: String(s.id), label: s.name })))}
            selectedKey={params.assignee ? String(params.assignee) : ANY}
            onSelectionChange={(k) => set('assignee', k)}
          />
        ) : null}
        {takes('company') ? <CompanyParam key={String(params.company ?? '')} id={params.company ? Number(params.company) : undefined} onChange={(k) => set('company', k)} /> : null}
        {takes('kind') ? <Select label="Survey" items={anyOf('Both surveys', options(SURVEY_KINDS))} selectedKey={params.kind ?? ANY} onSelectionChange={(k) => set('kind', k)} /> : null}
        {takes('rating') ? <Select label="Rating" items={anyOf('Any rating', options(RATING_FILTERS))} selectedKey={params.rating ?? ANY} onSelectionChange={(k) => set('rating', k)} /> : null}
      </form>
    </Card>
  );
}

const TYPE: Record<ReportColumn['kind'], DataTableColumn<ReportRow>['type']> = { text: 'text', date: 'text', count: 'number', hours: 'number', percent: 'number', money: 'money', nps: 'number' };

/** A date cell: an instant to the minute, a day and a month in words ("Nov 16, 2026", "Nov 2026"); other text ("Total") as it is. */
function dateCell(value: string): string {
  if (value.length > 10) return formatDateTime(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(value);
  if (/^\d{4}-\d{2}$/.test(value)) return formatMonth(value, { short: true });
  return value;
}

/** A cell as people read it: counts with separators, hours and percents with their unit, timestamps in the one date format. */
export function formatCell(value: ReportRow[string], kind: ReportColumn['kind']): string {
  if (value === null || value === undefined || value === '') return kind === 'text' || kind === 'date' ? '' : '—';
  if (kind === 'date') return typeof value === 'string' ? dateCell(value) : String(value);
  if (kind === 'text') return String(value);
  if (kind === 'nps') return formatNps(Number(value));
  return formatChartValue(Number(value), { unit: kind === 'hours' || kind === 'percent' || kind === 'money' ? kind : 'count' });
}

function ResultView({ result, onDrill }: { result: ReportResult; onDrill: (href: string) => void }) {
  const rows = useMemo(() => result.rows.map((r, i) => ({ ...r, __row: i, __drill: result.drill[i] ?? null })), [result]);
  const columns = useMemo<DataTableColumn<ReportRow>[]>(
    () =>
      result.columns.map((c, ci) => ({
        label: c.label,
        field: c.key,
        type: TYPE[c.kind],
        cell: (row: ReportRow) => {
          const text = formatCell(row[c.key] ?? null, c.kind);
          // A count with its own drill-down opens exactly what it counts; the first cell opens the row's.
          const cellHref = result.cellDrill?.[c.key]?.[row.__row as number] ?? null;
          const href = row.__drill as string | null;
          // Long text (titles, comments, descriptions) is cut to the column with the full text on hover.
          return (
            <CellText text={text}>
              {cellHref ? (
                <Link href={cellHref} aria-label={`${text} ${c.label.toLowerCase()}, ${String(row[result.columns[0]!.key] ?? '')}: open the list`}>
                  {text}
                </Link>
              ) : ci === 0 && href ? (
                <Link href={href}>{text || 'Open'}</Link>
              ) : (
                text
              )}
            </CellText>
          );
        },
      })),
    [result],
  );
  return (
    <div className={styles.stack}>
      <div>
        <p className={styles.summary} data-testid="report-summary">{result.summary}</p>
        <p className={styles.muted}>
          {result.period ? `Period: ${result.period.label}${result.period.tz && result.period.tz !== 'UTC' ? ` (days in ${result.period.tz.replace(/_/g, ' ')})` : ''}` : 'Tickets as they are now'} · generated {formatDateTime(result.generatedAt)} in {result.elapsedMs} ms
          {result.report.drillsTo ? ` · click the chart, a row or an underlined figure to open ${result.report.drillsTo}` : ''}
        </p>
      </div>
      {result.chart ? (
        <Card padding="compact">
          <Chart spec={result.chart} onSelect={onDrill} drillHref={(key) => key} />
        </Card>
      ) : null}
      {result.rows.length === 0 ? (
        <EmptyState title="Nothing to show" text="No data match these parameters; widen the period or clear a filter." />
      ) : (
        <>
          {result.capped ? (
            <Alert tone="info" title={`Showing the first ${REPORT_SETTINGS.rowCap} rows`}>
              The CSV export holds every row.
            </Alert>
          ) : null}
          <div className={styles.tableScroll}>
            <DataTable<ReportRow> key={result.generatedAt} caption={result.report.title} columns={columns} rows={rows} rowKey="__row" />
          </div>
          {result.totals ? (
            <dl className={styles.totals} aria-label="Totals">
              {result.columns.slice(1).map((c) =>
                [undefined, null, ''].includes(result.totals![c.key] as string | null | undefined) ? null : (
                  <div key={c.key}>
                    <dt>{c.label}</dt>
                    <dd>{formatCell(result.totals![c.key]!, c.kind)}</dd>
                  </div>
                ),
              )}
            </dl>
          ) : null}
        </>
      )}
    </div>
  );
}

function Elapsed({ since }: { since: number | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = since ? Math.max(0, (now - since) / 1000) : 0;
  return <>{seconds.toFixed(1)} s</>;
}

/**
 * Where a viewer lives: /report/view with the report in the address (default), or a route of its
 * own for one report (the sales reports: /sales/reports/number-of-calls), with its own crumbs.
 */
export type ReportViewPlace = { report: string; path: string; crumbs: { label: string; href: string }[] };

/** /report/view?report=…&…: one report with its parameters in the address. */
export default function ReportViewScreen({ place }: { place?: ReportViewPlace; params?: Record<string, string | undefined> }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const { report: inAddress, params, raw } = useMemo(() => fromAddress(search), [search]);
  const report = place?.report ?? inAddress;
  const parsed = useMemo(() => reportParamsSchema.safeParse(raw), [raw]);
  const catalogQuery = useActorRef(reportCatalogMachine, { input: {} });
  const catalog = useSelector(catalogQuery, (s) => s.context.data);
  const catalogFailed = useSelector(catalogQuery, (s) => s.matches('failed'));
  const meta = catalog?.reports.find((r) => r.id === report);
  // The catalog lists what the caller may run: a report it leaves out is not run (the server would
  // refuse it). Without a catalog, the server decides.
  const mayRun = Boolean(meta) || catalogFailed;
  const viewer = useActorRef(liveReportViewerMachine);
  const state = useSelector(viewer, (s) => s);
  const result = state.context.result;
  const key = reportSearchParams(report, params).toString();

  useEffect(() => {
    if (report && parsed.success && mayRun) viewer.send({ type: 'report.open', report, params });
    // The address decides: a new address (parameter bar, back, forward, a shared link) runs again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, mayRun]);

  const change = (next: ReportParamsInput) => {
    const query = reportSearchParams(report, next);
    if (place) query.delete('report');
    navigate(`${place?.path ?? '/report/view'}?${query.toString()}`);
  };
  const title = meta?.title ?? result?.report.title ?? 'Report';
  usePageTitle(title);
  const running = state.matches('running');
  const slow = state.hasTag('progress');
  const exporting = state.hasTag('exporting');
  const shownResult = result && result.report.id === report ? result : null;
  const allProblems = parsed.success ? null : fieldErrors(parsed.error.issues);
  // A backwards custom period is told at the To date picker; the alert holds the other problems.
  const backwards = Boolean(params.period === 'custom' && params.from && params.to && params.from > params.to);
  const problems = allProblems && Object.fromEntries(Object.entries(allProblems).filter(([field]) => !(backwards && field === 'to')));
  const hasProblems = Boolean(problems && Object.keys(problems).length);
  // The last export asked for, so a failed one can be tried again.
  const [lastExport, setLastExport] = useState<'csv' | 'pdf'>('csv');
  const exportAs = (kind: 'csv' | 'pdf') => {
    setLastExport(kind);
    viewer.send({ type: 'report.export', kind });
  };

  return (
    <>
      <PageHeader
        title={title}
        subtitle={meta?.description}
        breadcrumbs={<Breadcrumbs items={[...(place?.crumbs ?? [{ label: 'Reports', href: '/report/base' }]), { label: title }]} />}
        actions={
          <>
            <Button isDisabled={!state.matches('shown') || exporting} isPending={exporting} onPress={() => exportAs('csv')}>
              Export CSV
            </Button>
            <Button isDisabled={!state.matches('shown') || exporting} onPress={() => exportAs('pdf')}>
              Export PDF
            </Button>
          </>
        }
      />
      <div className={styles.stack}>
        {!report ? (
          <EmptyState title="No report chosen" text="Pick one from the catalog." actions={<Link href="/report/base">All reports</Link>} />
        ) : null}
        {catalog && report && !meta ? (
          <Alert tone="danger" title="Not among your reports">
            “{report}” is not a report you may run. <Link href="/report/base">Your reports</Link>
          </Alert>
        ) : null}
        {meta ? <ParameterBar meta={meta} params={params} onChange={change} /> : null}
        {problems && hasProblems ? (
          <Alert tone="danger" title="These parameters cannot be used" live>
            {Object.entries(problems).map(([field, text]) => `${field}: ${text}`).join('; ')}
          </Alert>
        ) : null}
        {backwards && !hasProblems ? <EmptyState title="Nothing run yet" text="Choose an end date on or after the start date, and the report runs." /> : null}
        {state.context.exported ? (
          <p className={styles.muted} role="status">
            Exported {state.context.exported}
          </p>
        ) : null}
        {state.context.exportError ? (
          <Alert tone="danger" title="The export failed" live>
            {state.context.exportError}{' '}
            <Button size="sm" isDisabled={!state.matches('shown') || exporting} onPress={() => exportAs(lastExport)}>
              {`Try the ${lastExport.toUpperCase()} again`}
            </Button>
          </Alert>
        ) : null}
        {running && slow ? (
          <Card padding="compact">
            <div className={styles.progress}>
              <div className={styles.progressRow}>
                <p className={styles.muted} role="status">
                  Running the report… <Elapsed since={state.context.startedAt} />
                </p>
                <Button variant="danger" size="sm" onPress={() => viewer.send({ type: 'report.cancel' })}>
                  Cancel
                </Button>
              </div>
              <div className={styles.progressTrack} role="progressbar" aria-label="Report running">
                <div className={styles.progressFill} />
              </div>
            </div>
          </Card>
        ) : null}
        {running && !shownResult ? (
          <div aria-busy="true" aria-label="Loading the report" className={styles.stack}>
            <SkeletonCard />
            <SkeletonTable />
          </div>
        ) : null}
        {state.matches('failed') ? (
          <Alert tone="danger" title="The report could not be run" live>
            {state.context.error} <Button size="sm" onPress={() => viewer.send({ type: 'report.retry' })}>Try again</Button>
          </Alert>
        ) : null}
        {state.matches('cancelled') ? (
          <Alert tone="warning" title="Report cancelled" live>
            {state.context.error ?? 'The query was stopped.'} <Button size="sm" onPress={() => viewer.send({ type: 'report.retry' })}>Run again</Button>
          </Alert>
        ) : null}
        {shownResult && (state.matches('shown') || running) ? (
          <div aria-busy={running || undefined}>
            <ResultView result={shownResult} onDrill={(href) => navigate(href)} />
          </div>
        ) : null}
      </div>
    </>
  );
}
