/**
 * Email in: channels (an IMAP mailbox read by the app, or an SMTP listener), each message filed
 * once as a ticket, a note on the ticket it answers, or an entry of the review list. The readers
 * run in the app process, started when the app is ready and stopped when it closes. The only
 * file other code imports.
 */
import type { AppContext } from '@server/context';
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import { MailReaders } from './readers';
import { staffMailRoutes } from './staff.routes';

const READERS = new WeakMap<AppContext, MailReaders>();

/** The mail readers of an app (tests ask a reader to check now, or for its state). */
export const mailReadersOf = (ctx: AppContext): MailReaders | undefined => READERS.get(ctx);

export const mailIn: Feature = {
  name: 'mail-in',
  async register(app, ctx) {
    const readers = new MailReaders({ pool: ctx.database.pool, config: ctx.config, uploads: ctx.uploads, now: () => ctx.now() }, ctx.config.mailSecretKey, app.log);
    READERS.set(ctx, readers);
    app.addHook('onReady', async () => readers.startAll());
    app.addHook('onClose', async () => readers.stopAll());
    await staffRoutes(app, ctx, staffMailRoutes(() => readers));
  },
};

export { receiveMail, type Filed } from './mail-in.commands';
export { READER_DEFAULTS, type ReaderSettings } from './readers';
