/** The outbox, for admins: every email the system queued (sending is the mail platform's). */
import { registerMailDelivery, requeueFailedMail } from '@server/platform/mail/outbox';
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import { staffOutboxRoutes } from './staff.routes';

export const outbox: Feature = {
  name: 'outbox',
  register: async (app, ctx) => {
    // Mail goes out through a job per row, tried again while the SMTP server fails (docs/adr/0204);
    // a starting server queues again the failed mail no job holds.
    await registerMailDelivery(ctx);
    app.addHook('onReady', async () => {
      const queued = await requeueFailedMail(ctx);
      if (queued > 0) app.log.info({ queued }, 'failed mail queued again');
    });
    await staffRoutes(app, ctx, staffOutboxRoutes);
  },
};
