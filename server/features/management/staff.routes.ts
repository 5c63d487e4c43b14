import { DEFAULT_PAGED_SORT, DRILL_TITLES, MANAGEMENT, MANAGEMENT_PAGING, MANAGEMENT_WINDOWS, type DrillRow, type DrillSort, type DrillSortField } from '@contracts/management';
import { requestsWaitingOn } from '@server/features/approvals';
import { availableHours, certificationsExpiringWithin, coverageGapsOfTeamsWith } from '@server/features/people';
import { billableMinutesOf } from '@server/features/time';
import { currentMonth, salesDashboard, salesOfRepsPage, type SalesOrder } from '@server/features/sales';
import { formatMoney } from '@contracts/quote-money';
import { staffOf } from '@server/platform/auth/guards';
import { route } from '@server/platform/http/endpoints';
import type { Routes } from '@server/platform/http/plugins';
import type { Queryable } from '@server/platform/sql';
import { namesOf, surveyList, surveyTrends, ticketFigures, ticketList, TICKET_FIGURES, type TicketFigure } from './management.repo';
import { everyoneIn, resolveScope } from './scope';

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

async function certificationsOf(db: Queryable, ids: readonly number[], now: Date) {
  return (await certificationsExpiringWithin(db, dayOf(now), MANAGEMENT_WINDOWS.certificationDays)).filter((c) => ids.includes(c.staffId));
}

/** This month's closed sales and revenue of the people in scope against their targets, as the sales dashboard counts them. */
async function salesOf(db: Queryable, ids: readonly number[], now: Date) {
  const month = currentMonth(now);
  const reps = (await salesDashboard(db, month)).reps.filter((r) => ids.includes(r.staffId));
  const sum = (f: (r: (typeof reps)[number]) => number) => reps.reduce((a, r) => a + f(r), 0);
  return { month, sales: sum((r) => r.actual.sale), sales_target: sum((r) => r.target.sale), revenue: sum((r) => r.actual.revenue), revenue_target: sum((r) => r.target.revenue) };
}

/** The sales list's columns as the sales feature orders them: the company (title), the rep (person), the day closed (date), the amount (detail). */
const SALES_ORDER: Record<DrillSortField, SalesOrder['by']> = { title: 'company', person: 'rep', date: 'day', detail: 'amount' };

/** One page of the month's closed sales of the people in scope in the order asked (newest first by default), and how many there are. */
async function salesList(
  db: Queryable,
  ids: readonly number[],
  now: Date,
  q: { page?: number | undefined; pageSize?: number | undefined; sort?: DrillSortField | undefined; dir?: DrillSort['dir'] | undefined },
): Promise<{ rows: DrillRow[]; total: number }> {
  const limit = q.pageSize ?? MANAGEMENT_PAGING.pageSize;
  const sort = q.sort ?? DEFAULT_PAGED_SORT.field;
  const dir = q.dir ?? (q.sort === undefined ? DEFAULT_PAGED_SORT.dir : 'asc');
  const { rows, total } = await salesOfRepsPage(db, ids, currentMonth(now), { offset: ((q.page ?? 1) - 1) * limit, limit }, { by: SALES_ORDER[sort], dir });
  return {
    rows: rows.map((a) => ({ id: a.id, title: a.companyName, person: a.staffName, detail: a.amountCents === null ? '—' : formatMoney(a.amountCents), date: a.occurredOn, href: `/sales/company/${a.companyId}` })),
    total,
  };
}

const hours = (n: number) => Math.round(n * 100) / 100;

/** Each person's billable and available hours this month (its first to its last day), by name. */
async function utilisationRows(db: Queryable, people: readonly { id: number; name: string }[], now: Date) {
  const from = `${dayOf(now).slice(0, 7)}-01`;
  const to = dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)));
  const billable = await billableMinutesOf(db, people.map((p) => p.id), from, to);
  const rows = [];
  for (const p of people) rows.push({ ...p, billable: hours((billable.get(p.id) ?? 0) / 60), available: await availableHours(db, p.id, from, to) });
  return rows;
}

