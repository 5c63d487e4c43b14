/**
 * The staff ticket desk: search, create, view, notes, changes of status/severity/assignee/queue/
 * due date (each one a thread entry and an audit-log row), the WOC/WOT clock pause, time entries,
 * the active ticket stats and the home screen's own tickets. Registered behind the staff guard.
 * Every rule that depends on the time (due dates, overdue, the clock pause) reads the app's clock.
 */
import { HOME, HOME_DEFAULT_TIME_ZONE } from '@contracts/home';
import { TICKETS, type TicketView } from '@contracts/tickets';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import { notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { createOnce } from '@server/platform/idempotency';
import { deliverLater } from '@server/platform/mail/outbox';
import { sendStoredFile, withUploads } from '@server/platform/uploads';
import { findAttachment } from './attachments.repo';
import { searchTickets } from './search';
import { activeStaff, addStaffNote, addTime, attachToTicket, createStaffTicket, loadView, myDesk, ticketStats, updateTicket } from './tickets.repo';
import { TICKET_ATTACHMENTS } from '@contracts/ticket-attachments';
import { TICKET_VIEWS } from '@contracts/ticket-views';
import { STAFF_PREFERENCES } from '@contracts/staff-preferences';
import { deleteTicketView, rememberedPageSize, rememberPageSize, renameTicketView, saveTicketView, ticketViewsOf } from './views.repo';

export const staffTicketRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  /** The ticket as it now is (after a change that kept it, so it exists). */
  const viewOf = async (db: Parameters<typeof loadView>[0], id: number, now: Date): Promise<TicketView> => {
    const view = await loadView(db, id, now);
    if (!view) throw notFound('No such ticket');
    return view;
  };
  // A create answers what createOnce answers: the view, or on a retry the first answer again.
  route(app, TICKETS.search, async ({ query }) => searchTickets(pool, query, ctx.now()));

  // The search's views: built-in and the caller's own saved filters, each with its exact count.
  route(app, TICKET_VIEWS.list, async (_input, request) => ({ views: await ticketViewsOf(pool, staffOf(request).userId, ctx.now()) }));
  route(app, TICKET_VIEWS.create, async ({ body }, request) => inTransaction(pool, (db) => saveTicketView(db, staffOf(request).userId, body.name, body.filters)));
  route(app, TICKET_VIEWS.rename, async ({ params, body }, request) => renameTicketView(pool, staffOf(request).userId, params.id, body.name, ctx.now()));
  route(app, TICKET_VIEWS.remove, async ({ params }, request) => {
    await deleteTicketView(pool, staffOf(request).userId, params.id);
    return { ok: true as const };
  });

  // The rows per page a table remembers for the caller (docs/adr/0137).
  route(app, STAFF_PREFERENCES.pageSize, async ({ params }, request) => ({ size: await rememberedPageSize(pool, staffOf(request).userId, params.table) }));
  route(app, STAFF_PREFERENCES.rememberPageSize, async ({ params, body }, request) => {
    await rememberPageSize(pool, staffOf(request).userId, params.table, body.size, ctx.now());
    return { size: body.size };
  });

  route(app, HOME.myTickets, async ({ query }, request) => myDesk(pool, staffOf(request).userId, ctx.now(), query.tz ?? HOME_DEFAULT_TIME_ZONE));

  route(app, TICKETS.options, async ({ query }) => ({ staff: await activeStaff(pool, query.q), response_target_hours: ctx.config.responseTargetHours }));

  route(app, TICKETS.stats, async () => ticketStats(pool, ctx.now()));

  route(app, TICKETS.create, async ({ body }, request, reply) => {
    const now = ctx.now();
    return createOnce(request, reply, pool, async (db) => {
      const id = await createStaffTicket(db, ctx.config, body, { type: 'staff', id: staffOf(request).userId }, now);
      return { status: 201, body: await viewOf(db, id, now) };
    });
  });

  route(app, TICKETS.view, async ({ params }) => viewOf(pool, params.id, ctx.now()));

  route(app, TICKETS.update, async ({ params, body }, request) => {
    const now = ctx.now();
    await inTransaction(pool, (db) => updateTicket(db, ctx.config, params.id, body, staffOf(request).userId, now));
    return viewOf(pool, params.id, now);
  });

  // The note's files (multipart) are moved into place first; their rows commit with the note.
  route(app, TICKETS.addNote, async ({ params, body }, request, reply) => {
    const now = ctx.now();
    return withUploads(request, (files, keep) =>
      createOnce(request, reply, pool, async (db) => {
        const { outboxId } = await addStaffNote(db, ctx.config, params.id, body, staffOf(request).userId, now, files);
        return {
          status: 201,
          body: await viewOf(db, params.id, now),
          afterCommit: () => {
            keep();
            deliverLater(ctx, request.log, outboxId === null ? [] : [outboxId]);
          },
        };
      }),
    );
  });

  // The create form's files, sent once the ticket exists: moved into place, rows in one transaction.
  route(app, TICKET_ATTACHMENTS.attachStaff, async ({ params }, request, reply) => {
    const now = ctx.now();
    return withUploads(request, (files, keep) =>
      createOnce(request, reply, pool, async (db) => ({
        status: 201,
        body: { attachments: await attachToTicket(db, params.id, files, { type: 'staff', id: staffOf(request).userId }, now) },
        afterCommit: keep,
      })),
    );
  });

  route(app, TICKET_ATTACHMENTS.staff, async ({ params, query }, _request, reply) => {
    const file = await findAttachment(pool, params.id, params.attachmentId);
    if (!file) throw notFound('No such file on this ticket');
    return sendStoredFile(reply, ctx.uploads, file, query.variant);
  });

  route(app, TICKETS.addTime, async ({ params, body }, request, reply) => {
    const now = ctx.now();
    return createOnce(request, reply, pool, async (db) => {
      await addTime(db, params.id, body, staffOf(request).userId, now);
      return { status: 201, body: await viewOf(db, params.id, now) };
    });
  });
};
