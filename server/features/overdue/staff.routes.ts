import { MANAGER_ROLES } from '@contracts/common/constants';
import { OVERDUE } from '@contracts/overdue';
import { staffOf } from '@server/platform/auth/guards';
import { route } from '@server/platform/http/endpoints';
import { forbidden } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { overdueTickets } from './overdue.repo';

/** A user's overdue tickets (the header badge, the modal, the CSV); managers may ask for anyone's. */
export const staffOverdueRoutes: Routes = (app, ctx) => {
  route(app, OVERDUE.check, async ({ body: { userId } }, request) => {
    const caller = staffOf(request);
    if (userId !== caller.userId && !MANAGER_ROLES.includes(caller.role)) {
      throw forbidden("Only a manager or admin may see another user's overdue tickets");
    }
    return { overdueTickets: await overdueTickets(ctx.database.pool, userId) };
  });
};
