import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useMemo, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { PERCENT_DECIMALS } from '@contracts/common/constants';
import { severityLabel } from '@contracts/common/codes';
import { formatMonth } from '@contracts/common/dates';
import { chartSpec, severityTone, type ChartSpec } from '@contracts/charts';
import { formatMoney } from '@contracts/quote-money';
import { DRILL_FIGURES, DRILL_SORTS, DRILL_TITLES, MANAGEMENT_WINDOWS, isPagedFigure, type DrillFigure, type DrillRow, type ManagementDashboard, type ManagementDrill, type ManagementDrillQuery, type ManagementScope } from '@contracts/management';
import { managementScreenMachine, selectFiguresQuery, selectList, selectListError, selectListTable, type ManagementAddress } from '../machines/management-dashboard.machine';
import { Button } from '@/shared/ui/components/button/Button';
import { Spinner } from '@/shared/ui/Spinner';
import { Alert, Card, PageHeader, QueryView, Select, SkeletonTable, Stat } from '@/shared/ui/components';
import { Chart } from '@/shared/ui/chart';
import { DataTable, type DataTableColumn, type TableActorRef } from '@/shared/ui/data-table/DataTable';
import type { TableEvent } from '@/shared/machines/table/table.machine';
import { formatDate, formatDateTime } from '@/shared/ui/tokens/format';
import styles from './ManagementDashboard.module.css';

/** Priorities read from the most to the least urgent, whatever order the API lists them in. */
const PRIORITY_ORDER = ['C', 'H', 'M', 'L'];
const rank = (code: string) => (PRIORITY_ORDER.indexOf(code) + PRIORITY_ORDER.length + 1) % (PRIORITY_ORDER.length + 1);
const EVERYONE = 'everyone';
const ALL_PEOPLE = 'all';

/** The charts of the dashboard from its figures: open and unassigned tickets by priority, and each person's open and overdue work. */
function chartsOf(unsorted: ManagementDashboard): { severity: ChartSpec; team: ChartSpec; csat: ChartSpec; nps: ChartSpec } {
  const data = { ...unsorted, by_severity: [...unsorted.by_severity].sort((a, b) => rank(a.severity) - rank(b.severity)) };
  const severity = chartSpec({
    kind: 'horizontalBar',
    title: 'Open and unassigned tickets by priority',
    summary: data.by_severity.map((s) => `${severityLabel(s.severity)}: ${s.open} open, ${s.unassigned} unassigned`).join('; ') || 'No open tickets.',
    categories: data.by_severity.map((s) => severityLabel(s.severity)),
    categoryLabel: 'Priority',
    valueLabel: 'Tickets',
    series: [
      { name: 'Open tickets', values: data.by_severity.map((s) => s.open), tones: data.by_severity.map((s) => severityTone(s.severity)) },
      { name: 'Unassigned', values: data.by_severity.map((s) => s.unassigned) },
    ],
  });
  const busiest = [...data.team].sort((a, b) => b.open - a.open)[0];
  // Across, so every name reads in full.
  const team = chartSpec({
    kind: 'horizontalBar',
    title: 'Open work by person',
    summary: busiest ? `${busiest.name} has the most open tickets (${busiest.open}, ${busiest.overdue} overdue).` : 'No team members.',
    categories: data.team.map((m) => m.name),
    categoryLabel: 'Person',
    valueLabel: 'Tickets',
    series: [
      { name: 'Open, on time', values: data.team.map((m) => m.open - m.overdue), stack: 'open' },
      { name: 'Overdue', values: data.team.map((m) => m.overdue), stack: 'open' },
      { name: 'Closed (30 days)', values: data.team.map((m) => m.closed_30d) },
    ],
  });
  // Each month's point opens the responses it counts; a month without answers is a gap, not a zero.
  const months = data.trends.map((p) => formatMonthShort(p.month));
  const last = (pick: (p: ManagementDashboard['trends'][number]) => number | null) => [...data.trends].reverse().find((p) => pick(p) !== null);
  const lastCsat = last((p) => p.csat);
  const lastNps = last((p) => p.nps);
  const csat = chartSpec({
    kind: 'line',
    title: 'CSAT by month',
    summary: lastCsat ? `CSAT ${lastCsat.csat}% in ${formatMonthShort(lastCsat.month)} (${lastCsat.csat_responses} responses).` : 'No support survey answers in these months.',
    categories: months,
    categoryLabel: 'Month',
    valueLabel: 'CSAT',
    unit: 'percent',
    series: [{ name: 'CSAT', values: data.trends.map((p) => p.csat), drill: data.trends.map((p) => (p.csat_responses ? `csat:${p.month}` : null)) }],
  });
  const nps = chartSpec({
    kind: 'line',
    title: 'NPS by month',
    summary: lastNps ? `NPS ${lastNps.nps} in ${formatMonthShort(lastNps.month)} (${lastNps.nps_responses} responses).` : 'No client care survey answers in these months.',
    categories: months,
    categoryLabel: 'Month',
    valueLabel: 'NPS',
    series: [{ name: 'NPS', values: data.trends.map((p) => p.nps), drill: data.trends.map((p) => (p.nps_responses ? `nps:${p.month}` : null)) }],
  });
  return { severity, team, csat, nps };
}

