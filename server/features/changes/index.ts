/**
 * Software change requests from request to release: the chart the server enforces, the
 * change-advisory step as a form of the approval engine, the project and quote they lead to, and
 * what QA's results do to them. The only writer of the SCR tables (the client portal raises its
 * clients' SCRs through `createScr`).
 */
import { onQaResult } from '@server/features/quality';
import { clientRoutes, publicRoutes, staffRoutes, type Feature } from '@server/platform/http/plugins';
import { changeForm } from './approval-form';
import { publicCalendarRoutes, staffCalendarRoutes } from './calendar.routes';
import { qaResult } from './changes.commands';
import { referencedKeys } from './changes.repo';
import { clientChangeRoutes } from './client.routes';
import { staffChangeRoutes } from './staff.routes';

export const changes: Feature = {
  name: 'changes',
  register: async (app, ctx) => {
    const deps = { publicUrl: ctx.config.publicUrl };
    changeForm(() => ctx.config.publicUrl);
    // The upload sweep keeps every file an SCR names.
    ctx.uploads.referencedBy((keys) => referencedKeys(ctx.database.pool, keys));
    onQaResult('changes', (db, outcome, now) => qaResult(db, deps, outcome, now));
    await staffRoutes(app, ctx, staffChangeRoutes);
    await staffRoutes(app, ctx, staffCalendarRoutes);
    await publicRoutes(app, ctx, publicCalendarRoutes);
    await clientRoutes(app, ctx, clientChangeRoutes);
  },
};

export { createScr } from './changes.commands';
