/** Tickets: the staff desk and the client portal's tickets. The only file other code imports. */
import { clientRoutes, staffRoutes, type Feature } from '@server/platform/http/plugins';
import { referencedKeys } from './attachments.repo';
import { TicketChangesHub } from './changes-hub';
import { ticketChangesRoutes } from './changes.routes';
import { clientTicketRoutes } from './client.routes';
import { staffTicketRoutes } from './staff.routes';

export const tickets: Feature = {
  name: 'tickets',
  async register(app, ctx) {
    // The upload sweep keeps every file a ticket names (docs/adr/0139).
    ctx.uploads.referencedBy((keys) => referencedKeys(ctx.database.pool, keys));
    await staffRoutes(app, ctx, staffTicketRoutes);
    // An open ticket list hears of new and changed tickets (docs/adr/0220).
    const changes = new TicketChangesHub(ctx);
    app.addHook('onClose', async () => changes.stop());
    await staffRoutes(app, ctx, ticketChangesRoutes(changes));
    await clientRoutes(app, ctx, clientTicketRoutes);
  },
};

export { addClientReply, addContactReply, attachToTicket, createClientTicket, createMailTicket, loadView } from './tickets.repo';
export { searchTickets } from './search';

/** The tickets' events (assigned, a client or staff replied, status changed), for features that react to them. */
export { clientReplied, staffReplied, ticketAssigned, ticketStatusChanged } from './events';