async function utilisationOf(db: Queryable, people: readonly { id: number; name: string }[], now: Date) {
  const rows = await utilisationRows(db, people, now);
  const billable = hours(rows.reduce((a, r) => a + r.billable, 0));
  const available = hours(rows.reduce((a, r) => a + r.available.available, 0));
  return { month: dayOf(now).slice(0, 7), billable_hours: billable, available_hours: available, pct: available ? Math.round((10000 * billable) / available) / 100 : null, people: rows.length };
}

export const staffManagementRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  route(app, MANAGEMENT.dashboard, async ({ query }, request) => {
    const now = ctx.now();
    const scope = await resolveScope(pool, staffOf(request), query);
    const [tickets, trends, waiting, certifications, sales, utilisation, gaps] = [
      await ticketFigures(pool, scope.ids, now, everyoneIn(scope)),
      await surveyTrends(pool, scope.ids, now),
      await requestsWaitingOn(pool, scope.ids, now),
      await certificationsOf(pool, scope.ids, now),
      await salesOf(pool, scope.ids, now),
      await utilisationOf(pool, await namesOf(pool, scope.ids), now),
      await coverageGapsOfTeamsWith(pool, scope.ids, now, MANAGEMENT_WINDOWS.coverageDays),
    ];
    return {
      scope: { manager: scope.manager, person: scope.person, people: scope.people, managers: scope.managers },
      ...tickets,
      approvals: { waiting: waiting.length, oldest_days: waiting[0]?.ageDays ?? null },
      certifications: { expiring: certifications.length },
      sales,
      utilisation,
      coverage: { gaps: gaps.length, teams: new Set(gaps.map((g) => g.team)).size },
      trends,
    };
  });

  route(app, MANAGEMENT.drill, async ({ query }, request) => {
    const now = ctx.now();
    const scope = await resolveScope(pool, staffOf(request), query);
    const { figure } = query;
    let rows: DrillRow[];
    if ((TICKET_FIGURES as readonly string[]).includes(figure)) rows = await ticketList(pool, scope.ids, now, figure as TicketFigure, query, everyoneIn(scope));
    else if (figure === 'approvals')
      rows = (await requestsWaitingOn(pool, scope.ids, now)).map((r) => ({ id: r.id, title: r.title, person: r.requester, detail: `Waiting ${plural(r.ageDays, 'day')}`, date: r.submittedOn, href: `/approvals/requests/${r.id}` }));
    else if (figure === 'sales') {
      const page = await salesList(pool, scope.ids, now, query);
      return { figure, title: DRILL_TITLES[figure], rows: page.rows, total: page.total };
    }
    else if (figure === 'coverage')
      rows = (await coverageGapsOfTeamsWith(pool, scope.ids, now, MANAGEMENT_WINDOWS.coverageDays)).map((g, i) => ({
        id: i + 1,
        title: g.team,
        person: g.person ?? '—',
        detail: g.reason,
        date: g.startsAt,
        until: g.endsAt,
        href: null,
      }));
    else if (figure === 'utilisation')
      rows = (await utilisationRows(pool, await namesOf(pool, scope.ids), now)).map((r) => ({
        id: r.id,
        title: r.name,
        person: r.name,
        detail: `${r.billable} billable of ${r.available.available} available hours (${r.available.working} working, ${r.available.holidays} holidays, ${r.available.pto} leave)`,
        date: null,
        href: null,
      }));
    else if (figure === 'csat' || figure === 'nps') rows = await surveyList(pool, scope.ids, now, figure, query.month);
    else rows = (await certificationsOf(pool, scope.ids, now)).map((c) => ({ id: c.id, title: c.name, person: c.person, detail: `Expires in ${plural(c.daysLeft, 'day')}`, date: c.expiresOn, href: null }));
    return { figure, title: DRILL_TITLES[figure], rows, total: rows.length };
  });
};
