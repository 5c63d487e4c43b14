/** Admins configure mail channels and company mail domains; staff read received messages and file the review list. */
import { MAIL_CHANNELS, type mailChannelInputSchema } from '@contracts/mail-channels';
import { ERROR_CODES } from '@contracts/common/errors';
import type { z } from 'zod';
import { staffOf } from '@server/platform/auth/guards';
import { audit } from '@server/platform/audit';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import { ApiError, conflict, notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { FILE_CSP } from '@server/platform/uploads';
import type { AppContext } from '@server/context';
import { reviewMessage } from './mail-in.commands';
import { companyExists, findChannel, insertChannel, listChannels, messagePage, rawMessage, setCompanyDomains, updateChannel, withoutPassword, type ChannelValues } from './mail-in.repo';
import type { MailReaders } from './readers';
import { sealSecret } from './secret';

type ChannelInput = z.output<typeof mailChannelInputSchema>;

/** The stored values of a channel; a password is sealed with MAIL_SECRET_KEY (refused without it). */
function valuesOf(ctx: AppContext, input: ChannelInput, creating: boolean): ChannelValues {
  const imap = input.kind === 'imap';
  let password: string | null = null;
  if (imap && input.imapPassword) {
    if (!ctx.config.mailSecretKey) {
      throw new ApiError(400, ERROR_CODES.invalidInput, 'Mailbox passwords cannot be stored: the server has no MAIL_SECRET_KEY', { imapPassword: 'The server has no MAIL_SECRET_KEY to encrypt the password with' });
    }
    password = sealSecret(ctx.config.mailSecretKey, input.imapPassword);
  } else if (imap && creating) {
    throw new ApiError(400, ERROR_CODES.invalidInput, 'Enter the mailbox password', { imapPassword: 'Enter the mailbox password' });
  }
  return {
    name: input.name,
    kind: input.kind,
    enabled: input.enabled,
    address: input.address.toLowerCase(),
    queue: input.queue,
    severity: input.severity,
    imapHost: imap ? input.imapHost ?? null : null,
    imapPort: imap ? input.imapPort ?? null : null,
    imapTls: input.imapTls,
    imapUser: imap ? input.imapUser ?? null : null,
    imapPassword: password,
    imapFolder: input.imapFolder,
    listenHost: imap ? null : input.listenHost ?? null,
    listenPort: imap ? null : input.listenPort ?? null,
    maxBytes: input.maxBytes,
  };
}

const nameTaken = () => conflict('Another channel has this name', { name: 'Another channel has this name' });

export const staffMailRoutes =
  (readers: () => MailReaders): Routes =>
  (app, ctx) => {
    const pool = ctx.database.pool;
    const deps = { pool, config: ctx.config, uploads: ctx.uploads, now: () => ctx.now() };

    route(app, MAIL_CHANNELS.list, async () => (await listChannels(pool)).map(withoutPassword));

    route(app, MAIL_CHANNELS.create, async ({ body }, request, reply) => {
      const values = valuesOf(ctx, body, true);
      const id = await inTransaction(pool, async (db) => {
        const created = await insertChannel(db, values, ctx.now());
        if (!created) throw nameTaken();
        await audit(db, { actor: { type: 'staff', id: staffOf(request).userId }, entity: 'mail_channel', entityId: created, action: 'create', detail: { name: values.name, kind: values.kind, enabled: values.enabled } });
        return created;
      });
      const channel = (await findChannel(pool, id))!;
      await readers().restart(channel);
      reply.status(201);
      return withoutPassword((await findChannel(pool, id))!);
    });

    route(app, MAIL_CHANNELS.update, async ({ params, body }, request) => {
      const values = valuesOf(ctx, body, false);
      await inTransaction(pool, async (db) => {
        const before = await findChannel(db, params.id);
        if (!before) throw notFound('No such mail channel');
        if (values.kind === 'imap' && !values.imapPassword && !before.imapPassword) {
          throw new ApiError(400, ERROR_CODES.invalidInput, 'Enter the mailbox password', { imapPassword: 'Enter the mailbox password' });
        }
        if (!(await updateChannel(db, params.id, values, ctx.now()))) throw nameTaken();
        await audit(db, { actor: { type: 'staff', id: staffOf(request).userId }, entity: 'mail_channel', entityId: params.id, action: 'update', detail: { name: values.name, enabled: values.enabled, password: values.imapPassword ? 'changed' : 'kept' } });
      });
      await readers().restart((await findChannel(pool, params.id))!);
      return withoutPassword((await findChannel(pool, params.id))!);
    });

    route(app, MAIL_CHANNELS.messages, async ({ query }) => messagePage(pool, query));

    // The original bytes, shown as text and never as a page (a message may carry HTML or scripts).
    route(app, MAIL_CHANNELS.raw, async ({ params }, _request, reply) => {
      const raw = await rawMessage(pool, params.id);
      if (!raw) throw notFound('No such message');
      return reply.type('text/plain; charset=utf-8').header('content-security-policy', FILE_CSP).header('content-disposition', `inline; filename="message-${params.id}.eml"`).send(raw);
    });

    route(app, MAIL_CHANNELS.review, async ({ params, body }, request) =>
      reviewMessage({ ...deps, channelOf: (id) => findChannel(pool, id) }, params.id, body, staffOf(request).userId),
    );

    route(app, MAIL_CHANNELS.domains, async ({ body }, request) => {
      const domains = [...new Set(body.domains)];
      await inTransaction(pool, async (db) => {
        if (!(await companyExists(db, body.companyId))) throw notFound('No such company');
        const taken = await setCompanyDomains(db, body.companyId, domains);
        if (taken) throw conflict(`${taken} is listed by another company`, { domains: `${taken} is listed by another company` });
        await audit(db, { actor: { type: 'staff', id: staffOf(request).userId }, entity: 'company', entityId: body.companyId, action: 'mail-domains', detail: { domains } });
      });
      return { companyId: body.companyId, domains };
    });
  };
