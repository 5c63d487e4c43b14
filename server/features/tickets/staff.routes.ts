/**
 * The staff ticket desk: search, create, view, notes, changes of status/severity/assignee/queue/
 * due date (each one a thread entry and an audit-log row), the WOC/WOT clock pause, time entries,
 * the active ticket stats and the home screen's own tickets. Registered behind the staff guard.
 */
import { idParamsSchema } from '@contracts/common/input';
import {
  addNoteSchema,
  addTimeEntrySchema,
  createTicketSchema,
  ticketOptionsQuerySchema,
  ticketSearchQuerySchema,
  updateTicketSchema,
  type TicketOptions,
  type TicketStats,
} from '@contracts/tickets';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { notFound, parseInput } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { createOnce } from '@server/platform/idempotency';
import { searchTickets } from './search';
import { activeStaff, addStaffNote, addTime, createStaffTicket, loadView, myOpenTickets, ticketStats, updateTicket } from './tickets.repo';

export const staffTicketRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  app.get('/api/v2/tickets', async (request) => searchTickets(pool, parseInput(ticketSearchQuerySchema, request.query, 'query'), new Date()));

  app.get('/api/v2/tickets/mine', async (request) => ({ tickets: await myOpenTickets(pool, staffOf(request).userId) }));

  app.get('/api/v2/tickets/options', async (request): Promise<TicketOptions> => {
    const { q } = parseInput(ticketOptionsQuerySchema, request.query, 'query');
    return { staff: await activeStaff(pool, q), response_target_hours: ctx.config.responseTargetHours };
  });

  app.get('/api/v2/tickets/stats', async (): Promise<TicketStats> => ticketStats(pool, new Date()));

  app.post('/api/v2/tickets', async (request, reply) => {
    const input = parseInput(createTicketSchema, request.body);
    const now = new Date();
    return createOnce(request, reply, pool, async (db) => {
      const id = await createStaffTicket(db, ctx.config, input, { type: 'staff', id: staffOf(request).userId }, now);
      return { status: 201, body: await loadView(db, id, now) };
    });
  });

  app.get('/api/v2/tickets/:id', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const view = await loadView(pool, id, new Date());
    if (!view) throw notFound('No such ticket');
    return view;
  });

  app.patch('/api/v2/tickets/:id', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const input = parseInput(updateTicketSchema, request.body);
    const now = new Date();
    await inTransaction(pool, (db) => updateTicket(db, ctx.config, id, input, staffOf(request).userId, now));
    return loadView(pool, id, now);
  });

  app.post('/api/v2/tickets/:id/notes', async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const input = parseInput(addNoteSchema, request.body);
    const now = new Date();
    return createOnce(request, reply, pool, async (db) => {
      await addStaffNote(db, id, input, staffOf(request).userId, now);
      return { status: 201, body: await loadView(db, id, now) };
    });
  });

  app.post('/api/v2/tickets/:id/time', async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const input = parseInput(addTimeEntrySchema, request.body);
    const now = new Date();
    return createOnce(request, reply, pool, async (db) => {
      await addTime(db, id, input, staffOf(request).userId, now);
      return { status: 201, body: await loadView(db, id, now) };
    });
  });
};
