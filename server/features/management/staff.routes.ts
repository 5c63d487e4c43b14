import { DRILL_TITLES, MANAGEMENT, MANAGEMENT_WINDOWS, type DrillRow } from '@contracts/management';
import { requestsWaitingFrom } from '@server/features/approvals';
import { certificationsExpiringWithin } from '@server/features/people';
import { staffOf } from '@server/platform/auth/guards';
import { route } from '@server/platform/http/endpoints';
import type { Routes } from '@server/platform/http/plugins';
import type { Queryable } from '@server/platform/sql';
import { ticketFigures, ticketList, TICKET_FIGURES, type TicketFigure } from './management.repo';
import { resolveScope } from './scope';

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

async function certificationsOf(db: Queryable, ids: readonly number[], now: Date) {
  return (await certificationsExpiringWithin(db, dayOf(now), MANAGEMENT_WINDOWS.certificationDays)).filter((c) => ids.includes(c.staffId));
}

export const staffManagementRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  route(app, MANAGEMENT.dashboard, async ({ query }, request) => {
    const now = ctx.now();
    const scope = await resolveScope(pool, staffOf(request), query);
    const [tickets, waiting, certifications] = [await ticketFigures(pool, scope.ids, now), await requestsWaitingFrom(pool, scope.ids, now), await certificationsOf(pool, scope.ids, now)];
    return {
      scope: { manager: scope.manager, person: scope.person, people: scope.people, managers: scope.managers },
      ...tickets,
      approvals: { waiting: waiting.length, oldest_days: waiting[0]?.ageDays ?? null },
      certifications: { expiring: certifications.length },
    };
  });

  route(app, MANAGEMENT.drill, async ({ query }, request) => {
    const now = ctx.now();
    const scope = await resolveScope(pool, staffOf(request), query);
    const { figure } = query;
    let rows: DrillRow[];
    if (figure in TICKET_FIGURES) rows = await ticketList(pool, scope.ids, now, figure as TicketFigure, query);
    else if (figure === 'approvals')
      rows = (await requestsWaitingFrom(pool, scope.ids, now)).map((r) => ({ id: r.id, title: r.title, person: r.requester, detail: `Waiting ${plural(r.ageDays, 'day')}`, date: r.submittedOn, href: `/approvals/requests/${r.id}` }));
    else rows = (await certificationsOf(pool, scope.ids, now)).map((c) => ({ id: c.id, title: c.name, person: c.person, detail: `Expires in ${plural(c.daysLeft, 'day')}`, date: c.expiresOn, href: null }));
    return { figure, title: DRILL_TITLES[figure], rows };
  });
};