/** A trend month (YYYY-MM) as "Nov 2026". */
const formatMonthShort = (month: string): string => formatMonth(month, { short: true });

/** The dashboard's state in the address: the scope, and the list open (its figure and filters). */
function readAddress(search: string): ManagementAddress {
  const params = new URLSearchParams(search);
  const num = (key: string) => {
    const v = Number(params.get(key));
    return Number.isInteger(v) && v > 0 ? v : undefined;
  };
  const scope: ManagementScope = {};
  if (num('manager')) scope.manager = num('manager');
  if (num('person')) scope.person = num('person');
  const list = params.get('list');
  if (!list || !(DRILL_FIGURES as readonly string[]).includes(list)) return { scope, drill: null };
  const drill: ManagementDrillQuery = { ...scope, figure: list as DrillFigure };
  if (params.get('severity')) drill.severity = params.get('severity')!;
  if (params.get('queue')) drill.queue = params.get('queue') as ManagementDrillQuery['queue'];
  if (params.get('month')) drill.month = params.get('month')!;
  return { scope, drill };
}

/** The address of the dashboard for a scope, with a list open or not. */
function hrefOf(scope: ManagementScope, list?: { figure: DrillFigure; severity?: string; queue?: string; person?: number; month?: string }): string {
  const params = new URLSearchParams();
  if (scope.manager) params.set('manager', String(scope.manager));
  const person = list?.person ?? scope.person;
  if (person) params.set('person', String(person));
  if (list) {
    params.set('list', list.figure);
    if (list.severity) params.set('severity', list.severity);
    if (list.queue) params.set('queue', list.queue);
    if (list.month) params.set('month', list.month);
  }
  const q = params.toString();
  return q ? `/mgmtdash?${q}` : '/mgmtdash';
}

