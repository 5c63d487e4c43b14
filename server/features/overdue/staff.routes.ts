import { MANAGER_ROLES } from '@contracts/common/constants';
import { OVERDUE } from '@contracts/overdue';
import { staffOf } from '@server/platform/auth/guards';
import { route } from '@server/platform/http/endpoints';
import { forbidden } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { overdueTicketsJson } from './overdue.repo';

/** A user's overdue tickets (the header badge, the modal, the CSV); managers may ask for anyone's. */
export const staffOverdueRoutes: Routes = (app, ctx) => {
  route(app, OVERDUE.check, async ({ body: { userId } }, request, reply) => {
    const caller = staffOf(request);
    if (userId !== caller.userId && !MANAGER_ROLES.includes(caller.role)) {
      throw forbidden("Only a manager or admin may see another user's overdue tickets");
    }
    // The list comes written by the database (docs/adr/0247): sent as it is, not parsed and written again.
    const list = await overdueTicketsJson(ctx.database.pool, userId);
    return reply.type('application/json; charset=utf-8').send(`{"overdueTickets":${list}}`);
  });
};
