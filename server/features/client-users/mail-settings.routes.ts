import { CLIENT_MAIL, CLIENT_MAIL_EVENTS, UNSUBSCRIBE_EXPIRED_MESSAGE, UNSUBSCRIBE_INVALID_MESSAGE, UNSUBSCRIBE_PATH } from '@contracts/client-mail';
import { ERROR_CODES } from '@contracts/common/errors';
import { audit, clientActor, SYSTEM } from '@server/platform/audit';
import { clientOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import { ApiError, notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { mailSettings, readUnsubscribeToken, saveMailSettings, setContactMailEventOff, setMailEvent } from './mail-settings';
import { confirmPage, donePage, expiredPage, invalidPage } from './unsubscribe-page';

/** The signed-in client user's "Email me when…" settings. */
export const clientMailSettingsRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  route(app, CLIENT_MAIL.settings, async (_, request) => mailSettings(pool, clientOf(request).userId));
  route(app, CLIENT_MAIL.updateSettings, async ({ body }, request) => {
    const { userId } = clientOf(request);
    return inTransaction(pool, async (db) => {
      await saveMailSettings(db, userId, body, ctx.now());
      await audit(db, { actor: clientActor(userId), entity: 'client_user', entityId: userId, action: 'mail_settings_changed', detail: body });
      return mailSettings(db, userId);
    });
  });
};

const HTML = 'text/html; charset=utf-8';

/**
 * The one-click unsubscribe link (RFC 8058): GET shows a page that asks to confirm; POST (the
 * page's button, or a mail client's own button with `List-Unsubscribe=One-Click`) turns the
 * link's event off for its client user or ticket contact, without signing in. A link that is not valid shows a page saying
 * so on GET (what a person opened) and answers 404 as every API error on POST (nothing changed);
 * an authentic link past its days (docs/adr/0214) shows a page saying it expired, and answers 410 on POST.
 */
export const publicUnsubscribeRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  // Mail clients post the one-click body as a form (RFC 8058); its content is not needed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
  const what = (event: string) => CLIENT_MAIL_EVENTS.find((e) => e.event === event)!.unsubscribed;

  route(app, CLIENT_MAIL.unsubscribePage, async ({ params }, _request, reply) => {
    const link = await readUnsubscribeToken(pool, params.token, ctx.now());
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type(HTML);
    if (!link) return reply.send(invalidPage(UNSUBSCRIBE_INVALID_MESSAGE));
    if (link.expired) return reply.send(expiredPage(UNSUBSCRIBE_EXPIRED_MESSAGE, link.who.kind === 'user' ? ctx.config.publicUrl : null));
    return reply.send(confirmPage(what(link.event), link.email, `${UNSUBSCRIBE_PATH}/${params.token}`));
  });

  route(app, CLIENT_MAIL.unsubscribe, async ({ params }, _request, reply) => {
    const link = await inTransaction(pool, async (db) => {
      const found = await readUnsubscribeToken(db, params.token, ctx.now());
      if (!found) return null;
      if (found.expired) throw new ApiError(410, ERROR_CODES.notFound, UNSUBSCRIBE_EXPIRED_MESSAGE);
      const { who, event } = found;
      if (who.kind === 'user') {
        await setMailEvent(db, who.id, event, false, ctx.now());
        await audit(db, { actor: clientActor(who.id), entity: 'client_user', entityId: who.id, action: 'mail_unsubscribed', detail: { event } });
      } else {
        // A contact has no account to act as: the signed link stands for them.
        await setContactMailEventOff(db, who.id, event, ctx.now());
        await audit(db, { actor: SYSTEM, entity: 'contact', entityId: who.id, action: 'mail_unsubscribed', detail: { event, email: found.email } });
      }
      return found;
    });
    if (!link) throw notFound(UNSUBSCRIBE_INVALID_MESSAGE);
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type(HTML);
    return reply.send(donePage(what(link.event), link.email, link.who.kind === 'user' ? ctx.config.publicUrl : null));
  });
};