const DRILL_COLUMNS: Record<'tickets' | 'approvals' | 'certifications' | 'sales' | 'csat' | 'nps' | 'utilisation' | 'coverage', Omit<DataTableColumn<DrillRow>, 'sortable'>[]> = {
  coverage: [
    { label: 'Team', field: 'title' },
    { label: 'On call', field: 'person' },
    { label: 'Gap', field: 'detail' },
    { label: 'From', field: 'date', cell: (r) => formatDateTime(r.date) },
    { label: 'To', field: 'until', cell: (r) => formatDateTime(r.until) },
  ],
  utilisation: [
    { label: 'Person', field: 'title' },
    { label: 'Hours this month', field: 'detail' },
  ],
  csat: [
    { label: 'Ticket', field: 'title', cell: (r) => (r.href ? <Link href={r.href}>{r.title}</Link> : r.title) },
    { label: 'Assignee', field: 'person' },
    { label: 'Answer', field: 'detail' },
    { label: 'Received', field: 'date', cell: (r) => (r.date ? formatDate(r.date) : '—') },
  ],
  nps: [
    { label: 'Company', field: 'title' },
    { label: 'Answer', field: 'detail' },
    { label: 'Received', field: 'date', cell: (r) => (r.date ? formatDate(r.date) : '—') },
  ],
  tickets: [
    { label: 'Ticket', field: 'title', cell: (r) => <Link href={r.href ?? '#'}>#{r.id} {r.title}</Link> },
    { label: 'Assignee', field: 'person' },
    { label: 'Priority and queue', field: 'detail', priority: 2 },
    { label: 'Due', field: 'date', cell: (r) => (r.date ? formatDate(r.date) : '—') },
  ],
  approvals: [
    { label: 'Request', field: 'title', cell: (r) => <Link href={r.href ?? '#'}>{r.title}</Link> },
    { label: 'Requester', field: 'person' },
    { label: 'Submitted', field: 'date', cell: (r) => (r.date ? formatDate(r.date) : '—') },
    { label: 'Age', field: 'detail' },
  ],
  certifications: [
    { label: 'Certification', field: 'title' },
    { label: 'Person', field: 'person' },
    { label: 'Expires', field: 'date', cell: (r) => (r.date ? formatDate(r.date) : '—') },
    { label: 'In', field: 'detail' },
  ],
  // Paged on the server, newest first: its sort goes to the server.
  sales: [
    { label: 'Company', field: 'title', cell: (r) => <Link href={r.href ?? '#'}>{r.title}</Link> },
    { label: 'Rep', field: 'person' },
    { label: 'Closed', field: 'date', cell: (r) => (r.date ? formatDate(r.date) : '—') },
    { label: 'Amount', field: 'detail' },
  ],
};
/** A list's columns, sortable where the list sorts by them (one rule, beside the contract: DRILL_SORTS). */
const columnsOf = (figure: DrillFigure): DataTableColumn<DrillRow>[] =>
  (figure === 'approvals' || figure === 'certifications' || figure === 'sales' || figure === 'csat' || figure === 'nps' || figure === 'utilisation' || figure === 'coverage' ? DRILL_COLUMNS[figure] : DRILL_COLUMNS.tickets).map((c) => ({
    ...c,
    sortable: (DRILL_SORTS[figure] as readonly string[]).includes(c.field),
  }));

function drillCaption(q: ManagementDrillQuery): string {
  const parts = [DRILL_TITLES[q.figure]];
  if (q.severity) parts.push(`${severityLabel(q.severity)} priority`);
  if (q.queue) parts.push(`${q.queue} queue`);
  if (q.month) parts.push(formatMonthShort(q.month));
  return parts.join(' · ');
}

function DrillList({ query, data, error, table, onRetry, onSort, closeHref }: { query: ManagementDrillQuery; data: ManagementDrill | null; error: string | null; table: TableActorRef | null; onRetry: () => void; onSort: (field: string, multi: boolean) => void; closeHref: string }) {
  const caption = drillCaption(query);
  const shown = useMemo(() => (table ? sortingThrough(table, onSort) : null), [table, onSort]);
  const columns = useMemo(() => columnsOf(query.figure), [query.figure]);
  return (
    <Card title={caption} description="The items behind the figure." padding="none" asRegion actions={<Link href={closeHref}>Close list</Link>}>
      {error ? (
        <Alert tone="danger" title="The list could not be loaded" live>
          {error}{' '}
          <Button size="sm" variant="secondary" onPress={onRetry}>
            Try again
          </Button>
        </Alert>
      ) : data && shown && data.figure === query.figure ? (
        <DataTable<DrillRow> actor={shown} caption={`${caption} (${data.total})`} columns={columns} rowKey="id" searchable={!isPagedFigure(query.figure)} />
      ) : (
        <SkeletonTable />
      )}
    </Card>
  );
}

/**
 * The list's table (the dashboard's machine holds it) as the data table sees it, except that a
 * header's sort goes to the dashboard's machine, which owns the list's order (docs/adr/0257).
 */
function sortingThrough(table: TableActorRef, sort: (field: string, multi: boolean) => void): TableActorRef {
  return new Proxy(table, {
    get(target, key) {
      if (key === 'send') return (event: TableEvent) => (event.type === 'sort.toggle' ? sort(event.field, event.multi) : target.send(event));
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A headed group of figures (Tickets, Service, People, Sales and billing); its tiles share one row on a desktop and pair up on a phone. */
function FigureGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className={styles.group}>
      <h2 id={id} className={styles.groupTitle}>
        {title}
      </h2>
      <div className={styles.tiles}>{children}</div>
    </div>
  );
}

/** One figure of the dashboard: its label, its value (a link to its list when `figure` is given) and a hint. */
function FigureTile({ label, value, figure, hint, alarm }: { label: string; value?: ReactNode; figure?: { value: number; href: string; label: string }; hint?: ReactNode; alarm?: boolean }) {
  const shown = figure ? <FigureLink {...figure} /> : value;
  return (
    <Card padding="compact">
      <Stat label={label} value={alarm ? <span className={styles.overdue}>{shown}</span> : shown} hint={hint} />
    </Card>
  );
}

/** A figure that opens its list. */
function FigureLink({ value, href, label }: { value: number; href: string; label: string }) {
  return (
    <Link href={href} className={styles.figure} aria-label={`${value} ${label}: show the list`}>
      {value}
    </Link>
  );
}

function ScopePicker({ figures, scope }: { figures: ManagementDashboard; scope: ManagementScope }) {
  const [, navigate] = useLocation();
  const teamItems = [{ id: EVERYONE, label: 'Everyone I may see' }, ...figures.scope.managers.map((m) => ({ id: String(m.id), label: `${m.name}'s team` }))];
  const peopleItems = [{ id: ALL_PEOPLE, label: 'Everyone in the team' }, ...figures.scope.people.map((p) => ({ id: String(p.id), label: p.name }))];
  return (
    <div className={styles.scope}>
      <Select
        label="Team"
        items={teamItems}
        value={scope.manager ? String(scope.manager) : EVERYONE}
        onChange={(k) => navigate(hrefOf(k && k !== EVERYONE ? { manager: Number(k) } : {}))}
      />
      <Select
        label="Person"
        items={peopleItems}
        value={scope.person ? String(scope.person) : ALL_PEOPLE}
        onChange={(k) => navigate(hrefOf({ ...(scope.manager ? { manager: scope.manager } : {}), ...(k && k !== ALL_PEOPLE ? { person: Number(k) } : {}) }))}
      />
    </div>
  );
}

function scopeLine(figures: ManagementDashboard): string {
  if (figures.scope.person) return `${figures.scope.person.name}'s work`;
  if (figures.scope.manager) return `${figures.scope.manager.name}'s team, every level below them`;
  return 'Everyone';
}

export default function ManagementDashboardScreen() {
  const search = useSearch();
  const { scope, drill } = useMemo(() => readAddress(search), [search]);
  const addressKey = JSON.stringify({ scope, drill });
  const actor = useActorRef(managementScreenMachine, { input: { scope, drill } });
  useEffect(() => {
    // The machine compares by value: the same address again loads nothing.
    actor.send({ type: 'address.set', scope, drill });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, addressKey]);
  const figuresQuery = useSelector(actor, selectFiguresQuery);
  // Try again goes through the screen's machine, which reloads its figures.
  const figuresView = useMemo(
    () => ({ subscribe: figuresQuery.subscribe.bind(figuresQuery), getSnapshot: () => figuresQuery.getSnapshot(), send: () => actor.send({ type: 'figures.reload' }) }),
    [actor, figuresQuery],
  );
  const data = useSelector(actor, (s) => s.context.figures);
  const listData = useSelector(actor, selectList);
  const listError = useSelector(actor, selectListError);
  const listTable = useSelector(actor, selectListTable);
  const sortList = useCallback((field: string, multi: boolean) => actor.send({ type: 'list.sort', field, multi }), [actor]);
  const charts = useMemo(() => (data ? chartsOf(data) : null), [data]);
  const list = (figure: DrillFigure, more: { severity?: string; queue?: string; person?: number; month?: string } = {}) => hrefOf(scope, { figure, ...more });
  // A trend point's key is "<figure>:<month>".
  const [, navigate] = useLocation();
  const trendHref = (key: string) => {
    const [figure, month] = key.split(':') as [DrillFigure, string];
    return list(figure, { month });
  };

  return (
    <>
      <PageHeader title="Management Dashboard" subtitle="Open, overdue and unassigned work, service level, approvals, people and sales of the team; every figure opens its list." />
      <QueryView actor={figuresView} loading={<Spinner label="Loading team figures" />} alertClassName={styles.alert}>
        {(figures) => (
          <>
            <ScopePicker figures={figures} scope={scope} />
            <p className={styles.scopeLine}>Showing: {scopeLine(figures)}</p>
            <section className={styles.kpis} aria-label="Team totals">
              <FigureGroup title="Tickets">
                <FigureTile label="Open tickets" figure={{ value: figures.open, href: list('open'), label: 'open tickets' }} />
                <FigureTile
                  label="Overdue"
                  figure={{ value: figures.overdue, href: list('overdue'), label: 'overdue tickets' }}
                  alarm={figures.overdue > 0}
                  hint={figures.open ? `${((100 * figures.overdue) / figures.open).toFixed(0)}% of open` : undefined}
                />
                <FigureTile
                  label="Unassigned"
                  figure={{ value: figures.unassigned, href: list('unassigned'), label: 'unassigned open tickets' }}
                  hint={figures.scope.manager || figures.scope.person ? "in the team's queues" : 'in every queue'}
                />
              </FigureGroup>
              <FigureGroup title="Service">
                <FigureTile label={`Closed, last ${MANAGEMENT_WINDOWS.closedDays} days`} value={figures.closed_30d} />
                <FigureTile
                  label="Closed on time"
                  value={figures.on_time_pct === null ? '—' : `${figures.on_time_pct.toFixed(PERCENT_DECIMALS)}%`}
                  hint={
                    <>
                      <FigureLink value={figures.sla.met} href={list('sla_met')} label="closed within due date" /> met,{' '}
                      <FigureLink value={figures.sla.missed} href={list('sla_missed')} label="closed late" /> late
                    </>
                  }
                />
                <FigureTile label="Coverage gaps" figure={{ value: figures.coverage.gaps, href: list('coverage'), label: 'on-call coverage gaps' }} hint={`next ${MANAGEMENT_WINDOWS.coverageDays} days`} />
              </FigureGroup>
              <FigureGroup title="People">
                <FigureTile
                  label="Approvals waiting"
                  figure={{ value: figures.approvals.waiting, href: list('approvals'), label: 'approvals waiting' }}
                  hint={figures.approvals.oldest_days === null ? 'None waiting on the team' : `Oldest ${figures.approvals.oldest_days} days`}
                />
                <FigureTile
                  label="Certifications expiring"
                  figure={{ value: figures.certifications.expiring, href: list('certifications'), label: 'certifications expiring' }}
                  hint={`within ${MANAGEMENT_WINDOWS.certificationDays} days`}
                />
              </FigureGroup>
              <FigureGroup title="Sales and billing">
                <FigureTile
                  label="Sales this month"
                  figure={{ value: figures.sales.sales, href: list('sales'), label: 'closed sales this month' }}
                  hint={
                    figures.sales.sales_target || figures.sales.revenue_target
                      ? `of ${figures.sales.sales_target} target · ${formatMoney(figures.sales.revenue)} of ${formatMoney(figures.sales.revenue_target)}`
                      : `No sales targets set · ${formatMoney(figures.sales.revenue)} closed`
                  }
                />
                <FigureTile
                  label="Utilisation this month"
                  value={figures.utilisation.pct === null ? '—' : `${figures.utilisation.pct.toFixed(0)}%`}
                  hint={
                    <>
                      {figures.utilisation.billable_hours} of {figures.utilisation.available_hours} hours billable ·{' '}
                      <FigureLink value={figures.utilisation.people} href={list('utilisation')} label="people with their hours" /> people
                    </>
                  }
                />
              </FigureGroup>
            </section>
            {drill ? <DrillList query={drill} data={listData} error={listError} table={listTable} onRetry={() => actor.send({ type: 'list.reload' })} onSort={sortList} closeHref={hrefOf(scope)} /> : null}
            <div className={styles.charts}>
              <BreakdownTable
                caption="Open, overdue and unassigned by priority"
                rows={[...figures.by_severity].sort((a, b) => rank(a.severity) - rank(b.severity)).map((s) => ({ ...s, key: s.severity, label: severityLabel(s.severity), filter: { severity: s.severity } }))}
                head="Priority"
                list={list}
              />
              <BreakdownTable
                caption="Open, overdue and unassigned by queue"
                rows={figures.by_queue.map((q) => ({ ...q, key: q.queue, label: q.queue, filter: { queue: q.queue } }))}
                head="Queue"
                list={list}
              />
            </div>
            {charts ? (
              <div className={styles.charts}>
                <Card>
                  <Chart spec={charts.team} height={Math.max(240, 48 * figures.team.length)} />
                </Card>
                <Card>
                  <Chart spec={charts.severity} height={220} />
                </Card>
              </div>
            ) : null}
            {charts ? (
              <div className={styles.charts}>
                <Card>
                  <Chart spec={charts.csat} height={240} drillHref={trendHref} onSelect={(key) => navigate(trendHref(key))} />
                </Card>
                <Card>
                  <Chart spec={charts.nps} height={240} drillHref={trendHref} onSelect={(key) => navigate(trendHref(key))} />
                </Card>
              </div>
            ) : null}
          </>
        )}
      </QueryView>
    </>
  );
}

type BreakdownRow = { key: string; label: string; open: number; overdue: number; unassigned: number; filter: { severity?: string; queue?: string } };

function BreakdownTable({ caption, rows, head, list }: { caption: string; rows: BreakdownRow[]; head: string; list: (f: DrillFigure, more: { severity?: string; queue?: string }) => string }) {
  return (
    <Card title={caption} padding="none">
      {rows.length ? (
        <table className={styles.table}>
          <caption className={styles.hidden}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{head}</th>
              <th scope="col" className={styles.num}>Open</th>
              <th scope="col" className={styles.num}>Overdue</th>
              <th scope="col" className={styles.num}>Unassigned</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.label}</th>
                <td className={styles.num}>
                  <FigureLink value={r.open} href={list('open', r.filter)} label={`open, ${r.label}`} />
                </td>
                <td className={styles.num}>
                  <FigureLink value={r.overdue} href={list('overdue', r.filter)} label={`overdue, ${r.label}`} />
                </td>
                <td className={styles.num}>
                  <FigureLink value={r.unassigned} href={list('unassigned', r.filter)} label={`unassigned, ${r.label}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={styles.empty}>No open tickets.</p>
      )}
    </Card>
  );
}
